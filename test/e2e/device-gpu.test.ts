// The GPU name in Chromium: read once per page from the game's own WebGL context while it idles, kept whole
// (commas included) up to the inbox; a 2D game never gets a WebGL context from the widget.
import type { Browser } from 'playwright-core';
import { outcome } from '../helpers/outcome.ts';
import { expect, test } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { inOverlay, issuesWith, openGame, overlay, useDemoGame } from './harness.ts';

let server: TestServer;
let browser: Browser;
useDemoGame((started, launched) => {
  server = started;
  browser = launched;
});

/** A Canvas 2D game; a script before the loader records every getContext call and every GPU parameter read. */
const GAME_2D = `<!doctype html><html><head><script>
  window.contexts = []; window.gpuReads = 0;
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
    contexts.push(type);
    return getContext.call(this, type, ...rest);
  };
  for (const C of [WebGLRenderingContext, WebGL2RenderingContext]) {
    const get = C.prototype.getParameter;
    C.prototype.getParameter = function (p) { if (p === 0x9246 || p === 0x1F01) gpuReads++; return get.call(this, p); };
  }
</script><script src="/widget/glitchbox.js" data-project="pr-4242" data-token="tkn-demo" data-endpoint="/"
  data-locale="en" data-playtime="off"></script></head><body><canvas width="320" height="200"></canvas><script>
  const ctx = document.querySelector('canvas').getContext('2d'); let x = 0;
  (function frame() { x = (x + 2) % 300; ctx.fillStyle = '#246'; ctx.fillRect(0, 0, 320, 200);
    ctx.fillStyle = '#fc0'; ctx.fillRect(x, 90, 20, 20); requestAnimationFrame(frame); })();
</script></body></html>`;

test('never creates a WebGL context on a 2D game, and its GPU line says 2D canvas', async () => {
  const page = await browser.newPage();
  await page.route(`${server.url}/game2d/index.html`, (r) => r.fulfill({ contentType: 'text/html', body: GAME_2D }));
  await page.goto(`${server.url}/game2d/index.html`);
  await page.waitForTimeout(3500);
  for (const marker of ['marker-2d-first', 'marker-2d-second']) {
    await page.keyboard.press('F8');
    await overlay(page).waitFor();
    await inOverlay(page).locator('#gb-desc').fill(`${marker}: the score resets after a pause`);
    await inOverlay(page).locator('#gb-send').click();
    await expect.poll(() => outcome(page), { timeout: 20_000 }).toBe('sent');
    await page.keyboard.press('Escape');
    await overlay(page).waitFor({ state: 'detached' });
  }
  const contexts: string[] = await page.evaluate(() => (window as any).contexts);
  expect(contexts.filter((t) => /webgl/i.test(t))).toEqual([]);
  expect(await page.evaluate(() => (window as any).gpuReads)).toBe(0);
  const [issue] = await issuesWith(server, 'marker-2d-first');
  expect(issue.device?.configuration?.gpu).toBe('2D canvas (no GPU context)');
  await page.close();
});

test('reads the GPU name of a WebGL game once, off the open path, and the inbox shows it whole', async () => {
  const page = await browser.newPage();
  await page.addInitScript(() => {
    (window as any).gpuReads = 0;
    for (const C of [WebGLRenderingContext, WebGL2RenderingContext]) {
      const get = C.prototype.getParameter;
      C.prototype.getParameter = function (p: number) {
        if (p === 0x9246) (window as any).gpuReads++;
        return get.call(this, p);
      };
    }
  });
  await openGame(page, server);
  await page.waitForFunction(() => (window as any).gpuReads === 1, undefined, { timeout: 10_000 });
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  await inOverlay(page).locator('#gb-desc').fill('marker-gpu-whole: the shield flickers');
  await inOverlay(page).locator('#gb-send').click();
  await expect.poll(() => outcome(page), { timeout: 20_000 }).toBe('sent');
  await page.keyboard.press('Escape');
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  expect(await page.evaluate(() => (window as any).gpuReads)).toBe(1);
  const renderer: string = await page.evaluate(() => {
    const gl = (document.querySelector('#game') as HTMLCanvasElement).getContext('webgl')!;
    return gl.getParameter(gl.getExtension('WEBGL_debug_renderer_info')!.UNMASKED_RENDERER_WEBGL);
  });
  expect(renderer).toContain(',');
  const [issue] = await issuesWith(server, 'marker-gpu-whole');
  const gpu: string = issue.device.configuration.gpu;
  expect(gpu.startsWith(`${renderer} (vendor `) && gpu.endsWith(')')).toBe(true);
  await page.close();
});
