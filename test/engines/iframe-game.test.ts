// The iframe recipe (docs/widget.md#recipes-per-engine): a three.js game in an <iframe> of a portal page, with
// the tag in the game's own frame. The hotkey pressed while the player plays in the frame opens the form there,
// and the screenshot is the frame the player saw. A tag on the portal page is documented as not working.
import { expect, test } from 'vitest';
import { imageDifference, useEngines } from './harness.ts';
import { reportFromGame } from '../helpers/player-report.ts';

const PORTAL =
  '<!doctype html><html><head><meta charset="utf-8"><title>portal</title></head>' +
  '<body style="margin:0;background:#eee"><h1 style="margin:8px;font:20px sans-serif">Games portal</h1>' +
  '<iframe src="three-before.html" width="660" height="380" style="border:0;margin:20px"></iframe></body></html>';

const engines = useEngines({ games: ['three'], pages: { 'portal.html': PORTAL } });

test('a tag in the game frame: the hotkey pressed while playing opens the form there, with the frame seen', async () => {
  const page = await (await engines.browser.newContext({ viewport: { width: 800, height: 600 } })).newPage();
  try {
    await page.goto(`${engines.server.url}/engines/portal.html`);
    const frame = page.frameLocator('iframe');
    const game = page.frames().find((f) => f.url().endsWith('three-before.html'))!;
    await game.waitForFunction(() => (window as any).__game?.frames > 30, undefined, { timeout: 20_000 });
    await page.waitForTimeout(2000);
    // The player clicks into the game: keys now go to the frame's document.
    const canvas = frame.locator('canvas');
    await canvas.click();
    const box = (await canvas.boundingBox())!;
    const seen = (await page.screenshot({ clip: box })).toString('base64');
    const issue = await reportFromGame(page, engines.server, 'iframe-game', { game, text: 'the boxes look wrong' });
    expect(issue.screenshots).toHaveLength(1);
    const { diff } = await imageDifference(page, `data:image/png;base64,${seen}`, issue.screenshots[0].url);
    expect(diff, `difference ${diff.toFixed(2)} from the page`).toBeLessThan(4);
  } finally {
    await page.context().close();
  }
}, 60_000);
