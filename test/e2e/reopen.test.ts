// Opens in Chromium: the overlay's frame, made while idle after load, holds the next report's form hidden while closed
// and the key shows that form; each report starts empty; a frame the game removed or moved is made again and works.
import { createRequire } from 'node:module';
import type { Browser, Frame, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { inOverlay, issuesWith, openGameWith, overlay, overlayEval, overlayFrame, useDemoGame } from './harness.ts';

let server: TestServer;
let browser: Browser;
useDemoGame((started, launched) => {
  server = started;
  browser = launched;
});

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's violations in one document (the game's page, or the overlay's frame), scanned where it lives. */
async function axeViolations(where: Page | Frame): Promise<string[]> {
  await where.addScriptTag({ path: AXE });
  return where.evaluate(async () => {
    const r = await (window as any).axe.run(document, { resultTypes: ['violations'], iframes: false });
    return r.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
  });
}

const frames = (page: Page) => page.evaluate(() => document.querySelectorAll('iframe').length);
const gameKeys = (page: Page) => page.evaluate(() => (window as any).__game.state.keyEvents as number);

/** Opens with F8 and waits until the form has its thumbnail (the open's screenshot is in). */
async function open(page: Page): Promise<void> {
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  await inOverlay(page).locator('img.gb-thumb').waitFor({ timeout: 20_000 });
}

/** Closes with Esc (or the hotkey): the form is gone from view and focus is back on the game's canvas. */
async function closeWithEsc(page: Page, key = 'Escape'): Promise<void> {
  await page.keyboard.press(key);
  await expect.poll(() => page.locator('[data-glitchbox]:not([hidden])').count()).toBe(0);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('game');
}

/** What a player or assistive technology could reach of the kept frame while the form is closed. */
const closedFrame = (page: Page) =>
  page.evaluate(() => {
    const frame = document.querySelector<HTMLIFrameElement>('iframe[data-glitchbox]')!;
    const r = frame.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const style = getComputedStyle(frame);
    return {
      // Not painted, or (the first form's one unseen paint, ui/mount.tsx) at an opacity no screen shows.
      unseen: style.visibility === 'hidden' || Number(style.opacity) < 0.001,
      pointerEvents: getComputedStyle(frame).pointerEvents,
      hidden: frame.hidden,
      inert: frame.inert,
      ariaHidden: frame.getAttribute('aria-hidden'),
      topLayer: frame.matches(':popover-open'),
      hitsFrame: hit === frame,
      focused: document.activeElement === frame,
      frameFocused: frame.contentDocument!.hasFocus(),
    };
  });

const CLOSED = {
  unseen: true,
  pointerEvents: 'none',
  hidden: true,
  inert: true,
  ariaHidden: 'true',
  topLayer: true, // already there, so the key does not pay for entering it
  hitsFrame: false,
  focused: false,
  frameFocused: false,
};

/** Waits until the hidden frame holds the next report's form, laid out, and marks its dialog: an open that shows
 * this form, instead of rendering a fresh one in the key's task, shows the marked dialog. */
const prepared = (page: Page) =>
  page.waitForFunction(
    () => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[data-glitchbox][hidden]');
      const dialog = frame?.contentDocument?.querySelector('dialog');
      if (!dialog?.open || !dialog.getBoundingClientRect().height) return false;
      (dialog as any).__prepared = true;
      return true;
    },
    undefined,
    { timeout: 20_000 },
  );
const showsPrepared = (page: Page) => overlayEval(page, (root) => !!(root.querySelector('dialog') as any).__prepared);

