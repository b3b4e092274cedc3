// The engine matrix: real engines from npm (three.js, also with alpha over a dark page and with a HUD canvas in a
// positioned container, Phaser 3, PixiJS 7 and 8, Babylon.js), a Canvas 2D game and a slow WebGL game, each with
// the widget's tag before and after the game's script. For each: the uploaded screenshot is the frame the player
// saw, no key is stuck after close, opening the form costs the game no long task, and the report arrives once.
import { describe, expect, test } from 'vitest';
import { inOverlay } from '../e2e/harness.ts';
import { GAMES, imageDifference, useEngines } from './harness.ts';
import { reportFromGame } from '../helpers/player-report.ts';

const engines = useEngines();

/**
 * Largest mean difference (0-255 per channel, both pictures scaled to 64x36) between the uploaded
 * screenshot and a page screenshot taken just before the hotkey. The scenes sway at most 10 px/s and
 * turn at most 0.1 rad/s, and the grab comes a few frames later (up to ~350 ms in the slow game):
 * measured 0.0-0.72 on this machine, in quiet and in full-suite runs.
 * The blue background alone (most of each scene) differs from white by 153 and from black by 102, so a
 * transparent frame over the white page or a black one is far over 4, which leaves room for software
 * rendering's timing.
 */
const MAX_DIFFERENCE = 4;
/**
 * The longest task from the hotkey until the screenshot shows in the form, first open. A quiet run of
 * this file measures 0 for every page (no task over 50 ms, the Long Tasks API's threshold); the full
 * suite, with other files and other work on the two cores, measured up to 220 ms (software rendering of
 * a frame and of the form's first paint, stretched). Long Animation Frames cannot tell the widget's
 * script from the game's (every game rAF callback runs inside the widget's wrapper), so the 50 ms
 * budget is measured by the bench (`npm run bench -- widget`); here 350 ms fails the stalls found in
 * real games (reading the GPU name on open: 381-480 ms, a WebGL context made for it: 400-1,700 ms,
 * html2canvas on open: seconds).
 */
const TASK_MS = 350;

describe.each(GAMES)('%s', (game) => {
  const title = 'tag %s the game script: the frame seen, no stuck key, no long task, one report';
  test.each(['before', 'after'] as const)(
    title,
    async (tag) => {
      const context = await engines.browser.newContext({ viewport: { width: 800, height: 600 } });
      const page = await context.newPage();
      try {
        await page.goto(`${engines.server.url}/engines/${game}-${tag}.html`);
        await page.waitForFunction(() => (window as any).__game?.frames > 10, undefined, { timeout: 20_000 });
        // The player presses the key once the game has settled: after the widget's warm-up while idle (from 1.5 s
        // on) and 400 ms without a long task (engine start-up), so the tasks counted are the ones the open causes.
        await page.waitForFunction(
          () => {
            const last = (window as any).__longtasks.at(-1);
            return performance.now() > 3000 && (!last || performance.now() - (last.start + last.duration) > 400);
          },
          undefined,
          { timeout: 20_000, polling: 100 },
        );
        const box = (await page.locator('canvas').first().boundingBox())!;
        const seen = (await page.screenshot({ clip: box })).toString('base64');
        const pressedAt = await page.evaluate(() => performance.now());
        let longest = 0;
        const issue = await reportFromGame(page, engines.server, `matrix-${game}-${tag}`, {
          text: 'the boxes look wrong',
          whileOpen: async () => {
            longest = await page.evaluate(
              (t0) =>
                Math.max(
                  0,
                  ...(window as any).__longtasks.filter((e: any) => e.start >= t0).map((e: any) => e.duration),
                ),
              pressedAt,
            );
          },
        });
        await page.keyboard.press('Escape');
        await expect.poll(() => inOverlay(page).locator('dialog').count()).toBe(0);

        // Nothing held after close, and the game hears the next key at once.
        expect(await page.evaluate(() => [...(window as any).__game.held])).toEqual([]);
        await page.keyboard.down('KeyD');
        expect(await page.evaluate(() => [...(window as any).__game.held])).toEqual(['KeyD']);
        await page.keyboard.up('KeyD');

        expect(issue.screenshots).toHaveLength(1);
        const { diff, size } = await imageDifference(page, `data:image/png;base64,${seen}`, issue.screenshots[0].url);
        expect(size[1], 'screenshot size is the canvas size').toEqual(
          await page.evaluate(() => {
            const c = document.querySelector('canvas')!;
            return [c.width, c.height];
          }),
        );
        expect(diff, `${game} (${tag}): difference ${diff.toFixed(1)} from the page`).toBeLessThan(MAX_DIFFERENCE);
        const frames: Array<{ scripts: Array<[string, string, number]> }> = await page.evaluate(
          (t0) => (window as any).__frames.filter((e: any) => e.start >= t0),
          pressedAt,
        );
        const detail = `long frames after the hotkey: ${JSON.stringify(frames)}`;
        expect(longest, `${game} (${tag}): longest task after the hotkey; ${detail}`).toBeLessThan(TASK_MS);
        console.log(
          `[matrix] ${game} tag ${tag}: difference ${diff.toFixed(2)}, ` + `longest task ${longest.toFixed(0)} ms`,
        );
      } finally {
        await context.close();
      }
    },
    60_000,
  );
});
