// The form fits small game windows: Send is on screen without scrolling at 800x600 and 1280x800, even with
// the screenshot, the attachments and the project's custom fields shown; the keyboard and a gamepad reach it.
import type { Browser, Page } from 'playwright-core';
import { outcome } from '../helpers/outcome.ts';
import { expect, test } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { inOverlay, issuesWith, openGame, overlay, overlayEval, useDemoGame } from './harness.ts';
import { installVirtualPad, setButtons } from './virtual-pad.ts';

let server: TestServer;
let browser: Browser;
useDemoGame((started, launched) => {
  server = started;
  browser = launched;
});

const focusedId = (page: Page) => overlayEval(page, (root) => root.activeElement?.id ?? '');

/** Where Send is, whether it is the topmost element at its centre, and how far the dialog is scrolled. */
const sendPlacement = (page: Page) =>
  overlayEval(page, (root) => {
    const send = root.getElementById('gb-send')!.getBoundingClientRect();
    const hit = root.elementFromPoint(send.left + send.width / 2, send.top + send.height / 2);
    const scrollTop = root.querySelector('dialog')!.scrollTop;
    return { onScreen: send.top >= 0 && send.bottom <= innerHeight, topmost: hit?.id === 'gb-send', scrollTop };
  });

for (const [width, height] of [
  [800, 600],
  [1280, 800],
]) {
  test(`shows Send without scrolling at ${width}x${height}`, async () => {
    const page = await browser.newPage({ viewport: { width, height } });
    await openGame(page, server);
    await page.keyboard.press('F8');
    await overlay(page).waitFor();
    await inOverlay(page).locator('img.gb-thumb').waitFor();
    // The form is taller than the window (it scrolls), and Send stays in view.
    expect(await overlay(page).evaluate((d) => d.scrollHeight > d.clientHeight)).toBe(true);
    expect(await sendPlacement(page)).toEqual({ onScreen: true, topmost: true, scrollTop: 0 });
    await page.close();
  });
}

test('the keyboard reaches Send with Tab from the description and sends with Enter', async () => {
  const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  await openGame(page, server);
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  await inOverlay(page).locator('#gb-desc').fill('marker-fit-keyboard: the door opens into a wall');
  const focused = () => focusedId(page);
  let tabs = 0;
  while ((await focused()) !== 'gb-send' && tabs < 40) {
    await page.keyboard.press('Tab');
    tabs++;
  }
  expect(await focused()).toBe('gb-send');
  await page.keyboard.press('Enter');
  await expect.poll(() => outcome(page), { timeout: 20_000 }).toBe('sent');
  expect(await issuesWith(server, 'marker-fit-keyboard')).toHaveLength(1);
  await page.close();
});

test('a gamepad moves focus to Send with Start and sends with A', async () => {
  const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  await installVirtualPad(page);
  await openGame(page, server);
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  await inOverlay(page).locator('#gb-desc').fill('marker-fit-gamepad: the lift stops between floors');
  // Each press and release waits until the widget has read it (setButtons), and the press's effect shows.
  await setButtons(page, [9], true);
  await expect.poll(() => focusedId(page), { timeout: 5_000 }).toBe('gb-send');
  await setButtons(page, [9], false);
  await setButtons(page, [0], true);
  await expect.poll(() => outcome(page), { timeout: 20_000 }).toBe('sent');
  await page.close();
});
