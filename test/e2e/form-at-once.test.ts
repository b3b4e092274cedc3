// The form at once, in Chromium on the moving demo game: a warm overlay is open in the first frame the game draws
// after the hotkey, with a placeholder where the thumbnail goes; the game (which pauses on 'open') hears it after;
// keys typed before focus moved into the form (after that frame) are typed in it all the same.
import type { Browser } from 'playwright-core';
import { expect, test } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { inOverlay, openGame, overlay, overlayEval, useDemoGame } from './harness.ts';

let server: TestServer;
let browser: Browser;
useDemoGame((started, launched) => {
  server = started;
  browser = launched;
});

/**
 * Before the widget: the game's frame count at the hotkey, and from then on, in every animation frame (which runs
 * before that frame is painted), whether the overlay's dialog is open and what it shows in place of the thumbnail.
 */
function watchFirstFrames(): void {
  const w = window as any;
  const frame = () => w.__game?.state.frame as number;
  w.__seen = [];
  addEventListener(
    'keydown',
    (e: KeyboardEvent) => {
      if (e.key !== 'F8' || w.__keyFrame !== undefined) return;
      w.__keyFrame = frame();
      const look = () => {
        const root = document.querySelector<HTMLIFrameElement>('iframe[data-glitchbox]:not([hidden])')?.contentDocument;
        w.__seen.push({
          frame: frame(),
          open: !!root?.querySelector('dialog')?.open,
          placeholder: !!root?.querySelector('.gb-thumb-wait'),
          thumb: !!root?.querySelector('img.gb-thumb'),
        });
        if (w.__seen.length < 30) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    },
    true,
  );
}

test('shows the warm form in the first frame after the key, a placeholder until the frame is grabbed', async () => {
  const context = await browser.newContext();
  await context.addInitScript(watchFirstFrames);
  const page = await context.newPage();
  await openGame(page, server);
  // Past the idle warm-up (the overlay chunk loaded and rendered once unseen, from about 1.5 s on).
  await page.waitForFunction(() => performance.now() > 3500 && (window as any).__game.state.frame > 30);
  const heard: number[] = [];
  await page.exposeFunction('__heardOpen', (f: number) => heard.push(f));
  await page.evaluate(() =>
    (window as any).Glitchbox.on('open', () => (window as any).__heardOpen((window as any).__game.state.frame)),
  );

  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  await inOverlay(page).locator('img.gb-thumb').waitFor();
  await expect.poll(() => heard.length).toBe(1);
  const { keyFrame, seen } = await page.evaluate(() => ({
    keyFrame: (window as any).__keyFrame as number,
    seen: (window as any).__seen as { frame: number; open: boolean; placeholder: boolean; thumb: boolean }[],
  }));
  // The first animation frame after the key already has the dialog open, so the first frame painted shows it.
  expect(seen[0], JSON.stringify(seen.slice(0, 3))).toMatchObject({ open: true, placeholder: true, thumb: false });
  expect(seen[0].frame - keyFrame).toBeLessThanOrEqual(1);
  // The game drew the frame being grabbed before it heard 'open' (the frame the player saw is not a paused one).
  expect(heard[0]).toBeGreaterThan(keyFrame);
});

/** Before the widget: the keys that reach the game's window, and whether the form's document had focus then. */
function watchPageKeys(): void {
  const w = window as any;
  w.__pageKeys = [];
  addEventListener(
    'keydown',
    (e: KeyboardEvent) => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[data-glitchbox]:not([hidden])');
      w.__pageKeys.push({ key: e.key, formFocused: !!frame?.contentDocument?.hasFocus() });
    },
    true,
  );
}

test('keys typed right after the hotkey, before focus moved into the form, are typed in the description', async () => {
  const context = await browser.newContext();
  await context.addInitScript(watchPageKeys);
  const page = await context.newPage();
  await openGame(page, server);
  await page.waitForFunction(() => performance.now() > 3500 && (window as any).__game.state.frame > 30);

  // No wait between the hotkey and the typing: focus moves into the form after the frame that paints it.
  await page.keyboard.press('F8');
  await page.keyboard.type('jump');
  await inOverlay(page).locator('img.gb-thumb').waitFor();
  const pageKeys: { key: string; formFocused: boolean }[] = await page.evaluate(() => (window as any).__pageKeys);
  // The first typed key landed on the game's page with the form not yet focused: the case this test is about.
  expect(pageKeys.slice(0, 2), JSON.stringify(pageKeys)).toEqual([
    { key: 'F8', formFocused: false },
    { key: 'j', formFocused: false },
  ]);
  expect(await inOverlay(page).locator('#gb-desc').inputValue()).toBe('jump');
  expect(await overlayEval(page, (root) => root.activeElement?.id)).toBe('gb-desc');
  await context.close();
});
