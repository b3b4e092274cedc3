// Browser-test harness: the widget build, a real reference server that also serves demo/ and
// widget/dist/ (same origin, like `npm start`), and Debian's Chromium through playwright-core.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Frame, FrameLocator, Page } from 'playwright-core';
import { launchChromium } from '../helpers/chromium.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { afterAll, beforeAll } from 'vitest';
import { ensureWidgetBuilt } from '../widget/build-once.ts';

export const ROOT = resolve(import.meta.dirname, '../..');

export async function launchBrowser(): Promise<Browser> {
  return launchChromium();
}

/** The demo project `npm start` seeds (pr-4242, token tkn-demo), which demo/index.html names. */
/** The Content Security Policy docs/widget.md#the-form documents for a game page that embeds the widget. */
export const DOCUMENTED_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; worker-src 'self' blob:; " +
  "connect-src 'self'";

export const DEMO = { project: 'pr-4242', developer: 'Bearer pat-demo-developer' } as const;

export async function startDemoServer(options: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const dist = await ensureWidgetBuilt();
  const server = await startTestServer({
    ...options,
    staticDirs: [
      { prefix: '/demo', dir: resolve(ROOT, 'demo') },
      { prefix: '/widget', dir: dist },
    ],
  });
  await server.fixtures(JSON.parse(readFileSync(resolve(ROOT, 'scripts/demo-fixtures.json'), 'utf8')));
  return server;
}

/** Opens the demo game and waits until it has drawn frames. */
export async function openGame(page: Page, server: TestServer, query = 'test=1'): Promise<void> {
  await page.goto(`${server.url}/demo/index.html?${query}`);
  await page.waitForFunction(() => (window as any).__game?.state.frame > 5);
}

/** The demo game in a fresh context, its script tag given extra data attributes (`data-user-id="p1"`) when asked. */
export async function openGameWith(browser: Browser, server: TestServer, attributes = ''): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  if (attributes)
    await page.route('**/demo/index.html*', async (route) => {
      const html = await (await route.fetch()).text();
      await route.fulfill({
        contentType: 'text/html',
        body: html.replace('data-project=', `${attributes} data-project=`),
      });
    });
  await openGame(page, server);
  return page;
}

/** The overlay's frame in the game's page while shown: the form lives in a document of its own, and the hidden
 * frame holds the next report's form while closed (docs/widget.md#the-forms-own-document). The plain fallback form
 * is a `dialog[data-glitchbox]` in the page itself. */
export const OVERLAY_HOST = 'iframe[data-glitchbox]:not([hidden])';

/** Where the overlay's own elements are found: `inOverlay(page).locator('#gb-desc')`, `.getByText(…)`. */
export type OverlayScope = Pick<FrameLocator, 'locator' | 'getByText' | 'getByRole' | 'getByLabel'>;

/** The one way a browser test reaches into the overlay, for locators. */
export const inOverlay = (page: Page | Frame): OverlayScope => page.frameLocator(OVERLAY_HOST);

/** The overlay's dialog (`overlay(page).waitFor()`, `.waitFor({ state: 'detached' })`, `.getAttribute('dir')`). */
export const overlay = (page: Page | Frame) => inOverlay(page).locator('dialog');

/**
 * The one way a browser test evaluates inside the overlay: `fn(root, arg)` runs with `root`, the overlay's own
 * document (`root.activeElement`, `root.getElementById`, `root.defaultView`). Waits for it.
 */
export async function overlayEval<R, A = undefined>(
  page: Page | Frame,
  fn: (root: Document, arg: A) => R,
  arg?: A,
): Promise<R> {
  // One round trip, run in the frame on its root element: `fn` is handed that element's document. Built here in
  // Node (Playwright sends a function as its source text), so a page's Content Security Policy is not involved.
  const call = new Function(`return (el, arg) => (${fn.toString()})(el.ownerDocument, arg)`)();
  return (await inOverlay(page).locator(':root').evaluate(call, arg)) as R;
}

/** The overlay's frame, for what needs a Playwright Frame (adding axe-core to it, evaluating in its realm). */
export async function overlayFrame(page: Page | Frame): Promise<Frame> {
  return (await (await page.waitForSelector(OVERLAY_HOST)).contentFrame())!;
}

/** Pixels [r,g,b,a] of an image (blob: or http URL) at the given points, decoded in the page. */
export async function imagePixels(
  page: Page,
  url: string,
  points: Array<[number, number]>,
): Promise<{ width: number; height: number; pixels: number[][] }> {
  return page.evaluate(
    async ({ url, points }) => {
      const bitmap = await createImageBitmap(await (await fetch(url)).blob());
      const c = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = c.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      return {
        width: bitmap.width,
        height: bitmap.height,
        pixels: points.map(([x, y]) => Array.from(ctx.getImageData(x, y, 1, 1).data)),
      };
    },
    { url, points },
  );
}

export const near = (a: number[], b: number[], tolerance = 10) => a.every((v, i) => Math.abs(v - b[i]) <= tolerance);

/** Issues of the demo project (raw ones included) whose description contains the marker, read by its developer. */
export async function issuesWith(server: TestServer, marker: string): Promise<any[]> {
  const res = await server.request('GET', `/projects/${DEMO.project}/issues.json?per_page=100&raw=any`, {
    auth: DEMO.developer,
  });
  return (res.body.issues as any[]).filter((i) => String(i.description).includes(marker));
}

/** One demo server and one browser for a test file, closed after it. */
export function useDemoGame(ready: (server: TestServer, browser: Browser) => void): void {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startDemoServer(), launchBrowser()]);
    ready(server, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
}
