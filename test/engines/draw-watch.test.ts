// What the closed widget does to a game's draw calls: only a canvas's first draw in a frame goes through it (the
// rest reach the browser's own call, so a 4,000-draw frame costs what a 1-draw frame does), and a canvas that
// draws after another one in each frame is still seen drawing. Cost figures: test/bench/widget-grab-costs.
import { expect, test } from 'vitest';
import { imagePixels, near } from '../e2e/harness.ts';
import { engineTag, useEngines } from './harness.ts';
import { reportFromGame } from '../helpers/player-report.ts';

const TAG = engineTag();
const page = (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8">${TAG}</head>` +
  `<body style="margin:0;background:#fff">${body}</body></html>`;
/** A 320x200 WebGL canvas at the page's top left, and a function filling a rectangle of it (scissored clear). */
const canvas = (id: string, style = '') =>
  `<canvas id="${id}" width="320" height="200" style="position:absolute;left:0;top:0;${style}"></canvas>`;
const GL = `const paint = (gl, x, y, w, h, rgba) => {
  gl.enable(gl.SCISSOR_TEST); gl.scissor(x, y, w, h); gl.clearColor(...rgba); gl.clear(gl.COLOR_BUFFER_BIT);
};
const native = (f) => Function.prototype.toString.call(f).includes('[native code]');
window.__game = { frames: 0, looks: [] };`;

const PAGES = {
  // 40 draws a frame; before its first and after it, the game looks at what gl.clear is.
  'many-draws.html': page(`${canvas('c')}<script>${GL}
const gl = document.getElementById('c').getContext('webgl');
const frame = () => {
  const before = native(gl.clear);
  paint(gl, 0, 0, 320, 200, [0.2, 0.4, 0.6, 1]);
  const after = native(gl.clear);
  for (let i = 0; i < 39; i++) paint(gl, i * 8, 0, 8, 8, [1, 1, 1, 1]);
  window.__game.looks.push([before, after]);
  window.__game.frames++;
  requestAnimationFrame(frame);
};
requestAnimationFrame(frame);</script>`),
  // A minimap (a small WebGL canvas beside the game) drawn first in each frame, then, from the 30th frame on (after
  // its loading screen), the game's canvas: its draws come after another canvas's in the same frame, every frame.
  'minimap-first.html': page(`${canvas('game')}${canvas('map', 'left:400px;width:80px;height:50px')}<script>${GL}
const map = document.getElementById('map').getContext('webgl');
const game = document.getElementById('game').getContext('webgl');
const frame = () => {
  paint(map, 0, 0, 320, 200, [0.1, 0.8, 0.2, 1]);
  if (++window.__game.frames > 30) {
    paint(game, 0, 0, 320, 200, [0.2, 0.4, 0.6, 1]);
    paint(game, 110, 50, 100, 100, [1, 0.5, 0, 1]);
  }
  requestAnimationFrame(frame);
};
requestAnimationFrame(frame);</script>`),
};

const engines = useEngines({ games: [], pages: PAGES });

test("after a canvas's first draw in a frame, the game's draws reach the browser's own call", async () => {
  const p = await (await engines.browser.newContext()).newPage();
  await p.goto(`${engines.server.url}/engines/many-draws.html`);
  await p.waitForFunction(() => (window as any).__game.frames > 100);
  const looks: boolean[][] = await p.evaluate(() => (window as any).__game.looks.slice(20, 100));
  // The first draw of every frame is seen (the grab needs to know which frames drew the canvas) ...
  expect(looks.filter(([before]) => before)).toEqual([]);
  // ... and then the widget steps aside, but in the frames that look for canvases starting to draw (1 in 64).
  expect(looks.filter(([, after]) => after).length).toBeGreaterThanOrEqual(looks.length * 0.8);
});

test("the game's canvas is found when another canvas draws before it in every frame", async () => {
  const p = await (await engines.browser.newContext()).newPage();
  await p.goto(`${engines.server.url}/engines/minimap-first.html`);
  await p.waitForFunction(() => (window as any).__game.frames > 120 && (window as any).Glitchbox);
  const issue = await reportFromGame(p, engines.server, 'marker-minimap-first');
  const shot = await imagePixels(p, issue.screenshots[0].url, [
    [10, 10],
    [160, 100],
  ]);
  expect([shot.width, shot.height], 'the game canvas, not the minimap').toEqual([320, 200]);
  expect(near(shot.pixels[0], [51, 102, 153, 255]), `game background ${shot.pixels[0]}`).toBe(true);
  expect(near(shot.pixels[1], [255, 128, 0, 255]), `the game's square ${shot.pixels[1]}`).toBe(true);
});
