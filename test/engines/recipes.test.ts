// docs/widget.md#recipes-per-engine tried as written: Unity 2018 and 2019 (UnityLoader's own canvas in the
// template's container), Unity 2020+ (createUnityInstance with preserveDrawingBuffer, frozen), an Emscripten/raylib
// shell (capture-phase key listeners, alpha over black), PlayCanvas from npm, and an iframe portal with its bridge.
// Each page types into the form with real keys, sends, and the issue carries the picture the page showed.
import { resolve } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { imageDifference, useEngines } from './harness.ts';
import { reportFromGame } from '../helpers/player-report.ts';
import { RECIPE_PAGES, RECIPE_SCRIPTS } from './recipes/pages.ts';

const engines = useEngines({
  games: RECIPE_SCRIPTS,
  pages: RECIPE_PAGES,
  from: resolve(import.meta.dirname, 'recipes'),
});

const game = (where: Page | Frame) => where.evaluate(() => (window as any).__game as { frames: number; keys?: number });

/** Opens the recipe's page and waits until the game drew and the tag is warm. */
async function open(name: string): Promise<Page> {
  const page = await (await engines.browser.newContext({ viewport: { width: 800, height: 600 } })).newPage();
  await page.goto(`${engines.server.url}/engines/${name}.html`);
  await page.waitForFunction(() => (window as any).__game?.frames > 30 && (window as any).Glitchbox, undefined, {
    timeout: 30_000,
  });
  await page.waitForTimeout(1500);
  return page;
}

/**
 * The player's report: F8, the description typed key by key, Send. Returns the created issue and the mean
 * difference of its screenshot from the page's own picture of the canvas taken at the key.
 */
async function report(page: Page, canvas: string, marker: string): Promise<{ issue: any; diff: number }> {
  const box = (await page.locator(canvas).boundingBox())!;
  const seen = (await page.screenshot({ clip: box })).toString('base64');
  let keysBefore: number | undefined;
  const issue = await reportFromGame(page, engines.server, marker, {
    text: 'the square drifts',
    typed: true,
    queuedIsFine: true,
    whileOpen: async () => {
      keysBefore = (await game(page)).keys;
    },
  });
  // Typing in the form never reached the engine's capture-phase window listeners.
  expect((await game(page)).keys).toBe(keysBefore);
  expect(issue.screenshots).toHaveLength(1);
  const { diff } = await imageDifference(page, `data:image/png;base64,${seen}`, issue.screenshots[0].url);
  return { issue, diff };
}

/** The engine hears keys while it plays (its listeners are real), before the form opens. */
async function engineHearsKeys(page: Page): Promise<void> {
  await page.keyboard.press('KeyA');
  expect((await game(page)).keys).toBeGreaterThan(0);
}

for (const [version, container] of [
  ['2018', 'gameContainer'],
  ['2019', 'unityContainer'],
] as const) {
  test(`Unity ${version}: data-canvas="#${container} canvas" finds the canvas, keys stay in the form`, async () => {
    const page = await open(`unity-${version}`);
    try {
      await engineHearsKeys(page);
      // UnityLoader's canvas has the literal id "#canvas": the selector `#canvas` would match nothing.
      expect(await page.locator('#canvas').count()).toBe(0);
      const { diff } = await report(page, `#${container} canvas`, `unity-${version}-recipe`);
      expect(diff, `difference ${diff.toFixed(2)} from the page`).toBeLessThan(4);
    } finally {
      await page.context().close();
    }
  }, 150_000);
}

test('Unity 2020+: createUnityInstance with preserveDrawingBuffer gives a frozen game its last frame', async () => {
  const page = await open('unity-2020');
  try {
    await engineHearsKeys(page);
    // The game freezes; past the grab's 4 s wait the canvas is read as it is, and it kept its buffer.
    await page.evaluate(() => {
      (window as any).__game.stop = true;
    });
    await page.waitForTimeout(4500);
    const { diff } = await report(page, '#unity-canvas', 'unity-2020-recipe');
    expect(diff, `difference ${diff.toFixed(2)} from the page`).toBeLessThan(4);
  } finally {
    await page.context().close();
  }
}, 150_000);

test('Emscripten/raylib shell, tag first in <head>: alpha 0.5 is sent over the black behind the canvas', async () => {
  const page = await open('emscripten');
  try {
    await engineHearsKeys(page);
    const { diff } = await report(page, '#canvas', 'emscripten-recipe');
    expect(diff, `difference ${diff.toFixed(2)} from the page`).toBeLessThan(4);
  } finally {
    await page.context().close();
  }
}, 150_000);

test('Emscripten/raylib shell, tag after the game: its key listeners came first, the form keeps its keys', async () => {
  const page = await open('emscripten-late');
  try {
    await engineHearsKeys(page);
    const { diff } = await report(page, '#canvas', 'emscripten-late-recipe');
    expect(diff, `difference ${diff.toFixed(2)} from the page`).toBeLessThan(4);
  } finally {
    await page.context().close();
  }
}, 150_000);

test('PlayCanvas from npm: the frame after its tick is the picture', async () => {
  const page = await open('playcanvas');
  try {
    const attributes = await page.evaluate(() => {
      const canvas = document.querySelector('#application') as HTMLCanvasElement;
      return (canvas.getContext('webgl2') ?? canvas.getContext('webgl'))?.getContextAttributes();
    });
    // Opaque and dropped once shown: read outside its frame it would be opaque black (declined, never sent).
    expect(attributes).toMatchObject({ alpha: false, preserveDrawingBuffer: false });
    const { diff } = await report(page, '#application', 'playcanvas-recipe');
    expect(diff, `difference ${diff.toFixed(2)} from the page`).toBeLessThan(4);
  } finally {
    await page.context().close();
  }
}, 150_000);

test('iframe bridge: the portal’s button posts to the game’s frame, whose tag opens the form there', async () => {
  const page = await (await engines.browser.newContext({ viewport: { width: 800, height: 600 } })).newPage();
  try {
    await page.goto(`${engines.server.url}/engines/bridge-portal.html`);
    const frame = page.frames().find((f) => f.url().endsWith('bridge-game.html'))!;
    await frame.waitForFunction(() => (window as any).__game?.frames > 30 && (window as any).Glitchbox);
    await page.waitForTimeout(1500);
    const issue = await reportFromGame(page, engines.server, 'bridge-recipe', {
      game: frame,
      open: () => page.locator('#report-bug').click(),
      text: 'opened from the portal',
      queuedIsFine: true,
    });
    expect(issue.screenshots).toHaveLength(1);
  } finally {
    await page.context().close();
  }
}, 150_000);
