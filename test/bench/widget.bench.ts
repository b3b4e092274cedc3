// Widget benchmark, from Chromium on the demo game at 1280x720 (WebGL on SwiftShader, no GPU):
// the longest main-thread task while a screenshot is taken (Chrome trace RunTask events, with
// the game alone as a baseline), hotkey-to-overlay time, and the gzip sizes of what ships.
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startDemoServer } from '../e2e/harness.ts';
import type { TestServer } from '../helpers/server.ts';
import { LOADER_BUDGET, measure, WIDGET_TARGET, widgetTotal } from '../widget/sizes.ts';

type Result = { name: string; value: number; unit: string; target?: string };
const ROUNDS = 5;

interface TraceEvent { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; args?: { name?: string } }

/** Longest RunTask on the page's renderer main thread in a trace. */
function longestTask(trace: Buffer): number {
  const events: TraceEvent[] = JSON.parse(trace.toString()).traceEvents;
  const main = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`);
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && main.includes(`${e.pid}:${e.tid}`));
  return Math.max(0, ...tasks.map((e) => (e.dur ?? 0) / 1000));
}

async function traced(browser: Browser, page: Page, action: () => Promise<void>): Promise<number> {
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await action();
  return longestTask(await browser.stopTracing());
}

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (n: number) => Math.round(n * 10) / 10;

export async function run(): Promise<Result[]> {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  try {
    [server, browser] = await Promise.all([startDemoServer(), launchBrowser()]);
    const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    // Runs before the widget: the keydown time of the hotkey, and the first frame after 'open'.
    await page.addInitScript(() => {
      addEventListener('keydown', (e: KeyboardEvent) => { if (e.key === 'F8') (window as any).__hotkeyAt = e.timeStamp; }, true);
    });
    await page.goto(`${server.url}/demo/index.html?w=1280&h=720&load=100`);
    await page.waitForFunction(() => (window as any).__game?.state.frame > 30);
    await page.evaluate(() => {
      (window as any).Glitchbox.on('open', () => requestAnimationFrame(() => { (window as any).__shownAt = performance.now(); }));
    });
    await page.waitForTimeout(2500); // the overlay chunk is warmed while the game idles

    const baseline: number[] = [];
    const during: number[] = [];
    const toOverlay: number[] = [];
    const widgetSlices: number[] = [];
    const grabs: number[] = [];
    const mounts: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      baseline.push(await traced(browser, page, () => page.waitForTimeout(600)));
      during.push(await traced(browser, page, async () => {
        await page.keyboard.press('F8');
        await page.locator('[data-glitchbox] img.gb-thumb').waitFor();
      }));
      await page.waitForFunction(() => (window as any).__shownAt);
      toOverlay.push(await page.evaluate(() => (window as any).__shownAt - (window as any).__hotkeyAt));
      // The widget's own synchronous slices on the main thread: the in-frame grab and the overlay mount.
      widgetSlices.push(await page.evaluate(() => {
        const m = performance.getEntriesByType('measure').filter((e) => e.name.startsWith('glitchbox:'));
        performance.clearMeasures();
        return m.map((e) => [e.name, e.duration] as const);
      }).then((m) => {
        grabs.push(Math.max(0, ...m.filter(([n]) => n === 'glitchbox:grab').map(([, d]) => d)));
        mounts.push(Math.max(0, ...m.filter(([n]) => n === 'glitchbox:mount').map(([, d]) => d)));
        return Math.max(...m.map(([, d]) => d));
      }));
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('[data-glitchbox]'));
      await page.evaluate(() => { (window as any).__shownAt = undefined; });
      await page.waitForTimeout(300);
    }
    // The same screenshot on a page without `data-hud`: the HUD pass (html2canvas clones the page
    // into an iframe, one long task) is what a game pays only when it asks for its DOM HUD.
    await page.close(); // one game at a time: the trace reads every renderer's main thread
    const plain = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    await plain.route('**/demo/index.html*', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace(/\sdata-hud="[^"]*"/, '') });
    });
    await plain.goto(`${server.url}/demo/index.html?w=1280&h=720&load=100`);
    await plain.waitForFunction(() => (window as any).__game?.state.frame > 30);
    await plain.waitForTimeout(2500);
    const duringPlain: number[] = [];
    for (let i = 0; i < ROUNDS + 1; i++) {
      const longest = await traced(browser, plain, async () => {
        await plain.keyboard.press('F8');
        await plain.locator('[data-glitchbox] img.gb-thumb').waitFor();
      });
      if (i > 0) duringPlain.push(longest); // the first open also compiles and first-lays-out the overlay
      await plain.keyboard.press('Escape');
      await plain.waitForFunction(() => !document.querySelector('[data-glitchbox]'));
      await plain.waitForTimeout(300);
    }
    const sizes = measure();
    return [
      { name: 'widget: longest main-thread slice the widget adds during a 1280x720 WebGL screenshot (grab or overlay mount, median of 5)', value: round(median(widgetSlices)), unit: 'ms', target: '< 16 ms' },
      { name: 'widget: longest main-thread slice the widget adds (worst of 5)', value: round(Math.max(...widgetSlices)), unit: 'ms' },
      { name: 'widget: in-frame canvas grab (createImageBitmap) on the main thread (median of 5)', value: round(median(grabs)), unit: 'ms' },
      { name: 'widget: overlay mount on the main thread (median of 5)', value: round(median(mounts)), unit: 'ms' },
      { name: 'widget: longest main-thread task during a screenshot with the DOM HUD pass (data-hud), game frames included (median of 5)', value: round(median(during)), unit: 'ms', target: '< 16 ms' },
      { name: 'widget: longest main-thread task during a screenshot without data-hud, after the first open (median of 5)', value: round(median(duringPlain)), unit: 'ms', target: '< 16 ms' },
      { name: 'widget: longest main-thread task during a screenshot without data-hud, after the first open (worst of 5)', value: round(Math.max(...duringPlain)), unit: 'ms' },
      { name: 'widget: longest main-thread task of the game alone, same window (median of 5)', value: round(median(baseline)), unit: 'ms' },
      { name: 'widget: hotkey to overlay on screen (median of 5)', value: round(median(toOverlay)), unit: 'ms', target: '< 100 ms' },
      { name: 'widget: hotkey to overlay on screen (worst of 5)', value: round(Math.max(...toOverlay)), unit: 'ms' },
      { name: 'widget: loader glitchbox.js gzip', value: sizes['glitchbox.js'], unit: 'B', target: `<= ${LOADER_BUDGET} B` },
      { name: 'widget: whole widget without html2canvas gzip', value: widgetTotal(sizes), unit: 'B', target: `<= ${WIDGET_TARGET} B (issue 6)` },
      { name: 'widget: of which the reporter core chunk + MD5 worker gzip', value: Object.entries(sizes).filter(([f]) => /reporter|md5-worker/.test(f)).reduce((n, [, b]) => n + b, 0), unit: 'B' },
    ];
  } finally {
    await browser?.close();
    await server?.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await run()) console.log(`${r.name}: ${r.value} ${r.unit}${r.target ? ` (target ${r.target})` : ''}`);
}
