// A game that stops drawing (its loop throws) on a WebGL context with alpha: false and no
// preserveDrawingBuffer, in three.js, Phaser 3 and PixiJS 7: the canvas then reads opaque black outside
// a frame. The player never gets that black as the game's picture: the form says the picture could not
// be taken and offers an image file, and the report's log says why.
import { resolve } from 'node:path';
import { expect, test } from 'vitest';
import { useEngines } from './harness.ts';
import { reportFromGame } from '../helpers/player-report.ts';

const ENGINES = ['three', 'phaser', 'pixi7'];
/**
 * The context alpha each engine really asks for. three.js asks for alpha: true whatever its own alpha option
 * (it clears to an opaque colour itself), so its cleared buffer reads transparent black, not opaque black.
 */
const CONTEXT_ALPHA: Record<string, boolean> = { three: true, phaser: false, pixi7: false };
const engines = useEngines({ games: ENGINES, from: resolve(import.meta.dirname, 'stalled') });

test.each(ENGINES)(
  '%s stopped drawing: no silent black picture, the player is offered a file',
  async (engine) => {
    const page = await (await engines.browser.newContext({ viewport: { width: 800, height: 600 } })).newPage();
    try {
      await page.goto(`${engines.server.url}/engines/${engine}-after.html`);
      await page.waitForFunction(() => (window as any).__game?.frames >= 40, undefined, { timeout: 20_000 });
      const attributes = await page.evaluate(() => {
        const c = document.querySelector('canvas')!;
        const gl = (c.getContext('webgl2') ?? c.getContext('webgl'))!;
        return gl.getContextAttributes();
      });
      expect(attributes, 'the engine made a context that drops its buffer').toMatchObject({
        alpha: CONTEXT_ALPHA[engine],
        preserveDrawingBuffer: false,
      });
      // Frozen for longer than the grab waits for a frame.
      await page.waitForTimeout(1500);
      expect(await page.evaluate(() => (window as any).__game.frames)).toBe(40);
      const issue = await reportFromGame(page, engines.server, `stalled-${engine}`, {
        shows: 'file-offer',
        text: 'the game froze',
      });
      expect(issue.screenshots).toEqual([]);
      const log = await (await fetch(issue.log_files[0].url)).text();
      expect(log).toMatch(/^# Screenshot \(none\): .*No frame drew the canvas in time \(it last drew \d+ ms before\)/m);
      const cleared = CONTEXT_ALPHA[engine]
        ? /frame was blank \(transparent black\)/
        : /read one colour outside a frame: its cleared buffer/;
      expect(log).toMatch(cleared);
      expect(log).toMatch(/offered to choose an image file/);
    } finally {
      await page.context().close();
    }
  },
  60_000,
);
