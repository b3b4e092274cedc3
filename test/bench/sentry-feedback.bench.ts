// Key to the first frame with the feedback form painted: ours against Sentry's feedback integration
// (@sentry/browser from npm) on the same WebGL game page (the engine matrix's three.js game, 800x600), a fresh
// page load each, the two alternating, both read from a Chrome trace as widget-engines.bench.ts reads ours.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { inOverlay, launchBrowser } from '../e2e/harness.ts';
import { startEngineServer } from '../engines/harness.ts';
import type { TestServer } from '../helpers/server.ts';
import {
  CATEGORIES,
  commitAfter,
  drawnAfter,
  FRAME_60,
  longestTask,
  mainTasks,
  median,
  type OpenBreakdown,
  openBreakdown,
  openSteps,
  paintedInPage,
  recordHotkey,
  round,
  settleForOpen,
  worst,
} from './trace.ts';

type Result = { name: string; value: number; unit: string; target?: string };
type Reporter = 'glitchbox' | 'sentry';
const FIRST_PAGES = 3;
const LATER_OPENS = 5;

interface Open {
  painted: number;
  /** Key to the end of the form's render (our `glitchbox:mount`, Sentry's dialog render). */
  rendered: number;
  /** Key to the painted frame's draw on screen (its raster and activation done). */
  drawn: number;
  inPage: number;
  gameFrames: number;
  longest: number;
  breakdown: OpenBreakdown;
}

