// Input isolation in Chromium with the script tag alone: keys and buttons held when the form opens are
// released for the game, nothing typed in the form or the hotkey's own key-up reaches it, nothing is stuck
// after close; and `data-pause` pauses a real engine that pauses on blur (melonJS).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { inOverlay, overlay, ROOT, useDemoGame } from './harness.ts';

let server: TestServer;
let browser: Browser;
useDemoGame((started, launched) => {
  server = started;
  browser = launched;
});

const TAG =
  '<script src="/widget/glitchbox.js" data-project="pr-4242" data-token="tkn-demo" data-endpoint="/"' +
  ' data-locale="en" data-playtime="off" data-canvas="canvas"';

/** A keyboard-and-mouse game that knows nothing of the widget: it listens on window and keeps what is held. */
const KEYS_GAME = `<!doctype html><html><head>${TAG}></script></head><body>
<canvas width="320" height="200"></canvas>
<script>
  const held = new Set(); const log = [];
  addEventListener('keydown', (e) => { held.add(e.code); log.push('down:' + e.code); });
  addEventListener('keyup', (e) => { held.delete(e.code); log.push('up:' + e.code); });
  addEventListener('mousedown', (e) => { held.add('mouse' + e.button); log.push('mousedown:' + e.button); });
  addEventListener('mouseup', (e) => { held.delete('mouse' + e.button); log.push('mouseup:' + e.button); });
  const ctx = document.querySelector('canvas').getContext('2d'); let x = 0, frames = 0;
  (function frame() {
    x = (x + (held.has('ArrowRight') ? 4 : 0)) % 300; frames++;
    ctx.fillStyle = '#135'; ctx.fillRect(0, 0, 320, 200); ctx.fillStyle = '#fc0'; ctx.fillRect(x, 90, 20, 20);
    requestAnimationFrame(frame);
  })();
  window.game = { held: () => [...held], log, frames: () => frames };
</script></body></html>`;

/** melonJS pauses its state on window blur by default (Application.pauseOnBlur). */
const MELON_GAME = (pause: boolean) => `<!doctype html>
<html><head>${TAG}${pause ? ' data-pause="true"' : ''}></script></head>
<body><div id="screen"></div>
<script type="module">
  import { Application, Renderable, event, video } from '/melonjs/index.js';
  const app = new Application(320, 200, { parent: 'screen', renderer: video.CANVAS });
  await app.init();
  class Box extends Renderable {
    constructor() { super(0, 80, 40, 40); this.alwaysUpdate = true; }
    update() { this.pos.x = (this.pos.x + 3) % 280; return true; }
    draw(r) { r.setColor('#f80'); r.fillRect(this.pos.x, this.pos.y, 40, 40); }
  }
  app.world.addChild(new Box());
  let updates = 0;
  event.on(event.GAME_UPDATE, () => { updates++; });
  window.melon = { updates: () => updates };
</script></body></html>`;

async function gamePage(html: string): Promise<Page> {
  const page = await browser.newPage();
  await page.route(`${server.url}/game/index.html`, (r) => r.fulfill({ contentType: 'text/html', body: html }));
  const melon = readFileSync(resolve(ROOT, 'node_modules/melonjs/build/index.js'));
  await page.route(`${server.url}/melonjs/index.js`, (r) => r.fulfill({ contentType: 'text/javascript', body: melon }));
  await page.goto(`${server.url}/game/index.html`);
  return page;
}

test('releases a key held at open for the game; the hotkey and the keys typed in the form never reach it', async () => {
  const page = await gamePage(KEYS_GAME);
  await page.waitForFunction(() => (window as any).game.frames() > 5);
  await page.locator('canvas').click();
  await page.keyboard.down('ArrowRight');
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  // The game got the key-up it would have got, at open.
  expect(await page.evaluate(() => (window as any).game.held())).toEqual([]);
  await page.keyboard.up('ArrowRight');
  await inOverlay(page).locator('#gb-desc').pressSequentially('ab');
  await page.keyboard.press('Escape');
  await overlay(page).waitFor({ state: 'detached' });
  const log: string[] = await page.evaluate(() => (window as any).game.log);
  expect(log.filter((l) => !l.startsWith('mouse'))).toEqual(['down:ArrowRight', 'up:ArrowRight']);
  expect(await page.evaluate(() => (window as any).game.held())).toEqual([]);
  // After close the game reacts at once, and keys go down and up in pairs again.
  await page.keyboard.down('ArrowLeft');
  expect(await page.evaluate(() => (window as any).game.held())).toEqual(['ArrowLeft']);
  await page.keyboard.up('ArrowLeft');
  expect(await page.evaluate(() => (window as any).game.held())).toEqual([]);
  await page.close();
});

test('releases a mouse button held at open, and the hotkey that closes the form leaves no key-up behind', async () => {
  const page = await gamePage(KEYS_GAME);
  await page.waitForFunction(() => (window as any).game.frames() > 5);
  await page.mouse.move(100, 100);
  await page.mouse.down();
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  expect(await page.evaluate(() => (window as any).game.held())).toEqual([]);
  await page.mouse.up();
  await page.keyboard.press('F8');
  await overlay(page).waitFor({ state: 'detached' });
  expect(await page.evaluate(() => (window as any).game.log)).toEqual(['mousedown:0', 'mouseup:0']);
  await page.close();
});

test('data-pause pauses melonJS (which pauses on blur) while the form is open, and resumes it on close', async () => {
  for (const pause of [true, false]) {
    const page = await gamePage(MELON_GAME(pause));
    await page.waitForFunction(() => (window as any).melon?.updates() > 10);
    await page.keyboard.press('F8');
    await overlay(page).waitFor();
    const before = await page.evaluate(() => (window as any).melon.updates());
    await page.waitForTimeout(600);
    const during = (await page.evaluate(() => (window as any).melon.updates())) - before;
    if (pause) expect(during, 'updates while open').toBeLessThanOrEqual(1);
    else expect(during, 'updates while open without data-pause').toBeGreaterThan(5);
    await page.keyboard.press('Escape');
    await overlay(page).waitFor({ state: 'detached' });
    const closed = await page.evaluate(() => (window as any).melon.updates());
    await page.waitForFunction((n) => (window as any).melon.updates() > n + 5, closed);
    await page.close();
  }
});
