// The optional replay: the last seconds of the canvas kept in memory (WebCodecs VP8 or
// MediaRecorder), muxed on submit and uploaded as a video clip.
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { expect, test } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { inOverlay, issuesWith, openGame, overlay, ROOT, useDemoGame } from './harness.ts';

let server: TestServer;
let browser: Browser;
useDemoGame((started, launched) => {
  server = started;
  browser = launched;
});

test('uploads the last seconds of the canvas as a playable WebM video clip', async () => {
  const html = readFileSync(`${ROOT}/demo/index.html`, 'utf8').replace(
    'data-launcher="true"',
    'data-launcher="true" data-replay="4"',
  );
  const page = await (await browser.newContext()).newPage();
  await page.route('**/demo/index.html*', (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await openGame(page, server, '');
  await page.waitForTimeout(3500); // the recorder starts while the game idles, then records
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  await inOverlay(page).locator('#gb-att-replay').waitFor({ timeout: 10_000 });
  expect(await inOverlay(page).locator('label[for=gb-att-replay]').textContent()).toBe('Video of the last 4 seconds');
  await inOverlay(page).locator('#gb-desc').fill('marker-replay: the ship jumps backwards');
  await inOverlay(page).locator('#gb-send').click();
  await expect
    .poll(() => inOverlay(page).locator('[data-gb-outcome]').getAttribute('data-gb-outcome'), { timeout: 20_000 })
    .toBe('sent');
  const [issue] = await issuesWith(server, 'marker-replay');
  expect(issue.video_clips).toHaveLength(1);
  expect(issue.video_clips[0].content_type).toBe('video/webm');
  // The browser can decode it: a real video with frames, not just a header.
  const meta = await page.evaluate(async (url) => {
    const v = document.createElement('video');
    v.muted = true;
    v.src = url;
    await new Promise((resolve, reject) => {
      v.onloadeddata = resolve;
      v.onerror = () => reject(new Error(`video error ${v.error?.code}`));
    });
    return { width: v.videoWidth, height: v.videoHeight };
  }, issue.video_clips[0].url);
  expect(meta).toEqual({ width: 960, height: 540 });
});
