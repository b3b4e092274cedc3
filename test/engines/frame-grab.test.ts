// When and what the grab reads, on hand-written WebGL pages whose every pixel is known: after the
// frame's LAST rAF callback (a frame drawn by two loops), a one-colour frame kept as a picture, and the
// default canvas chosen by its context and frames (a same-size 2D HUD canvas drawn over it as an overlay).
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { imagePixels, near } from '../e2e/harness.ts';
import { engineTag, useEngines } from './harness.ts';
import { reportFromGame } from '../helpers/player-report.ts';

const TAG = engineTag();
/** A 320x200 WebGL canvas #c and helpers: fill it, paint a rectangle (scissored clear), count frames. */
const GL = `<canvas id="c" width="320" height="200"></canvas><script>
const c = document.getElementById('c');
const gl = c.getContext('webgl');
const paint = (x, y, w, h, rgb) => {
  gl.enable(gl.SCISSOR_TEST); gl.scissor(x, y, w, h); gl.clearColor(...rgb, 1); gl.clear(gl.COLOR_BUFFER_BIT);
};
const fill = (rgb) => { gl.disable(gl.SCISSOR_TEST); gl.clearColor(...rgb, 1); gl.clear(gl.COLOR_BUFFER_BIT); };
const loop = (fn) => { const run = () => { fn(); requestAnimationFrame(run); }; requestAnimationFrame(run); };
const BLUE = [0.2, 0.4, 0.6];
const ORANGE = [1, 0.5, 0];
window.__game = { frames: 0 };`;
const page = (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8">${TAG}</head>` +
  `<body style="margin:0;background:#fff">${body}</body></html>`;

const PAGES = {
  // Two loops, as PixiJS 7's tickers or a game with a logic loop: the first clears to blue, the second
  // (queued later, so it runs last in each frame) draws an orange square in the middle.
  'two-loops.html': page(`${GL}
loop(() => fill(BLUE));
loop(() => { paint(110, 50, 100, 100, ORANGE); window.__game.frames++; });</script>`),
  // A loading screen: one colour, every frame.
  'one-colour.html': page(`${GL}
loop(() => { fill([0.2, 0.6, 0.3]); window.__game.frames++; });</script>`),
  // A 2D HUD canvas of the same size, first in the page and stacked over the WebGL game canvas.
  'hud-canvas.html': page(`<div style="position:relative;width:320px;height:200px">
<canvas id="hud" width="320" height="200" style="position:absolute;left:0;top:0;z-index:2;pointer-events:none"></canvas>
<div style="position:absolute;left:0;top:0">${GL}
const hud = document.getElementById('hud').getContext('2d');
loop(() => {
  fill(BLUE); paint(110, 50, 100, 100, ORANGE);
  hud.clearRect(0, 0, 320, 200); hud.fillStyle = '#fff'; hud.fillRect(10, 10, 60, 20);
  window.__game.frames++;
});</script></div></div>`),
  // Drawn from a timer, outside requestAnimationFrame.
  'timer-loop.html': page(`${GL}
setInterval(() => { fill(BLUE); paint(110, 50, 100, 100, ORANGE); window.__game.frames++; }, 50);</script>`),
  // The widget imported (the npm entry) a second after the game's loops started, with no tag.
  'late-import.html': `<!doctype html><html><body style="margin:0">${GL}
loop(() => fill(BLUE));
loop(() => { paint(110, 50, 100, 100, ORANGE); window.__game.frames++; });
const options = { projectId: 'pr-4242', token: 'tkn-demo', endpoint: location.origin + '/', hotkey: 'F8' };
options.playtime = false;
setTimeout(() => import('/widget/esm/index.js').then((m) => { m.init(options); window.__widgetReady = true; }), 1000);
</script></body></html>`,
  // Draws a few frames, then stops drawing for good (a frozen game): no frame can be read in time.
  'stopped.html': page(`${GL}
const step = () => { fill(BLUE); if (++window.__game.frames < 12) requestAnimationFrame(step); };
requestAnimationFrame(step);</script>`),
};

const engines = useEngines({ games: [], pages: PAGES });

/** Opens the page, reports with the hotkey, and returns the uploaded screenshot's pixels at the points. */
async function reportFrom(
  name: string,
  marker: string,
  points: Array<[number, number]>,
): Promise<{ pixels: number[][]; log: string; p: Page }> {
  const p = await (await engines.browser.newContext()).newPage();
  await p.goto(`${engines.server.url}/engines/${name}`);
  await p.waitForFunction(() => {
    const w = window as any;
    return w.__game?.frames > 10 && (w.Glitchbox || w.__widgetReady);
  });
  await p.waitForTimeout(name === 'stopped.html' ? 800 : 0);
  const issue = await reportFromGame(p, engines.server, marker, {
    shows: name === 'stopped.html' ? 'form' : 'picture',
  });
  const log = await (await fetch(issue.log_files[0].url)).text();
  if (!points.length) return { pixels: [], log, p };
  const shot = await imagePixels(p, issue.screenshots[0].url, points);
  expect([shot.width, shot.height]).toEqual([320, 200]);
  return { pixels: shot.pixels, log, p };
}

test('grabs the frame after its last rAF callback, when two loops draw it', async () => {
  const { pixels, log } = await reportFrom('two-loops.html', 'marker-two-loops', [
    [10, 10],
    [160, 100],
  ]);
  expect(near(pixels[0], [51, 102, 153, 255]), `background ${pixels[0]}`).toBe(true);
  expect(near(pixels[1], [255, 128, 0, 255]), `the second loop's square ${pixels[1]}`).toBe(true);
  expect(log).not.toMatch(/# Screenshot/);
});

test('keeps a one-colour frame as the picture: only transparent black is blank', async () => {
  const { pixels, log } = await reportFrom('one-colour.html', 'marker-one-colour', [
    [5, 5],
    [300, 190],
  ]);
  for (const px of pixels) expect(near(px, [51, 153, 77, 255]), `pixel ${px}`).toBe(true);
  expect(log).not.toMatch(/# Screenshot/);
});

test('chooses the WebGL canvas the game draws into over a same-size HUD canvas, drawing the HUD over it', async () => {
  const { pixels } = await reportFrom('hud-canvas.html', 'marker-hud-canvas', [
    [40, 20],
    [160, 100],
    [200, 180],
  ]);
  expect(near(pixels[0], [255, 255, 255, 255]), `HUD box ${pixels[0]}`).toBe(true);
  expect(near(pixels[1], [255, 128, 0, 255]), `game square ${pixels[1]}`).toBe(true);
  expect(near(pixels[2], [51, 102, 153, 255]), `game background ${pixels[2]}`).toBe(true);
});

test('grabs a frame drawn from a timer, outside requestAnimationFrame', async () => {
  const { pixels } = await reportFrom('timer-loop.html', 'marker-timer-loop', [
    [10, 10],
    [160, 100],
  ]);
  expect(near(pixels[0], [51, 102, 153, 255]), `background ${pixels[0]}`).toBe(true);
  expect(near(pixels[1], [255, 128, 0, 255]), `square ${pixels[1]}`).toBe(true);
});

test('grabs the whole frame when the widget is imported after the game started its loops', async () => {
  const { pixels } = await reportFrom('late-import.html', 'marker-late-import', [
    [10, 10],
    [160, 100],
  ]);
  expect(near(pixels[0], [51, 102, 153, 255]), `background ${pixels[0]}`).toBe(true);
  expect(near(pixels[1], [255, 128, 0, 255]), `the second loop's square ${pixels[1]}`).toBe(true);
});

test('when no frame is read in time, says so in the log and makes later WebGL contexts keep their buffer', async () => {
  const { log, p } = await reportFrom('stopped.html', 'marker-stopped', []);
  expect(log).toMatch(
    /^# Screenshot \(none\): (Waited \d+ ms[^.]*\. )?No frame drew the canvas in time.*preserveDrawingBuffer/,
  );
  expect(log).toMatch(/A DOM capture showed nothing where the canvas is/);
  const preserved = () =>
    document.createElement('canvas').getContext('webgl')!.getContextAttributes()!.preserveDrawingBuffer;
  expect(await p.evaluate(preserved)).toBe(true);
});
