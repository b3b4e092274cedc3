// The service worker keeps the widget's chunks: a game page served with `data-service-worker` gets the full
// overlay and sends its report when the chunk files can no longer be fetched. The page, the loader and the
// worker script come from a small server of the test's own whose chunk route can be cut; the API is the
// reference server (cross-origin, as for a real game).
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { outcome } from '../helpers/outcome.ts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { inOverlay, issuesWith, overlay, ROOT, useDemoGame } from './harness.ts';
import { DIST_DIR } from '../widget/build-once.ts';

let server: TestServer;
let browser: Browser;
useDemoGame((started, launched) => {
  server = started;
  browser = launched;
});

let site: Server;
let origin: string;
let chunksDown = false;
let chunkHitsWhileDown = 0;

beforeAll(async () => {
  const sw = (
    await build({
      entryPoints: [join(ROOT, 'widget/src/delivery/service-worker.ts')],
      bundle: true,
      format: 'esm',
      write: false,
      logLevel: 'silent',
    })
  ).outputFiles[0].text;
  const page = () => `<!doctype html><html><head>
    <script src="/widget/glitchbox.js" data-project="pr-4242" data-token="tkn-demo" data-endpoint="${server.url}"
      data-service-worker="/sw.js" data-playtime="off" data-locale="en"></script></head>
    <body><canvas width="320" height="200"></canvas><script>
      const ctx = document.querySelector('canvas').getContext('2d'); let x = 0; window.frames_ = 0;
      (function frame() { x = (x + 2) % 300; frames_++; ctx.fillStyle = '#264'; ctx.fillRect(0, 0, 320, 200);
        ctx.fillStyle = '#fc0'; ctx.fillRect(x, 90, 20, 20); requestAnimationFrame(frame); })();
    </script></body></html>`;
  site = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const send = (type: string, body: string | Buffer) =>
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    if (path === '/game.html') return send('text/html', page());
    if (path === '/sw.js') return send('text/javascript', sw);
    if (path.startsWith('/widget/')) {
      if (chunksDown && path.startsWith('/widget/esm/')) {
        chunkHitsWhileDown++;
        return void req.socket.destroy();
      }
      try {
        return send('text/javascript', readFileSync(join(DIST_DIR, normalize(path.slice('/widget/'.length)))));
      } catch {
        /* 404 below */
      }
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => {
  site?.close();
});

test("the overlay and the reporter come from the service worker's copies when chunks cannot be fetched", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/game.html`);
  await page.waitForFunction(() => (window as any).frames_ > 5);
  // The first open loads the overlay and the reporter; the reporter registers the worker, which keeps what the
  // page loaded, and from then on every chunk it serves (the MD5 worker of the first report).
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  await inOverlay(page).locator('#gb-desc').fill('marker-firstsend: the first report, sent online');
  await inOverlay(page).locator('#gb-send').click();
  await expect.poll(() => outcome(page), { timeout: 20_000 }).toBe('sent');
  const kept = () =>
    page.evaluate(async () =>
      (await (await caches.open('glitchbox-chunks')).keys()).map((r) => new URL(r.url).pathname),
    );
  await expect
    .poll(kept, { timeout: 20_000 })
    .toEqual(
      expect.arrayContaining([
        '/widget/esm/ui.js',
        '/widget/esm/reporter.js',
        '/widget/esm/encode-worker.js',
        expect.stringMatching(/^\/widget\/esm\/assets\/md5-worker-/),
      ]),
    );
  await page.keyboard.press('Escape');

  chunksDown = true;
  await page.reload();
  await page.waitForFunction(() => (window as any).frames_ > 5);
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  expect(await page.locator('dialog[data-glitchbox]').count()).toBe(0); // the full overlay, not the plain form
  await inOverlay(page).locator('#gb-desc').fill('marker-precache: the minimap is mirrored');
  await inOverlay(page).locator('#gb-send').click();
  await expect.poll(() => outcome(page), { timeout: 20_000 }).toBe('sent');
  expect(chunkHitsWhileDown).toBeGreaterThan(0); // the worker tried the network first
  expect((await issuesWith(server, 'marker-precache')).map((i) => i.screenshots.length)).toEqual([1]);
  chunksDown = false;
  await context.close();
});
