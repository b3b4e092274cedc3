// Delivery across a lost connection and a reload (exactly one issue), and the overlay over a
// fullscreen game, in Chromium against the reference server.
import type { Browser } from 'playwright-core';
import { expect, test } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { inOverlay, issuesWith, openGame, overlay, useDemoGame } from './harness.ts';

let server: TestServer;
let browser: Browser;
useDemoGame((started, launched) => {
  server = started;
  browser = launched;
});

test('keeps an offline report on the device and delivers it exactly once after a reload back online', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openGame(page, server);
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  await inOverlay(page).locator('img.gb-thumb').waitFor();
  await context.setOffline(true);
  await inOverlay(page).locator('#gb-desc').fill('marker-offline: the map does not load in the caves');
  await inOverlay(page).locator('#gb-send').click();
  await expect
    .poll(() => inOverlay(page).locator('[data-gb-outcome]').getAttribute('data-gb-outcome'), { timeout: 20_000 })
    .toBe('queued');
  expect(await inOverlay(page).locator('[data-gb-outcome]').textContent()).toBe(
    'Saved on this device, it will be sent when you are back online.',
  );
  await page.close();
  expect(await issuesWith(server, 'marker-offline')).toHaveLength(0);

  await context.setOffline(false);
  const again = await context.newPage();
  await openGame(again, server);
  // The draft appears first; it is published once its screenshot is attached.
  await expect
    .poll(async () => (await issuesWith(server, 'marker-offline')).map((i) => `${i.status}:${i.screenshots.length}`), {
      timeout: 20_000,
      interval: 250,
    })
    .toEqual(['open:1']);
  await again.reload();
  await again.waitForFunction(() => (window as any).__game?.state.frame > 5);
  await again.waitForTimeout(1500);
  expect(await issuesWith(server, 'marker-offline')).toHaveLength(1);
  await context.close();
});

test('shows the overlay inside the fullscreen element, above the game', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openGame(page, server);
  await page.locator('#fullscreen').click();
  await page.waitForFunction(() => document.fullscreenElement?.id === 'stage');
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  const placement = await page.evaluate(() => {
    const host = document.querySelector('[data-glitchbox]')!;
    const dialog = (host as HTMLIFrameElement).contentDocument!.querySelector('dialog')!;
    const r = dialog.getBoundingClientRect();
    return {
      inFullscreen: document.fullscreenElement!.contains(host),
      stillFullscreen: document.fullscreenElement?.id,
      topmost: document.elementFromPoint(r.left + r.width / 2, r.top + 20) === host,
      visible: r.width > 200 && r.height > 200,
    };
  });
  expect(placement).toEqual({ inFullscreen: true, stillFullscreen: 'stage', topmost: true, visible: true });
  await inOverlay(page).locator('#gb-desc').fill('marker-fullscreen: overlay works in fullscreen');
  await inOverlay(page).locator('#gb-send').click();
  await expect
    .poll(() => inOverlay(page).locator('[data-gb-outcome]').getAttribute('data-gb-outcome'), { timeout: 20_000 })
    .toBe('sent');
  await context.close();
});