test('a second report starts empty in the same frame, and both are sent as typed', async () => {
  const page = await openGameWith(browser, server);
  const api: string[] = [];
  page.on('request', (r) => {
    if (/\/projects\/|\/search|\/issues/.test(r.url())) api.push(r.url());
  });
  // While idle after load the first report's form is prepared in the hidden frame, with nothing of it started.
  await prepared(page);
  expect(await frames(page)).toBe(1);
  expect(await closedFrame(page)).toEqual(CLOSED);
  expect(api).toEqual([]);
  await open(page);
  expect(await showsPrepared(page)).toBe(true);
  await page.evaluate(() => {
    (document.querySelector('iframe[data-glitchbox]') as any).__first = true;
  });
  const firstShot = await inOverlay(page).locator('img.gb-thumb').getAttribute('src');
  await inOverlay(page).locator('#gb-title').fill('marker-reopen-1 title');
  await inOverlay(page).locator('#gb-desc').fill('marker-reopen-1: the first report of two');
  await inOverlay(page).locator('#gb-att-shot').uncheck();
  await closeWithEsc(page);
  // The next report's form is rendered while closed, unseen, and starts nothing: no request while hidden.
  await prepared(page);
  api.length = 0;
  await page.waitForTimeout(500);
  expect(api).toEqual([]);
  expect(await closedFrame(page)).toEqual(CLOSED);
  expect(await axeViolations(page)).toEqual([]); // the hidden frame in the game's page
  expect(await page.locator('body').ariaSnapshot()).not.toMatch(/Glitchbox|Report a problem/);
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab'); // focus never goes into the hidden frame
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-glitchbox'))).toBe(false);
  }
  await page.locator('#game').focus();

  await open(page);
  expect(await showsPrepared(page)).toBe(true); // the key showed the prepared form, it rendered none
  expect(await page.evaluate(() => (document.querySelector('iframe[data-glitchbox]') as any).__first)).toBe(true);
  expect(await frames(page)).toBe(1);
  const form = await overlayEval(page, (root) => ({
    title: (root.getElementById('gb-title') as HTMLInputElement).value,
    description: (root.getElementById('gb-desc') as HTMLTextAreaElement).value,
    screenshot: (root.getElementById('gb-att-shot') as HTMLInputElement).checked,
    focused: root.activeElement?.id,
    open: root.querySelector('dialog')!.open,
  }));
  expect(form).toEqual({ title: '', description: '', screenshot: true, focused: 'gb-desc', open: true });
  expect(await inOverlay(page).locator('img.gb-thumb').getAttribute('src')).not.toBe(firstShot);
  expect(await axeViolations(await overlayFrame(page))).toEqual([]);

  // Typed keys still go to the form only, and the form still sends.
  const before = await gameKeys(page);
  await page.keyboard.type('marker-reopen-2: the second report');
  expect(await gameKeys(page)).toBe(before);
  await inOverlay(page).locator('#gb-send').click();
  await expect
    .poll(() => inOverlay(page).locator('[data-gb-outcome]').getAttribute('data-gb-outcome'), { timeout: 20_000 })
    .toBe('sent');
  const [second] = await issuesWith(server, 'marker-reopen-2');
  expect(second.description).not.toContain('marker-reopen-1');
  expect(await issuesWith(server, 'marker-reopen-1')).toEqual([]); // the first was closed, never sent
  await closeWithEsc(page);
  await page.context().close();
});

for (const [what, change] of [
  ['removed', () => document.querySelector('iframe[data-glitchbox]')!.remove()],
  [
    'moved into another element',
    () => {
      const box = document.createElement('div');
      document.body.append(box);
      box.append(document.querySelector('iframe[data-glitchbox]')!);
    },
  ],
] as const)
  test(`a frame the game ${what} while closed is made again, and the form works in it`, async () => {
    const page = await openGameWith(browser, server);
    await open(page);
    await closeWithEsc(page);
    await page.evaluate(change);

    await open(page);
    expect(await frames(page)).toBe(1);
    expect(
      await page.evaluate(() => document.querySelector('iframe[data-glitchbox]')!.parentElement === document.body),
    ).toBe(true);
    const before = await gameKeys(page);
    await page.keyboard.type('typed into the new frame');
    expect(await inOverlay(page).locator('#gb-desc').inputValue()).toBe('typed into the new frame');
    expect(await gameKeys(page)).toBe(before);
    await closeWithEsc(page);
    await page.keyboard.press('ArrowRight');
    expect(await gameKeys(page)).toBe(before + 1);
    await page.context().close();
  });

test('a popover the game opened after the form was prepared stays under the form the key shows', async () => {
  const page = await openGameWith(browser, server);
  await prepared(page); // the closed frame is in the top layer from here on
  await page.evaluate(() => {
    const own = Object.assign(document.createElement('div'), { id: 'game-menu', popover: 'manual' });
    own.style.cssText = 'position:fixed;inset:0;width:100vw;height:100vh;margin:0;border:0';
    document.body.append(own);
    own.showPopover();
  });
  await page.locator('#game').focus();
  await open(page);
  const onTop = await page.evaluate(() => {
    const frame = document.querySelector<HTMLIFrameElement>('iframe[data-glitchbox]')!;
    const send = frame.contentDocument!.getElementById('gb-send')!.getBoundingClientRect();
    return document.elementFromPoint(send.left + send.width / 2, send.top + send.height / 2) === frame;
  });
  expect(onTop).toBe(true);
  await closeWithEsc(page);
  await page.context().close();
});

test('a form opened after the game went fullscreen moves into the fullscreen element, and back out', async () => {
  const page = await openGameWith(browser, server);
  const placement = () =>
    page.evaluate(() => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[data-glitchbox]:not([hidden])')!;
      return {
        frames: document.querySelectorAll('iframe').length,
        inStage: !!document.fullscreenElement?.contains(frame),
      };
    });
  await open(page);
  await closeWithEsc(page);
  await page.locator('#fullscreen').click();
  await page.waitForFunction(() => document.fullscreenElement?.id === 'stage');
  await open(page);
  expect(await placement()).toEqual({ frames: 1, inStage: true });
  await page.keyboard.type('typed in fullscreen');
  expect(await inOverlay(page).locator('#gb-desc').inputValue()).toBe('typed in fullscreen');
  await closeWithEsc(page, 'F8'); // Esc is also the browser's key to leave fullscreen
  expect(await page.evaluate(() => document.fullscreenElement?.id)).toBe('stage');
  await page.evaluate(() => document.exitFullscreen());
  await page.waitForFunction(() => !document.fullscreenElement);
  await open(page);
  expect(await placement()).toEqual({ frames: 1, inStage: false });
  expect(await inOverlay(page).locator('#gb-desc').inputValue()).toBe('');
  await closeWithEsc(page);
  await page.context().close();
});