/** A stand-in for Sentry's ingest on loopback: every envelope answered 200, so the SDK sends and moves on. */
async function startDummyIngest() {
  let envelopes = 0;
  const server = createServer((req, res) => {
    if (req.method === 'POST') envelopes += 1;
    req.resume();
    res.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://public@127.0.0.1:${port}/1`,
    envelopes: () => envelopes,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/** The Sentry page script, bundled as a game's build would ship it. */
async function sentryBundle(): Promise<string> {
  const out = await build({
    entryPoints: [join(import.meta.dirname, 'sentry-feedback-page.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return out.outputFiles[0].text;
}

/** The game's page with Sentry where ours has its tag: before the game's script. */
function sentryPage(game: string, dsn: string): string {
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>${game} with Sentry</title>` +
    '<style>body{margin:0;background:#fff}canvas{display:block}</style></head><body>' +
    `<script>window.__sentryDsn = ${JSON.stringify(dsn)};</script><script src="sentry-feedback.js"></script>` +
    `<script src="${game}.js"></script></body></html>`
  );
}

/** Key to the end of Sentry's dialog render (`sentry:mount`), of the first frame committed after it, and of that
 * frame's draw on screen. */
function sentrySteps(trace: Buffer): { rendered: number; painted: number; drawn: number } {
  const { events, all } = mainTasks(trace);
  const key = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown');
  const mount = events.find((e) => e.name === 'sentry:mount' && (e.ph === 'e' || e.ph === 'X'));
  if (!key || !mount) return { rendered: NaN, painted: NaN, drawn: NaN };
  const end = mount.ph === 'X' ? mount.ts + (mount.dur ?? 0) : mount.ts;
  const commit = commitAfter(events, end);
  const ms = (ts: number | undefined) => (ts === undefined ? NaN : (ts - key.ts) / 1000);
  return {
    rendered: ms(end),
    painted: commit ? ms(commit.ts + (commit.dur ?? 0)) : NaN,
    drawn: commit ? ms(drawnAfter(all, commit)) : NaN,
  };
}

/** Loads the game with one reporter and waits until it settled, as the engine bench does. */
async function freshGame(browser: Browser, url: string, outside: string[]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  context.on('request', (request) => {
    const { protocol, hostname } = new URL(request.url());
    if (/^https?:$/.test(protocol) && hostname !== '127.0.0.1' && hostname !== 'localhost') outside.push(request.url());
  });
  await context.addInitScript(recordHotkey);
  await context.addInitScript(() => {
    const w = window as any;
    w.__longtasks = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) w.__longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => (window as any).__game?.frames > 10, undefined, { timeout: 30_000 });
  await settleForOpen(page);
  return page;
}

/** One traced open by F8 until the reporter's form is on screen, then closed again. The key is held until then: a
 * player's key-up comes 50-150 ms after the key-down, not in the same frame as Playwright's `press` sends it. */
async function open(browser: Browser, page: Page, who: Reporter): Promise<Open> {
  const sentryDialog = page.locator('#sentry-feedback').locator('dialog[open]');
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.keyboard.down('F8');
  if (who === 'glitchbox') await inOverlay(page).locator('img.gb-thumb').waitFor({ timeout: 20_000 });
  else await sentryDialog.waitFor({ timeout: 20_000 });
  const trace = await browser.stopTracing();
  await page.keyboard.up('F8');
  const ours = openSteps(trace);
  const { painted, rendered, drawn } = who === 'glitchbox' ? { ...ours, rendered: ours.mountEnd } : sentrySteps(trace);
  const { ms: inPage, frames: gameFrames } = await paintedInPage(page);
  if (who === 'glitchbox') {
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[data-glitchbox]:not([hidden])'));
  } else {
    await page.locator('#sentry-feedback').getByRole('button', { name: 'Cancel' }).click();
    await sentryDialog.waitFor({ state: 'detached' });
  }
  await page.waitForTimeout(300);
  return {
    painted,
    rendered,
    drawn,
    inPage,
    gameFrames,
    longest: longestTask(trace),
    breakdown: openBreakdown(trace, painted),
  };
}

/** The figures of one reporter on one game. */
function figures(who: Reporter, game: string, first: Open[], later: Open[]): Result[] {
  const all = [...first, ...later];
  const row = (name: string, value: number, unit = 'ms', target?: string): Result => ({
    name: `${who} on ${game}: ${name}`,
    value: round(value),
    unit,
    target,
  });
  const n1 = `of ${FIRST_PAGES} pages`;
  const n2 = `of ${LATER_OPENS}`;
  const nAll = `of ${all.length}`;
  return [
    row(
      'opens whose painted frame the trace did not show (left out of the figures)',
      all.filter((o) => Number.isNaN(o.painted)).length,
      'opens',
    ),
    row(
      'opens whose draw on screen the trace did not show (left out of the drawn figures)',
      all.filter((o) => Number.isNaN(o.drawn)).length,
      'opens',
    ),
    row(`key to painted form, first open (median ${n1})`, median(first.map((o) => o.painted))),
    row(`key to painted form, first open (worst ${n1})`, worst(first.map((o) => o.painted))),
    row(`key to painted form, later opens (median ${n2})`, median(later.map((o) => o.painted))),
    row(`key to painted form, later opens (worst ${n2})`, worst(later.map((o) => o.painted))),
    row(
      `key to painted form, all opens, frames at 60 fps (median ${nAll})`,
      median(all.map((o) => o.painted / FRAME_60)),
      'frames',
    ),
    row(
      `key to painted form, all opens, frames at 60 fps (worst ${nAll})`,
      worst(all.map((o) => o.painted / FRAME_60)),
      'frames',
    ),
    row(
      `game frames drawn from the key to the painted form (median ${nAll})`,
      median(all.map((o) => o.gameFrames)),
      'frames',
    ),
    row(
      `game frames drawn from the key to the painted form (worst ${nAll})`,
      worst(all.map((o) => o.gameFrames)),
      'frames',
    ),
    row(`key to the form drawn on screen, first open (median ${n1})`, median(first.map((o) => o.drawn))),
    row(`key to the form drawn on screen, first open (worst ${n1})`, worst(first.map((o) => o.drawn))),
    row(`key to the form drawn on screen, later opens (median ${n2})`, median(later.map((o) => o.drawn))),
    row(`key to the form drawn on screen, later opens (worst ${n2})`, worst(later.map((o) => o.drawn))),
    row(`key to painted form, in the page (median ${nAll})`, median(all.map((o) => o.inPage))),
    row(`key to the form rendered, first open (median ${n1})`, median(first.map((o) => o.rendered))),
    row(`key to the form rendered, later opens (median ${n2})`, median(later.map((o) => o.rendered))),
    row(`longest main-thread task, key to form shown (median ${nAll})`, median(all.map((o) => o.longest))),
    ...(['first', 'later'] as const).flatMap((when) =>
      // Our own User Timing spans (mount, grab) have no counterpart on Sentry's side.
      Object.keys(first[0].breakdown)
        .filter((k) => who === 'glitchbox' || !['mount', 'grab'].includes(k))
        .map((k) =>
          row(
            `${when} opens (median): ${k}`,
            median((when === 'first' ? first : later).map((o) => o.breakdown[k as keyof OpenBreakdown])),
          ),
        ),
    ),
  ];
}

export async function run(): Promise<Result[]> {
  const games = process.env.BENCH_SENTRY_GAMES?.split(',') ?? ['three'];
  const ingest = await startDummyIngest();
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  try {
    const bundle = await sentryBundle();
    const extra: Record<string, string> = { 'sentry-feedback.js': bundle };
    for (const game of games) extra[`${game}-sentry.html`] = sentryPage(game, ingest.dsn);
    [server, browser] = await Promise.all([startEngineServer(games, extra), launchBrowser()]);
    const results: Result[] = [];
    const outside: string[] = [];
    for (const game of games) {
      const opens = {
        glitchbox: { first: [] as Open[], later: [] as Open[] },
        sentry: { first: [] as Open[], later: [] as Open[] },
      };
      // Alternating page loads, so a change in the machine's load falls on both reporters alike.
      for (let n = 0; n < FIRST_PAGES; n++) {
        for (const who of ['glitchbox', 'sentry'] as const) {
          const path = who === 'glitchbox' ? `${game}-before.html` : `${game}-sentry.html`;
          const page = await freshGame(browser, `${server.url}/engines/${path}`, outside);
          try {
            opens[who].first.push(await open(browser, page, who));
            if (n === FIRST_PAGES - 1)
              for (let i = 0; i < LATER_OPENS; i++) opens[who].later.push(await open(browser, page, who));
          } finally {
            await page.context().close(); // one page at a time: a trace reads every renderer's main thread
          }
        }
      }
      const ours = figures('glitchbox', game, opens.glitchbox.first, opens.glitchbox.later);
      const theirs = figures('sentry', game, opens.sentry.first, opens.sentry.later);
      const all = (o: typeof opens.sentry, what: string) =>
        median([...o.first, ...o.later].map((x) => (what === 'painted form' ? x.painted : x.drawn)));
      results.push(
        ...ours,
        ...theirs,
        ...(['painted form', 'form drawn on screen'] as const).map((what) => ({
          name: `glitchbox minus sentry on ${game}: key to ${what}, all opens (median)`,
          value: round(all(opens.glitchbox, what) - all(opens.sentry, what)),
          unit: 'ms',
          target: '<= 0 (no later than Sentry)',
        })),
      );
    }
    if (outside.length > 0) throw new Error(`requests left loopback: ${[...new Set(outside)].join(', ')}`);
    results.push({
      name: 'sentry envelopes taken by the loopback stand-in ingest',
      value: ingest.envelopes(),
      unit: '',
    });
    return results;
  } finally {
    await browser?.close();
    await server?.close();
    await ingest.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await run()) console.log(`${r.name}: ${r.value} ${r.unit}${r.target ? ` (target ${r.target})` : ''}`);
}
