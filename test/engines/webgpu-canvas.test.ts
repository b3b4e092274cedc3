// A WebGPU game (three.js WebGPURenderer, on Chromium's SwiftShader adapter with --enable-unsafe-webgpu): its
// canvas cannot be read after the frame is shown, so the screenshot is declined with a note that names WebGPU
// (never a blank or a wrong note about preserveDrawingBuffer), the player is offered an image file, and the
// device info's GPU line comes from the WebGPU adapter, not from a WebGL context the game does not have.
import { resolve } from 'node:path';
import { expect, test } from 'vitest';
import { useEngines } from './harness.ts';
import { reportFromGame } from '../helpers/player-report.ts';

const engines = useEngines({
  games: ['three-webgpu'],
  from: resolve(import.meta.dirname, 'webgpu'),
  args: ['--enable-unsafe-webgpu'],
});

test.each(['before', 'after'])(
  'three.js WebGPURenderer, tag %s: declined with a WebGPU note, GPU line from the adapter',
  async (tag) => {
    const page = await (await engines.browser.newContext({ viewport: { width: 800, height: 600 } })).newPage();
    try {
      await page.goto(`${engines.server.url}/engines/three-webgpu-${tag}.html`);
      await page.waitForFunction(() => (window as any).__game?.frames > 30, undefined, { timeout: 30_000 });
      expect(await page.evaluate(() => (window as any).__backend), 'three.js runs on WebGPU here').toBe('webgpu');
      // After the widget's idle GPU read (2 s after start).
      await page.waitForTimeout(2500);
      const issue = await reportFromGame(page, engines.server, `webgpu-${tag}`, {
        shows: 'file-offer',
        timeout: 20_000,
        text: 'the boxes look wrong',
      });
      expect(issue.screenshots).toEqual([]);
      const log = await (await fetch(issue.log_files[0].url)).text();
      expect(log).toMatch(/^# Screenshot \(none\): .*A WebGPU canvas: .*offered to choose an image file/m);
      expect(log).not.toMatch(/preserveDrawingBuffer/);
      expect(issue.device.configuration.gpu).toMatch(/\(WebGPU adapter\)$/);
    } finally {
      await page.context().close();
    }
  },
  60_000,
);
