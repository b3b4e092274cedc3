// Local first with no chunk at hand, in Chromium against the reference server: the network is down from
// page load (the loader shows its own plain form), or drops after load before the first open (the overlay
// is warm, the reporter chunk is not). The report is kept and arrives once when the network is back,
// without a reload, though the chunks that failed in this document cannot be imported again by URL.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { OUTCOME, outcome } from '../helpers/outcome.ts';
import { expect, test } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { DEMO, inOverlay, issuesWith, openGame, overlay, useDemoGame } from './harness.ts';

let server: TestServer;
let browser: Browser;
useDemoGame((started, launched) => {
  server = started;
  browser = launched;
});

const SAVED = 'Saved on this device, it will be sent when you are back online.';
/**
 * The network as the page sees it. While down, everything but the game page, its files and the loader
 * fails. A module script that failed stays failed for the rest of its document even once the network is
 * back, as in Chromium 150, whose module map keeps a failed `import()`: a widget that imports the same
 * URL again never gets its chunk, in whatever Chromium runs this test.
 */
async function createNetwork(context: BrowserContext) {
  let down = false;
  let failedImports = new Set<string>();
  const importsAgain: string[] = [];
  await context.route('**/*', (route) => {
    const request = route.request();
    const { pathname } = new URL(request.url());
    // Workers are left out: each has a module map of its own.
    const isImport = request.resourceType() === 'script' && /^\/widget\/esm\/(?!.*worker)/.test(pathname);
    if (isImport && failedImports.has(request.url())) {
      importsAgain.push(pathname);
      return route.abort('failed');
    }
    if (!down || pathname.startsWith('/demo/') || pathname === '/widget/glitchbox.js') return route.continue();
    if (isImport) failedImports.add(request.url());
    return route.abort('internetdisconnected');
  });
  return {
    cut() {
      down = true;
    },
    /** The network is back; with `announce`, the browser says so with an `online` event. */
    async restore(announce = true) {
      down = false;
      if (!announce) return;
      await context.setOffline(true);
      await context.setOffline(false);
    },
    /** A reload starts a new document, whose module map starts empty. */
    async reload(page: Page) {
      failedImports = new Set();
      await page.reload();
      await page.waitForFunction(() => (window as any).__game?.state.frame > 5);
    },
    /** Paths the page imported again after they had failed in the same document (none, or the chunk stays out). */
    importsAgain,
  };
}
type Network = Awaited<ReturnType<typeof createNetwork>>;

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

/** The kept report arrives once, within 30 s and without a reload; a reload later sends nothing more. */
async function deliveredOnce(page: Page, net: Network, marker: string): Promise<void> {
  // The draft appears first; it is published once its screenshot is attached.
  const arrived = async () => (await issuesWith(server, marker)).map((i) => `${i.status}:${i.screenshots.length}`);
  await expect.poll(arrived, { timeout: 30_000, interval: 250 }).toEqual(['open:1']);
  expect(await parked(page)).toBe(0);
  expect(net.importsAgain).toEqual([]);
  await net.reload(page);
  await page.waitForTimeout(1500);
  expect(await issuesWith(server, marker)).toHaveLength(1);
}

/** Offline from page load: the loader's plain form keeps the report in the loader's own store. */
async function keepWithPlainForm(page: Page, description: string): Promise<void> {
  await page.keyboard.press('F8');
  const form = page.locator('dialog[data-glitchbox]');
  await form.waitFor();
  await form.locator('#gb-desc').fill(description);
  await form.locator('#gb-send').click();
  await expect.poll(() => outcome(form), { timeout: 20_000 }).toBe('queued');
  expect(await form.locator(OUTCOME).textContent()).toBe(SAVED);
  await form.getByRole('button', { name: 'Close' }).click();
  await form.waitFor({ state: 'detached' });
  expect(await parked(page)).toBe(1);
}

test("offline from page load: the loader's own form keeps the report, which arrives once back online", async () => {
  const context = await browser.newContext();
  const net = await createNetwork(context);
  net.cut();
  const page = await context.newPage();
  await openGame(page, server);
  await keepWithPlainForm(page, 'marker-offline-load: the bridge collapses under the cart');

  await net.reload(page);
  await page.waitForTimeout(1000);
  expect(await parked(page)).toBe(1);
  expect(await issuesWith(server, 'marker-offline-load')).toHaveLength(0);

  await net.restore();
  await deliveredOnce(page, net, 'marker-offline-load');
  // No chunk could write the full device block: the loader's short one came, the cores and the user agent.
  const [issue] = await issuesWith(server, 'marker-offline-load');
  expect(issue.device?.configuration?.cpu).toMatch(/^\d+ cores$/);
  expect(issue.device.configuration.browser).toBeUndefined();
  await context.close();
}, 60_000);

test('offline at the first report: the warm overlay keeps the report without the reporter chunk', async () => {
  const context = await browser.newContext();
  const net = await createNetwork(context);
  const page = await context.newPage();
  const warmed = page.waitForResponse((r) => r.url().endsWith('/esm/ui.js'));
  await openGame(page, server);
  await warmed;
  net.cut();
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  await inOverlay(page).locator('#gb-desc').fill('marker-offline-first: the lift stops between floors');
  await inOverlay(page).locator('#gb-send').click();
  await expect.poll(() => outcome(page), { timeout: 20_000 }).toBe('queued');
  expect(await inOverlay(page).locator(OUTCOME).textContent()).toBe(SAVED);
  expect(await parked(page)).toBe(1);
  await page.keyboard.press('Escape');
  await overlay(page).waitFor({ state: 'detached' });

  // Back online without a reload: the `online` event sends what was kept.
  await net.restore();
  await deliveredOnce(page, net, 'marker-offline-first');
  await context.close();
}, 60_000);

test('back online without a word from the browser: the next hotkey opens the full overlay and sends', async () => {
  const context = await browser.newContext();
  const net = await createNetwork(context);
  net.cut();
  const page = await context.newPage();
  await openGame(page, server);
  await keepWithPlainForm(page, 'marker-offline-hotkey: the door opens onto nothing');

  await net.restore(false);
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  expect(await page.locator('dialog[data-glitchbox]').count()).toBe(0);
  await deliveredOnce(page, net, 'marker-offline-hotkey');
  await context.close();
}, 60_000);
