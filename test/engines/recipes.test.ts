// docs/widget.md#recipes-per-engine tried as written: Unity 2018 and 2019 (UnityLoader's own canvas in the
// template's container), Unity 2020+ (createUnityInstance with preserveDrawingBuffer, frozen), an Emscripten/raylib
// shell (capture-phase key listeners, alpha over black), PlayCanvas from npm, and an iframe portal with its bridge.
// Each page types into the form with real keys, sends, and the issue carries the picture the page showed.
import { resolve } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { outcome } from '../helpers/outcome.ts';
import type { TestServer } from '../helpers/server.ts';
import { inOverlay, issuesWith, overlay } from '../e2e/harness.ts';
import { imageDifference, useEngines } from './harness.ts';
import { RECIPE_PAGES, RECIPE_SCRIPTS } from './recipes/pages.ts';

let server: TestServer;
let browser: Browser;
useEngines(
  (s, b) => {
    server = s;
    browser = b;
  },
  RECIPE_SCRIPTS,
  RECIPE_PAGES,
  resolve(import.meta.dirname, 'recipes'),
);

/** Sent, or still being sent in the background (a loaded machine): either way the report must arrive. */
const DELIVERED = /^(sent|queued)$/;
const game = (where: Page | Frame) => where.evaluate(() => (window as any).__game as { frames: number; keys?: number });

/** Opens the recipe's page and waits until the game drew and the tag is warm. */
async function open(name: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 800, height: 600 } })).newPage();
  await page.goto(`${server.url}/engines/${name}.html`);
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
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  await inOverlay(page).locator('img.gb-thumb').waitFor({ timeout: 15_000 });
  const keysBefore = (await game(page)).keys;
  await inOverlay(page).locator('#gb-desc').click();
  await page.keyboard.type(`${marker}: the square drifts`);
  expect(await inOverlay(page).locator('#gb-desc').inputValue()).toBe(`${marker}: the square drifts`);
  // Typing in the form never reaches the engine's capture-phase window listeners.
  expect((await game(page)).keys).toBe(keysBefore);
  await inOverlay(page).locator('#gb-send').click();
  // On a loaded machine delivery may outlast the form's wait ("still being sent"): the report must arrive anyway.
  await expect.poll(async () => DELIVERED.test(String(await outcome(page))), { timeout: 30_000 }).toBe(true);
  await expect.poll(async () => (await issuesWith(server, marker)).length, { timeout: 60_000 }).toBe(1);
  const [issue] = await issuesWith(server, marker);
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
  const page = await (await browser.newContext({ viewport: { width: 800, height: 600 } })).newPage();
  try {
    await page.goto(`${server.url}/engines/bridge-portal.html`);
    const frame = page.frames().find((f) => f.url().endsWith('bridge-game.html'))!;
    await frame.waitForFunction(() => (window as any).__game?.frames > 30 && (window as any).Glitchbox);
    await page.waitForTimeout(1500);
    await page.locator('#report-bug').click();
    await overlay(frame).waitFor();
    await inOverlay(frame).locator('img.gb-thumb').waitFor({ timeout: 15_000 });
    await inOverlay(frame).locator('#gb-desc').fill('bridge-recipe: opened from the portal');
    await inOverlay(frame).locator('#gb-send').click();
    await expect
      .poll(async () => DELIVERED.test(String(await outcome(inOverlay(frame)))), { timeout: 30_000 })
      .toBe(true);
    await expect.poll(async () => (await issuesWith(server, 'bridge-recipe')).length, { timeout: 60_000 }).toBe(1);
    const [issue] = await issuesWith(server, 'bridge-recipe');
    expect(issue.screenshots).toHaveLength(1);
  } finally {
    await page.context().close();
  }
}, 150_000);
