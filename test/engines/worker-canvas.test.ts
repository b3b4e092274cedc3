// Construct's worker mode, as a faithful minimal page: the game hands its canvas to a worker
// (transferControlToOffscreen) that draws every frame with WebGL. The page never sees those draws, but the
// placeholder canvas holds the frame the worker last committed, readable at any time: the screenshot is that
// frame, with no note about preserveDrawingBuffer, and the GPU line says the game draws from a worker.
import { expect, test } from 'vitest';
import { imagePixels, near } from '../e2e/harness.ts';
import { engineTag, useEngines } from './harness.ts';
import { reportFromGame } from '../helpers/player-report.ts';

const TAG = engineTag();
/** The worker: blue with an orange square, redrawn each frame with WebGL on the transferred canvas. */
const WORKER = `onmessage = (e) => {
  const gl = e.data.canvas.getContext('webgl');
  const frame = () => {
    gl.disable(gl.SCISSOR_TEST); gl.clearColor(0.2, 0.4, 0.6, 1); gl.clear(gl.COLOR_BUFFER_BIT);
    gl.enable(gl.SCISSOR_TEST); gl.scissor(110, 50, 100, 100); gl.clearColor(1, 0.5, 0, 1);
    gl.clear(gl.COLOR_BUFFER_BIT); postMessage('frame'); requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
};`;
const PAGE =
  `<!doctype html><html><head><meta charset="utf-8">${TAG}</head><body style="margin:0;background:#fff">` +
  `<canvas id="c" width="320" height="200"></canvas><script>
window.__game = { frames: 0 };
const worker = new Worker(URL.createObjectURL(new Blob([${JSON.stringify(WORKER)}], { type: 'text/javascript' })));
worker.onmessage = () => window.__game.frames++;
const offscreen = document.getElementById('c').transferControlToOffscreen();
worker.postMessage({ canvas: offscreen }, [offscreen]);
</script></body></html>`;

const engines = useEngines({ games: [], pages: { 'worker-canvas.html': PAGE } });

test('a canvas drawn from a worker: its committed frame is the picture, the GPU line says worker', async () => {
  const page = await (await engines.browser.newContext()).newPage();
  try {
    await page.goto(`${engines.server.url}/engines/worker-canvas.html`);
    await page.waitForFunction(() => (window as any).__game.frames > 30 && (window as any).Glitchbox);
    await page.waitForTimeout(2500);
    const issue = await reportFromGame(page, engines.server, 'worker-canvas');
    const log = await (await fetch(issue.log_files[0].url)).text();
    expect(log).not.toMatch(/# Screenshot/);
    expect(issue.device.configuration.gpu).toMatch(/worker \(OffscreenCanvas\)/);
    expect(issue.screenshots).toHaveLength(1);
    const shot = await imagePixels(page, issue.screenshots[0].url, [
      [10, 10],
      [160, 100],
    ]);
    expect(near(shot.pixels[0], [51, 102, 153, 255]), `background ${shot.pixels[0]}`).toBe(true);
    expect(near(shot.pixels[1], [255, 128, 0, 255]), `square ${shot.pixels[1]}`).toBe(true);
  } finally {
    await page.context().close();
  }
}, 60_000);
