// The screenshot fallbacks: a WebGL frame that reads blank (the game stopped drawing) falls back
// to a DOM capture with html2canvas, and the player can always choose an image file instead.
import type { Browser } from 'playwright-core';
import { expect, test } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { imagePixels, inOverlay, issuesWith, openGame, overlay, useDemoGame } from './harness.ts';

let server: TestServer;
let browser: Browser;
useDemoGame((started, launched) => {
  server = started;
  browser = launched;
});

test('falls back to a DOM capture when the game stopped drawing and its WebGL frame reads blank', async () => {
  const page = await (await browser.newContext()).newPage();
  await openGame(page, server);
  // The game loop stops (no more frames): a read outside the frame sees a cleared WebGL buffer.
  await page.evaluate(() => {
    (window as any).__game.state.paused = true;
    window.requestAnimationFrame = () => 0;
  });
  // Longer than the grab waits for a 2 fps game's next frame: it then waits up to 4 s (a 0.3 fps game), in vain.
  await page.waitForTimeout(800);
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  await inOverlay(page).locator('img.gb-thumb').waitFor({ timeout: 15_000 });
  await inOverlay(page).locator('#gb-desc').fill('marker-blank: the frame froze');
  await inOverlay(page).locator('#gb-send').click();
  await expect
    .poll(() => inOverlay(page).locator('[data-gb-outcome]').getAttribute('data-gb-outcome'), { timeout: 20_000 })
    .toBe('sent');
  const [issue] = await issuesWith(server, 'marker-blank');
  expect(issue.screenshots).toHaveLength(1);
  const log = await (await fetch(issue.log_files[0].url)).text();
  expect(log).toMatch(
    /^# Screenshot \(dom\): (Waited \d+ ms[^.]*\. )?No frame drew the canvas in time.* The canvas frame was blank/,
  );
});

test('sends an image file the player chose instead of the screenshot', async () => {
  const page = await (await browser.newContext()).newPage();
  await openGame(page, server);
  const png = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 64;
    c.height = 48;
    const ctx = c.getContext('2d')!;
    ctx.fillStyle = '#00ff00';
    ctx.fillRect(0, 0, 64, 48);
    return c.toDataURL('image/png').split(',')[1];
  });
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  await inOverlay(page)
    .locator('#gb-file')
    .setInputFiles({ name: 'my-shot.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
  await expect
    .poll(
      async () =>
        (await imagePixels(page, (await inOverlay(page).locator('img.gb-thumb').getAttribute('src'))!, [[1, 1]])).width,
    )
    .toBe(64);
  await inOverlay(page).locator('#gb-desc').fill('marker-file: see my own picture');
  await inOverlay(page).locator('#gb-send').click();
  await expect
    .poll(() => inOverlay(page).locator('[data-gb-outcome]').getAttribute('data-gb-outcome'), { timeout: 20_000 })
    .toBe('sent');
  const [issue] = await issuesWith(server, 'marker-file');
  const shot = await imagePixels(page, issue.screenshots[0].url, [[10, 10]]);
  expect([shot.width, shot.height, shot.pixels[0]]).toEqual([64, 48, [0, 255, 0, 255]]);
});
