// Local first with no chunk at hand, in Chromium against the reference server: the network is down from
// page load (the loader shows its own plain form), or drops after load before the first open (the overlay
// is warm, the reporter chunk is not). Either way the report is kept, survives a reload, and arrives once.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { DEMO, issuesWith, openGame, overlay, useDemoGame } from './harness.ts';

let server: TestServer;
let browser: Browser;
useDemoGame((started, launched) => {
  server = started;
  browser = launched;
});

const OUTCOME = '[data-gb-outcome]';
const SAVED = 'Saved on this device, it will be sent when you are back online.';
const outcome = (where: Page | Locator) => where.locator(OUTCOME).getAttribute('data-gb-outcome');

/** Everything but the game page, its files and the loader itself fails, as with no network after they loaded. */
async function cutNetwork(context: BrowserContext): Promise<void> {
  await context.route('**/*', (route) => {
    const { pathname } = new URL(route.request().url());
    const kept = pathname.startsWith('/demo/') || pathname === '/widget/glitchbox.js';
    return kept ? route.continue() : route.abort('internetdisconnected');
  });
}

/** The network is back: routes go, and the browser says so with an `online` event. */
async function restoreNetwork(context: BrowserContext): Promise<void> {
  await context.unrouteAll();
  await context.setOffline(true);
  await context.setOffline(false);
}

/** Reports the loader kept in its own IndexedDB store (0 when the store was never created). */
const parked = (page: Page) =>
  page.evaluate(async (project) => {
    const name = `glitchbox-parked-${project}`;
    if (!(await indexedDB.databases()).some((d) => d.name === name)) return 0;
    return new Promise<number>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const count = open.result.transaction('reports').objectStore('reports').count();
        count.onsuccess = () => {
          open.result.close();
          resolve(count.result);
        };
      };
    });
  }, DEMO.project);

async function deliveredOnce(page: Page, marker: string): Promise<void> {
  // The draft appears first; it is published once its screenshot is attached.
  const arrived = async () => (await issuesWith(server, marker)).map((i) => `${i.status}:${i.screenshots.length}`);
  await expect.poll(arrived, { timeout: 30_000, interval: 250 }).toEqual(['open:1']);
  expect(await parked(page)).toBe(0);
  await page.reload();
  await page.waitForFunction(() => (window as any).__game?.state.frame > 5);
  await page.waitForTimeout(1500);
  expect(await issuesWith(server, marker)).toHaveLength(1);
}

test("offline from page load: the loader's own form keeps the report, which arrives once back online", async () => {
  const context = await browser.newContext();
  await cutNetwork(context);
  const page = await context.newPage();
  await openGame(page, server);
  await page.keyboard.press('F8');
  const form = page.locator('dialog[data-glitchbox]');
  await form.waitFor();
  await form.locator('#gb-desc').fill('marker-offline-load: the bridge collapses under the cart');
  await form.locator('#gb-send').click();
  await expect.poll(() => outcome(form), { timeout: 20_000 }).toBe('queued');
  expect(await form.locator(OUTCOME).textContent()).toBe(SAVED);
  await form.getByRole('button', { name: 'Close' }).click();
  await form.waitFor({ state: 'detached' });
  expect(await parked(page)).toBe(1);

  await page.reload();
  await page.waitForFunction(() => (window as any).__game?.state.frame > 5);
  await page.waitForTimeout(1000);
  expect(await parked(page)).toBe(1);
  expect(await issuesWith(server, 'marker-offline-load')).toHaveLength(0);

  await restoreNetwork(context);
  await deliveredOnce(page, 'marker-offline-load');
  await context.close();
});

test('offline at the first report: the warm overlay keeps the report without the reporter chunk', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const warmed = page.waitForResponse((r) => r.url().endsWith('/esm/ui.js'));
  await openGame(page, server);
  await warmed;
  await cutNetwork(context);
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  await page.locator('#gb-desc').fill('marker-offline-first: the lift stops between floors');
  await page.locator('#gb-send').click();
  await expect.poll(() => outcome(page), { timeout: 20_000 }).toBe('queued');
  expect(await page.locator(OUTCOME).textContent()).toBe(SAVED);
  expect(await parked(page)).toBe(1);

  await page.reload();
  await page.waitForFunction(() => (window as any).__game?.state.frame > 5);
  await page.waitForTimeout(1000);
  expect(await parked(page)).toBe(1);
  expect(await issuesWith(server, 'marker-offline-first')).toHaveLength(0);

  await restoreNetwork(context);
  await deliveredOnce(page, 'marker-offline-first');
  await context.close();
});
