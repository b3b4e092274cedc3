// The screenshot editor in Chromium: a colour choice, a text label, undo and redo from the keyboard and the
// gamepad's shoulder buttons, and the sent issue's annotation layer holding what was left drawn.
import { createRequire } from 'node:module';
import type { Browser, Locator } from 'playwright-core';
import { expect, test } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { imagePixels, inOverlay, issuesWith, near, openGame, overlay, overlayFrame, useDemoGame } from './harness.ts';
import { installVirtualPad, setButtons } from './virtual-pad.ts';

let server: TestServer;
let browser: Browser;
useDemoGame((started, launched) => {
  server = started;
  browser = launched;
});

const YELLOW = [250, 204, 21, 255];
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Pixels drawn on the editor's canvas (screenshot space): the colour at a point, and how many are opaque in a box. */
const pixel = (draw: Locator, x: number, y: number) =>
  draw.evaluate(
    (c: HTMLCanvasElement, [px, py]) => Array.from(c.getContext('2d')!.getImageData(px, py, 1, 1).data),
    [x, y],
  );
const inked = (draw: Locator, x: number, y: number, w: number, h: number) =>
  draw.evaluate(
    (c: HTMLCanvasElement, [bx, by, bw, bh]) =>
      c
        .getContext('2d')!
        .getImageData(bx, by, bw, bh)
        .data.filter((_v, i) => i % 4 === 3 && _v > 0).length,
    [x, y, w, h],
  );

test('draws a yellow box and a text label, undoes and redoes them by key and pad, and sends the layer', async () => {
  const page = await (await browser.newContext()).newPage();
  await installVirtualPad(page);
  await openGame(page, server);
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  await inOverlay(page).locator('img.gb-thumb').waitFor();
  await inOverlay(page).locator('#gb-desc').fill('marker-annotation: the label points at the glitch');
  await inOverlay(page).locator('#gb-annotate').click();
  const draw = inOverlay(page).locator('[data-gb-draw]');
  const area = (await draw.boundingBox())!;
  const at = (x: number, y: number) => [area.x + (x * area.width) / 960, area.y + (y * area.height) / 540] as const;

  await inOverlay(page).getByRole('button', { name: 'Yellow', exact: true }).click();
  await inOverlay(page).getByRole('button', { name: 'Box', exact: true }).click();
  await page.mouse.move(...at(100, 100));
  await page.mouse.down();
  await page.mouse.move(...at(300, 250), { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => near(await pixel(draw, 100, 175), YELLOW, 20)).toBe(true);

  await inOverlay(page).getByRole('button', { name: 'Text', exact: true }).click();
  await inOverlay(page).locator('#gb-label').fill('GLITCH');
  // The label field joined the toolbar and moved the canvas down.
  const moved = (await draw.boundingBox())!;
  await page.mouse.click(moved.x + (500 * moved.width) / 960, moved.y + (300 * moved.height) / 540);
  const label = () => inked(draw, 495, 280, 200, 40);
  await expect.poll(label).toBeGreaterThan(50);
  // The editor with its colour buttons and the label field shown passes an axe-core scan.
  const form = await overlayFrame(page);
  await form.addScriptTag({ path: AXE });
  const violations = await form.evaluate(async () => {
    const r = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations).toEqual([]);

  await page.keyboard.press('Control+z');
  await expect.poll(label).toBe(0);
  expect(near(await pixel(draw, 100, 175), YELLOW, 20)).toBe(true); // only the last shape went
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(label).toBeGreaterThan(50);
  await page.keyboard.press('Control+z');
  await expect.poll(label).toBe(0);
  await page.keyboard.press('Control+y');
  await expect.poll(label).toBeGreaterThan(50);

  // LB undoes, RB redoes, once per press.
  await setButtons(page, [4], true);
  await expect.poll(label).toBe(0);
  await setButtons(page, [4], false);
  await setButtons(page, [5], true);
  await expect.poll(label).toBeGreaterThan(50);
  await setButtons(page, [5], false);
  expect(near(await pixel(draw, 100, 175), YELLOW, 20)).toBe(true);

  await inOverlay(page).getByRole('button', { name: 'Done', exact: true }).click();
  await inOverlay(page).locator('#gb-send').click();
  await expect
    .poll(() => inOverlay(page).locator('[data-gb-outcome]').getAttribute('data-gb-outcome'), { timeout: 20_000 })
    .toBe('sent');
  const [issue] = await issuesWith(server, 'marker-annotation');
  const layer = await imagePixels(page, issue.screenshots[0].layer_a_url, [
    [100, 175],
    [50, 50],
  ]);
  expect(near(layer.pixels[0], YELLOW, 20), `box edge ${layer.pixels[0]}`).toBe(true);
  expect(layer.pixels[1][3]).toBe(0);
}, 60_000);
