// The grab's GPU copy (widget/src/media/gpu-copy.ts) on hand-written WebGL pages whose pixels are known: the uploaded
// picture is the frame the player saw for each kind of context (WebGL 1 and 2, antialias, alpha, premultiplied or not, a
// kept buffer, opaque ones), and the GL state a game left is the same after the grab.
import type { Browser, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { imagePixels, near } from '../e2e/harness.ts';
import { engineTag, useEngines } from './harness.ts';
import { reportFromGame } from '../helpers/player-report.ts';

const page = (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8">${engineTag()}</head>` +
  `<body style="margin:0;background:#fff"><canvas id="c" width="320" height="200"></canvas><script>${body}` +
  '</script></body></html>';

/** Blue, an orange top-left quarter and a half-transparent red bottom-right corner (`half`: its clear colour). */
const picture = (kind: string, attrs: object, half: number[]) =>
  page(`const gl = document.getElementById('c').getContext('${kind}', ${JSON.stringify(attrs)});
const paint = (x, y, w, h, rgba) => {
  gl.enable(gl.SCISSOR_TEST); gl.scissor(x, y, w, h); gl.clearColor(...rgba); gl.clear(gl.COLOR_BUFFER_BIT);
};
window.__game = { frames: 0 };
const frame = () => {
  paint(0, 0, 320, 200, [0.2, 0.4, 0.6, 1]); paint(0, 100, 160, 100, [1, 0.5, 0, 1]);
  paint(240, 0, 80, 50, ${JSON.stringify(half)});
  window.__game.frames++;
  requestAnimationFrame(frame);
};
requestAnimationFrame(frame);`);

/** The game's own state, left the same at the end of each frame and checked at the start of the next one. */
const STATE = (kind: 'webgl' | 'webgl2', attrs: object = {}) =>
  page(`const gl = document.getElementById('c').getContext('${kind}', ${JSON.stringify(attrs)});
const two = ${kind === 'webgl2'};
const own = gl.createFramebuffer();
const target = gl.createTexture();
gl.bindTexture(gl.TEXTURE_2D, target);
gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, 4, 4, 0, gl.RGBA, gl.UNSIGNED_BYTE, null);
gl.bindFramebuffer(gl.FRAMEBUFFER, own);
gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, target, 0);
const texture = gl.createTexture();
const pack = two ? gl.createBuffer() : null;
if (two) { gl.bindBuffer(gl.PIXEL_PACK_BUFFER, pack); gl.bufferData(gl.PIXEL_PACK_BUFFER, 64, gl.STREAM_READ); }
window.__game = { frames: 0, wrong: [] };
const leave = () => {
  gl.activeTexture(gl.TEXTURE0); gl.bindTexture(gl.TEXTURE_2D, target);
  gl.activeTexture(gl.TEXTURE3); gl.bindTexture(gl.TEXTURE_2D, texture);
  gl.pixelStorei(gl.PACK_ALIGNMENT, 1); gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, true);
  if (two) {
    gl.bindFramebuffer(gl.READ_FRAMEBUFFER, own); gl.bindFramebuffer(gl.DRAW_FRAMEBUFFER, null);
    gl.pixelStorei(gl.PACK_ROW_LENGTH, 7); gl.pixelStorei(gl.PACK_SKIP_ROWS, 2); gl.pixelStorei(gl.PACK_SKIP_PIXELS, 3);
  } else gl.bindFramebuffer(gl.FRAMEBUFFER, own);
};
const check = () => {
  const is = (name, value, want) => { if (value !== want) window.__game.wrong.push(name + ': ' + value); };
  is('getError', gl.getError(), gl.NO_ERROR);
  is('active texture unit', gl.getParameter(gl.ACTIVE_TEXTURE), gl.TEXTURE3);
  is('texture unit 3', gl.getParameter(gl.TEXTURE_BINDING_2D), texture);
  is('pack alignment', gl.getParameter(gl.PACK_ALIGNMENT), 1);
  is('unpack flip', gl.getParameter(gl.UNPACK_FLIP_Y_WEBGL), true);
  if (two) {
    is('read framebuffer', gl.getParameter(gl.READ_FRAMEBUFFER_BINDING), own);
    is('draw framebuffer', gl.getParameter(gl.DRAW_FRAMEBUFFER_BINDING), null);
    is('read buffer', gl.getParameter(gl.READ_BUFFER), gl.COLOR_ATTACHMENT0);
    is('pack buffer', gl.getParameter(gl.PIXEL_PACK_BUFFER_BINDING), pack);
    is('pack row length', gl.getParameter(gl.PACK_ROW_LENGTH), 7);
    is('pack skip rows', gl.getParameter(gl.PACK_SKIP_ROWS), 2);
    is('pack skip pixels', gl.getParameter(gl.PACK_SKIP_PIXELS), 3);
  } else is('framebuffer', gl.getParameter(gl.FRAMEBUFFER_BINDING), own);
  gl.activeTexture(gl.TEXTURE0);
  is('texture unit 0', gl.getParameter(gl.TEXTURE_BINDING_2D), target);
};
const frame = () => {
  if (window.__game.frames) check();
  gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  gl.enable(gl.SCISSOR_TEST);
  gl.scissor(0, 0, 320, 200); gl.clearColor(0.2, 0.4, 0.6, 1); gl.clear(gl.COLOR_BUFFER_BIT);
  gl.scissor(0, 100, 160, 100); gl.clearColor(1, 0.5, 0, 1); gl.clear(gl.COLOR_BUFFER_BIT);
  leave();
  window.__game.frames++;
  requestAnimationFrame(frame);
};
requestAnimationFrame(frame);`);

/** A 1024x768 canvas with alpha, read back in three bands of 256 rows: a colour for each band's rows. */
const BANDS = page(`const c = document.getElementById('c'); c.width = 1024; c.height = 768;
const gl = c.getContext('webgl');
const paint = (y, rgba) => {
  gl.enable(gl.SCISSOR_TEST); gl.scissor(0, y, 1024, 256); gl.clearColor(...rgba); gl.clear(gl.COLOR_BUFFER_BIT);
};
window.__game = { frames: 0 };
const frame = () => {
  paint(0, [1, 0, 0, 1]); paint(256, [0, 1, 0, 1]); paint(512, [0, 0, 1, 1]);
  window.__game.frames++;
  requestAnimationFrame(frame);
};
requestAnimationFrame(frame);`);

const HALF_RED = [0.5, 0, 0, 0.5];
const PAGES = {
  'webgl1.html': picture('webgl', {}, HALF_RED),
  'webgl1-no-antialias.html': picture('webgl', { antialias: false }, HALF_RED),
  'webgl1-straight-alpha.html': picture('webgl', { premultipliedAlpha: false }, [1, 0, 0, 0.5]),
  'webgl2.html': picture('webgl2', {}, HALF_RED),
  'webgl1-opaque.html': picture('webgl', { alpha: false }, [1, 0, 0, 1]),
  'webgl1-opaque-no-antialias.html': picture('webgl', { alpha: false, antialias: false }, [1, 0, 0, 1]),
  'webgl2-opaque.html': picture('webgl2', { alpha: false }, [1, 0, 0, 1]),
  'webgl2-opaque-no-antialias.html': picture('webgl2', { alpha: false, antialias: false }, [1, 0, 0, 1]),
  'webgl2-kept.html': picture('webgl2', { preserveDrawingBuffer: true }, HALF_RED),
  'bands.html': BANDS,
  'state-webgl1.html': STATE('webgl'),
  'state-webgl2.html': STATE('webgl2'),
  'state-webgl1-opaque.html': STATE('webgl', { alpha: false }),
  'state-webgl2-opaque.html': STATE('webgl2', { alpha: false }),
};

let server: TestServer;
let browser: Browser;
useEngines(
  (s, b) => {
    server = s;
    browser = b;
  },
  [],
  PAGES,
);

/** The page, once the widget's overlay chunk is prepared (the GPU copy ships in it) and the game drew. */
async function warmGame(name: string): Promise<Page> {
  const p = await (await browser.newContext()).newPage();
  await p.goto(`${server.url}/engines/${name}`);
  await p.waitForFunction(
    () => (window as any).__game?.frames > 10 && document.querySelector('iframe[data-glitchbox]'),
  );
  await p.waitForTimeout(500);
  return p;
}

/** How many grabs were read back after their frame (the GPU copy's User Timing entries). */
const readBacks = (p: Page) => p.evaluate(() => performance.getEntriesByName('glitchbox:grab-read').length);

// Points in the picture, top down: the orange quarter, the blue field, the half-transparent corner.
const POINTS: Array<[number, number]> = [
  [40, 40],
  [200, 60],
  [280, 180],
];

test.each([
  ['webgl1.html', [255, 128, 128, 255]],
  ['webgl1-no-antialias.html', [255, 128, 128, 255]],
  ['webgl1-straight-alpha.html', [255, 128, 128, 255]],
  ['webgl2.html', [255, 128, 128, 255]],
  ['webgl2-kept.html', [255, 128, 128, 255]],
  // Opaque ones are grabbed in the game's next drawn frame (by createImageBitmap, counted as the read after it).
  ['webgl1-opaque.html', [255, 0, 0, 255]],
  ['webgl1-opaque-no-antialias.html', [255, 0, 0, 255]],
  ['webgl2-opaque.html', [255, 0, 0, 255]],
  ['webgl2-opaque-no-antialias.html', [255, 0, 0, 255]],
])('%s: the picture read back after the frame is the frame the player saw, upright', async (name, corner) => {
  const p = await warmGame(name);
  const issue = await reportFromGame(p, server, `marker-gpu-${name}`);
  expect(Math.min(await readBacks(p), 1), 'read back after the frame').toBe(1);
  const shot = await imagePixels(p, issue.screenshots[0].url, POINTS);
  expect([shot.width, shot.height]).toEqual([320, 200]);
  const [orange, blue, half] = shot.pixels;
  expect(near(orange, [255, 128, 0, 255]), `top-left quarter ${orange}`).toBe(true);
  expect(near(blue, [51, 102, 153, 255]), `field ${blue}`).toBe(true);
  expect(near(half, corner), `bottom-right corner over the white page ${half}`).toBe(true);
  await p.context().close();
});

test('a large canvas is read back a band of rows at a time, each band in its place', async () => {
  const p = await warmGame('bands.html');
  const issue = await reportFromGame(p, server, 'marker-gpu-bands');
  expect(await readBacks(p), 'one read a band').toBe(3);
  // GL rows run bottom up: the last band drawn (blue) is the picture's top.
  const shot = await imagePixels(p, issue.screenshots[0].url, [
    [500, 100],
    [500, 380],
    [500, 660],
  ]);
  expect([shot.width, shot.height]).toEqual([1024, 768]);
  const [top, middle, bottom] = shot.pixels;
  expect(near(top, [0, 0, 255, 255]), `top band ${top}`).toBe(true);
  expect(near(middle, [0, 255, 0, 255]), `middle band ${middle}`).toBe(true);
  expect(near(bottom, [255, 0, 0, 255]), `bottom band ${bottom}`).toBe(true);
  await p.context().close();
});

test.each(['webgl1', 'webgl2', 'webgl1-opaque', 'webgl2-opaque'])(
  '%s: the bindings, pack state and error flag the game left are the same after the grab',
  async (kind) => {
    const p = await warmGame(`state-${kind}.html`);
    const issue = await reportFromGame(p, server, `marker-gpu-state-${kind}`);
    const drawn = await p.evaluate(() => (window as any).__game.frames);
    await p.waitForFunction((n) => (window as any).__game.frames > n + 5, drawn);
    expect(await readBacks(p), 'read back after the frame').toBeGreaterThan(0);
    expect(await p.evaluate(() => (window as any).__game.wrong)).toEqual([]);
    // The picture is the default framebuffer the game drew, not the framebuffer it left bound.
    const shot = await imagePixels(p, issue.screenshots[0].url, POINTS.slice(0, 2));
    expect(near(shot.pixels[0], [255, 128, 0, 255]), `top-left quarter ${shot.pixels[0]}`).toBe(true);
    expect(near(shot.pixels[1], [51, 102, 153, 255]), `field ${shot.pixels[1]}`).toBe(true);
    await p.context().close();
  },
);
