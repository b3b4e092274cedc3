// The player's path through the demo game in Chromium against the real reference server:
// hotkey, a screenshot equal to the game's frame, annotation, submission, and the issue read back.
import type { Browser, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { imagePixels, inOverlay, issuesWith, near, openGame, overlay, overlayEval, useDemoGame } from './harness.ts';

let server: TestServer;
let browser: Browser;
useDemoGame((started, launched) => {
  server = started;
  browser = launched;
});

async function newGame(query = 'test=1'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openGame(page, server, query);
  return page;
}

// Points of the frozen test scene (960x540): background, the two gems, the rock and the ship.
const POINTS: Array<[number, number]> = [
  [30, 500],
  [240, 162],
  [720, 162],
  [480, 243],
  [480, 440],
  [900, 30],
];

test('sends a report: the game frame as screenshot, its annotation layer, log, debug trace, device info', async () => {
  const page = await newGame();
  await page.evaluate(() => (window as any).Glitchbox.breadcrumb('warning', 'marker-trace: ship entered the nebula'));
  const truth: number[][] = await page.evaluate((p) => (window as any).__game.readPixels(p), POINTS);
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  // The form shows in the key's frame; the game hears 'open' (and pauses) once the frame it drew is grabbed.
  await expect.poll(() => page.evaluate(() => (window as any).__game.state.paused)).toBe(true);

  const thumb = inOverlay(page).locator('img.gb-thumb');
  await thumb.waitFor();
  const shot = await imagePixels(page, (await thumb.getAttribute('src'))!, POINTS);
  expect([shot.width, shot.height]).toEqual([960, 540]);
  shot.pixels.forEach((px, i) => {
    expect(near(px, truth[i]), `point ${POINTS[i]}: ${px} vs ${truth[i]}`).toBe(true);
  });
  expect(new Set(shot.pixels.map((p) => p.join())).size).toBeGreaterThanOrEqual(4); // not a blank frame

  await inOverlay(page).locator('#gb-desc').fill('marker-flow: the ship flickers when it crosses the red rock');
  await inOverlay(page).locator('#gb-steps').fill('1. Start level 1\n2. Fly into the rock');
  await inOverlay(page).locator('#gb-annotate').click();
  const area = (await inOverlay(page).locator('[data-gb-draw]').boundingBox())!;
  const sx = area.width / 960;
  await inOverlay(page).getByRole('button', { name: 'Box', exact: true }).click();
  await page.mouse.move(area.x + 100 * sx, area.y + 100 * sx);
  await page.mouse.down();
  await page.mouse.move(area.x + 300 * sx, area.y + 250 * sx, { steps: 4 });
  await page.mouse.up();
  await inOverlay(page).getByRole('button', { name: 'Done', exact: true }).click();
  await expect.poll(() => inOverlay(page).locator('label[for=gb-att-shot]').textContent()).toContain('Annotated');

  await inOverlay(page).locator('#gb-send').click();
  await expect
    .poll(() => inOverlay(page).locator('[data-gb-outcome]').getAttribute('data-gb-outcome'), { timeout: 20_000 })
    .toBe('sent');
  expect(await inOverlay(page).locator('[data-gb-outcome]').textContent()).toBe('Sent. Thank you!');

  const [issue] = await issuesWith(server, 'marker-flow');
  expect(issue.steps_to_reproduce).toEqual([{ step: 'Start level 1' }, { step: 'Fly into the rock' }]);
  expect(issue.screenshots).toHaveLength(1);
  const uploaded = await imagePixels(page, issue.screenshots[0].url, POINTS);
  uploaded.pixels.forEach((px, i) => {
    expect(near(px, truth[i])).toBe(true);
  });
  // The layer is a transparent PNG of the same size with the red box stroke on it.
  const layer = await imagePixels(page, issue.screenshots[0].layer_a_url, [
    [99, 175],
    [100, 175],
    [101, 175],
    [200, 175],
    [5, 5],
  ]);
  expect([layer.width, layer.height]).toEqual([960, 540]);
  expect(layer.pixels.slice(0, 3).some(([r, g, , a]) => r > 200 && g < 100 && a === 255)).toBe(true);
  expect(layer.pixels[3][3]).toBe(0);
  expect(layer.pixels[4][3]).toBe(0);

  expect(issue.log_files).toHaveLength(1);
  const log = await (await fetch(issue.log_files[0].url)).text();
  expect(log).toContain('[log] Star Courier ready');
  expect(log).toMatch(/# Frame times over the last \d+ frames/);
  expect(issue.device?.configuration?.os).toMatch(/Linux/);
  const row = server.deps.db.prepare('SELECT debug_trace FROM issues WHERE id = ?').get(issue.id) as {
    debug_trace: string;
  };
  const trace = JSON.parse(row.debug_trace);
  expect(trace.steps).toContainEqual({
    severity: 'warning',
    description: expect.stringContaining('marker-trace: ship entered the nebula'),
  });
  expect(issue.custom_fields).toContainEqual(expect.objectContaining({ ident: 'level', value: '1' }));
});

test('keeps keys from reaching the game while open, and gives focus back to the canvas on close', async () => {
  const page = await newGame();
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  const before = await page.evaluate(() => (window as any).__game.state.keyEvents);
  await page.keyboard.type('typed into the form, not the game');
  await page.keyboard.press('ArrowLeft');
  expect(await inOverlay(page).locator('#gb-desc').inputValue()).toBe('typed into the form, not the game');
  expect(await page.evaluate(() => (window as any).__game.state.keyEvents)).toBe(before);
  expect(await page.evaluate(() => navigator.getGamepads().filter(Boolean).length)).toBe(0);

  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('[data-glitchbox]:not([hidden])').count()).toBe(0);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('game');
  expect(await page.evaluate(() => (window as any).__game.state.paused)).toBe(false);
  await page.keyboard.press('ArrowRight');
  expect(await page.evaluate(() => (window as any).__game.state.keyEvents)).toBe(before + 1);
});

test('prepares the form unseen while the game idles: page, focus, game and network are left alone', async () => {
  const context = await browser.newContext();
  // Each overlay host the page ever holds, as the observer finds it after the task that added it.
  await context.addInitScript(() => {
    const hosts: string[] = [];
    (window as any).__hosts = hosts;
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.addedNodes)
          if (n instanceof Element && n.hasAttribute('data-glitchbox')) hosts.push(n.isConnected ? 'stayed' : 'gone');
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  await openGame(page, server);
  await page.focus('#game');
  // One hidden frame, holding the first report's form laid out (docs/widget.md#the-forms-own-document).
  await page.waitForFunction(
    () =>
      !!document
        .querySelector<HTMLIFrameElement>('iframe[data-glitchbox][hidden]')
        ?.contentDocument?.querySelector('dialog[open]'),
    undefined,
    { timeout: 10_000 },
  );
  expect(await page.evaluate(() => (window as any).__hosts)).toEqual(['stayed']);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('game');
  expect(await page.evaluate(() => [(window as any).Glitchbox.isOpen(), (window as any).__game.state.paused])).toEqual([
    false,
    false,
  ]);
  const asked = () =>
    page.evaluate(
      () =>
        performance
          .getEntriesByType('resource')
          .filter((e) => /\/projects\/pr-4242(\.json|\/custom_fields)/.test(e.name)).length,
    );
  expect(await asked()).toBe(0);

  await page.keyboard.press('F8');
  await inOverlay(page).locator('img.gb-thumb').waitFor();
  expect(await overlayEval(page, (root) => root.activeElement?.id)).toBe('gb-desc');
  expect(await page.evaluate(() => (window as any).__hosts)).toEqual(['stayed']); // that frame, shown
  await expect.poll(asked).toBeGreaterThan(0);
});

test('shows the project minimum length as the reason when the description is too short', async () => {
  const page = await newGame();
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  await inOverlay(page).locator('#gb-desc').fill('broken');
  await expect.poll(() => inOverlay(page).locator('#gb-counter').textContent()).toBe('6 / 10 characters minimum');
  await inOverlay(page).locator('#gb-send').click();
  expect(await inOverlay(page).locator('#gb-error').textContent()).toBe(
    'Please write at least 10 characters (6 so far).',
  );
  expect(await overlayEval(page, (root) => root.activeElement?.id)).toBe('gb-desc');
  expect(await issuesWith(server, 'broken')).toHaveLength(0);
});

test('sends a report with the keyboard alone', async () => {
  const page = await newGame();
  // The page hears the report's queued and sent events (forwarded from the outbox once its chunk loaded).
  await page.evaluate(() => {
    const heard: string[] = [];
    (window as any).__heard = heard;
    for (const type of ['queued', 'sent', 'rejected']) (window as any).Glitchbox.on(type, () => heard.push(type));
  });
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  await page.keyboard.type('marker-keys: the score resets after pausing');
  await page.keyboard.press('Control+Enter');
  await expect
    .poll(() => inOverlay(page).locator('[data-gb-outcome]').getAttribute('data-gb-outcome'), { timeout: 20_000 })
    .toBe('sent');
  // Focus moves to the end state's close button (after the render); Enter closes it and the
  // canvas has focus again.
  const shadowFocus = () => overlayEval(page, (root) => root.activeElement?.id ?? '');
  await expect.poll(shadowFocus, { timeout: 5_000 }).toBe('gb-result-action');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('[data-glitchbox]:not([hidden])').count(), { timeout: 5_000 }).toBe(0);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('game');
  expect(await issuesWith(server, 'marker-keys')).toHaveLength(1);
  expect(await page.evaluate(() => (window as any).__heard)).toEqual(['queued', 'sent']);

  // Tab order reaches Send from the description.
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  await page.keyboard.type('marker-tabs: second report through the tab order');
  let focused = '';
  for (let i = 0; i < 40 && focused !== 'gb-send'; i++) {
    await page.keyboard.press('Tab');
    focused = await shadowFocus();
  }
  expect(focused).toBe('gb-send');
  await page.keyboard.press('Enter');
  await expect
    .poll(() => inOverlay(page).locator('[data-gb-outcome]').getAttribute('data-gb-outcome'), { timeout: 20_000 })
    .toBe('sent');
  expect(await issuesWith(server, 'marker-tabs')).toHaveLength(1);
});

test('shows report text as text, never as HTML', async () => {
  const page = await newGame();
  await page.evaluate(() => console.log('<img src=x onerror="window.__pwned=1">'));
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  await inOverlay(page).locator('details summary').first().click();
  await inOverlay(page).locator('#gb-desc').fill('<b>bold</b> <img src=x onerror="window.__pwned=1">');
  await inOverlay(page).locator('#gb-send').click();
  await expect
    .poll(() => inOverlay(page).locator('[data-gb-outcome]').getAttribute('data-gb-outcome'), { timeout: 20_000 })
    .toBe('sent');
  expect(await page.evaluate(() => (window as any).__pwned)).toBeUndefined();
  expect(await overlayEval(page, (root) => root.querySelectorAll('b, img:not(.gb-thumb)').length)).toBe(0);
});
