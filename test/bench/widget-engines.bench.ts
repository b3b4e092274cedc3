// Widget benchmark per engine of the matrix (test/engines: three.js, Phaser, PixiJS 7 and 8, Babylon.js,
// Canvas 2D, a slow game; the tag before the game's script) and on the demo game, 800x600: hotkey to the
// first frame that paints the form (trace, checked in the page; in ms and in game frames) and the longest
// main-thread task, first open in a fresh page and later opens, the steps between, the game alone, and the
// floor: a plain element shown in a key's own task on the same page, between the opens. 3 first + 13 later opens
// (BENCH_LATER_OPENS): medians of 8 moved by 2 ms between quiet runs, too much to read a 1-2 ms change; 16 narrow
// that by about 1/sqrt(2). The whole run took 7.5-8.5 minutes for all ten pages at load 8-11.
import type { Browser, Page } from 'playwright-core';
import { inOverlay, launchBrowser, startDemoServer } from '../e2e/harness.ts';
import { GAMES, startEngineServer } from '../engines/harness.ts';
import type { TestServer } from '../helpers/server.ts';
import { installFloorKey, type KeyFrame, keyFrame, NO_FRAME } from './frame-breakdown.ts';
import {
  FRAME_60,
  median,
  type OpenSteps,
  paintedInPage,
  recordHotkey,
  round,
  traced,
  tracedOpen,
  settleForOpen,
  worst,
} from './trace.ts';

type Result = { name: string; value: number; unit: string; target?: string };
/** Fresh pages (own context: cold HTTP and code caches) for the first open, and later opens in the last one. */
const FIRST_PAGES = 3;
const LATER_OPENS = Number(process.env.BENCH_LATER_OPENS) || 13;
const SENTRY = '< 46 ms (Sentry median)';

interface Open {
  longest: number;
  painted: number;
  inPage: number;
  /** Game frames drawn from the key to the first frame painting the form, counted in the page. */
  gameFrames: number;
  steps: OpenSteps;
  /** Where the time to the first frame after the key went. */
  frame: KeyFrame;
}

/** The page of a game: an engine of the matrix with the tag before its script, or the demo as it ships (moving). */
const pathOf = (game: string) => (game === 'demo' ? '/demo/index.html' : `/engines/${game}-before.html`);

/** Loads the game and waits until it settled, as the matrix test does. */
async function freshGame(browser: Browser, server: TestServer, game: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  await context.addInitScript(recordHotkey);
  await context.addInitScript(installFloorKey);
  // The matrix pages count __longtasks themselves; the demo gets the same observer.
  await context.addInitScript(() => {
    const w = window as any;
    if (w.__longtasks) return;
    w.__longtasks = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) w.__longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  await page.goto(`${server.url}${pathOf(game)}`);
  await page.waitForFunction(
    () => ((window as any).__game?.frames ?? (window as any).__game?.state?.frame) > 10,
    undefined,
    {
      timeout: 30_000,
    },
  );
  await settleForOpen(page);
  return page;
}

/** One traced open: F8 held until the screenshot shows in the form (a player's key-up comes 50-150 ms after the
 * key-down, not in the same frame as Playwright's `press` sends it), then closed again. */
async function open(browser: Browser, page: Page): Promise<Open> {
  let frame = NO_FRAME;
  const trace = await tracedOpen(
    browser,
    page,
    async () => {
      await page.keyboard.down('F8');
      await inOverlay(page).locator('img.gb-thumb').waitFor({ timeout: 20_000 });
    },
    (t) => {
      frame = keyFrame(t);
    },
  );
  await page.keyboard.up('F8');
  const { ms: inPage, frames: gameFrames } = await paintedInPage(page);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[data-glitchbox]:not([hidden])'));
  await page.waitForTimeout(300);
  return { ...trace, inPage, gameFrames, frame };
}

/** The floor on the same page: F7 (held as F8 is) shows a plain element in its own task; hidden again after. */
async function floor(browser: Browser, page: Page): Promise<KeyFrame> {
  const frame = await traced(
    browser,
    page,
    async () => {
      await page.keyboard.down('F7');
      await page.waitForTimeout(150);
    },
    keyFrame,
  );
  await page.keyboard.up('F7');
  await page.keyboard.press('F7');
  await page.waitForTimeout(300);
  return frame;
}

async function measureGame(browser: Browser, server: TestServer, game: string) {
  const first: Open[] = [];
  const later: Open[] = [];
  const floors: KeyFrame[] = [];
  let baseline = 0;
  for (let n = 0; n < FIRST_PAGES; n++) {
    const page = await freshGame(browser, server, game);
    try {
      first.push(await open(browser, page));
      floors.push(await floor(browser, page));
      if (n === FIRST_PAGES - 1) {
        baseline = await traced(browser, page, () => page.waitForTimeout(1000));
        for (let i = 0; i < LATER_OPENS; i++) {
          later.push(await open(browser, page));
          floors.push(await floor(browser, page));
        }
      }
    } finally {
      await page.context().close(); // one page at a time: a trace reads every renderer's main thread
    }
  }
  return { first, later, baseline, floors };
}

/** The figures of one engine. */
function figures(game: string, { first, later, baseline, floors }: Awaited<ReturnType<typeof measureGame>>): Result[] {
  const pick = (opens: Open[], f: (o: Open) => number) => opens.map(f);
  const row = (name: string, value: number, unit = 'ms', target?: string): Result => ({
    name: `widget ${game}: ${name}`,
    value: round(value),
    unit,
    target,
  });
  const n1 = `${FIRST_PAGES} pages`;
  const n2 = `${LATER_OPENS}`;
  return [
    row(
      `hotkey to painted form, first open, trace (median of ${n1})`,
      median(pick(first, (o) => o.painted)),
      'ms',
      SENTRY,
    ),
    row(`hotkey to painted form, first open, trace (worst of ${n1})`, worst(pick(first, (o) => o.painted))),
    row(`hotkey to painted form, first open, in the page (median of ${n1})`, median(pick(first, (o) => o.inPage))),
    row(
      `hotkey to painted form, later opens, trace (median of ${n2})`,
      median(pick(later, (o) => o.painted)),
      'ms',
      SENTRY,
    ),
    row(`hotkey to painted form, later opens, trace (worst of ${n2})`, worst(pick(later, (o) => o.painted))),
    row(`hotkey to painted form, later opens, in the page (median of ${n2})`, median(pick(later, (o) => o.inPage))),
    row(
      `hotkey to painted form, all opens, trace, in frames at 60 fps (median of ${FIRST_PAGES + LATER_OPENS})`,
      median(pick([...first, ...later], (o) => o.painted / FRAME_60)),
      'frames',
      '<= 1 frame',
    ),
    row(
      `hotkey to painted form, all opens, trace, in frames at 60 fps (worst of ${FIRST_PAGES + LATER_OPENS})`,
      worst(pick([...first, ...later], (o) => o.painted / FRAME_60)),
      'frames',
      '<= 1 frame',
    ),
    row(`hotkey to the form drawn on screen, first open (median of ${n1})`, median(pick(first, (o) => o.steps.drawn))),
    row(`hotkey to the form drawn on screen, first open (worst of ${n1})`, worst(pick(first, (o) => o.steps.drawn))),
    row(`hotkey to the form drawn on screen, later opens (median of ${n2})`, median(pick(later, (o) => o.steps.drawn))),
    row(`hotkey to the form drawn on screen, later opens (worst of ${n2})`, worst(pick(later, (o) => o.steps.drawn))),
    row(
      `game frames drawn from the key to the painted form, all opens (median of ${FIRST_PAGES + LATER_OPENS})`,
      median(pick([...first, ...later], (o) => o.gameFrames)),
      'frames',
      // The frame that paints the form holds the game's callbacks: the game draws its next frame in the one after.
      '0 frames',
    ),
    row(
      `game frames drawn from the key to the painted form, all opens (worst of ${FIRST_PAGES + LATER_OPENS})`,
      worst(pick([...first, ...later], (o) => o.gameFrames)),
      'frames',
    ),
    row(
      `longest main-thread task, first open (median of ${n1})`,
      median(pick(first, (o) => o.longest)),
      'ms',
      '< 50 ms',
    ),
    row(`longest main-thread task, first open (worst of ${n1})`, worst(pick(first, (o) => o.longest)), 'ms', '< 50 ms'),
    row(
      `longest main-thread task, later opens (median of ${n2})`,
      median(pick(later, (o) => o.longest)),
      'ms',
      '< 16 ms',
    ),
    row(
      `longest main-thread task, later opens (worst of ${n2})`,
      worst(pick(later, (o) => o.longest)),
      'ms',
      '< 16 ms',
    ),
    row('longest main-thread task of the game alone, 1 s', baseline),
    row(
      `hotkey to the grab in the game's frame, all opens (median)`,
      median(pick([...first, ...later], (o) => o.steps.grab)),
    ),
    row(
      'hotkey to the overlay mount, all opens (median)',
      median(pick([...first, ...later], (o) => o.steps.mountStart)),
    ),
    row(
      'overlay mount, all opens (median)',
      median(pick([...first, ...later], (o) => o.steps.mountEnd - o.steps.mountStart)),
    ),
    ...floorRows(game, [...first, ...later], floors),
  ];
}

/** The floor against ours, and where the time to the first frame after the key went in both (medians). */
function floorRows(game: string, opens: Open[], floors: KeyFrame[]): Result[] {
  const n = floors.length;
  const painted = floors.map((f) => f.painted);
  const row = (name: string, value: number, unit = 'ms'): Result => ({
    name: `widget ${game}: ${name}`,
    value: round(value),
    unit,
  });
  const parts: (keyof KeyFrame)[] = ['keyTask', 'wait', 'raf', 'grab', 'pageRender', 'formRender', 'commit'];
  const known = (xs: number[]) => median(xs.filter(Number.isFinite));
  return [
    row(`floor: an element shown in the key's task, key to painted (median of ${n})`, median(painted)),
    row(`floor: key to painted (worst of ${n})`, worst(painted)),
    row(`floor: key to painted, in frames at 60 fps (median of ${n})`, median(painted) / FRAME_60, 'frames'),
    row(`floor: key to painted, in frames at 60 fps (worst of ${n})`, worst(painted) / FRAME_60, 'frames'),
    row('ours minus the floor, key to painted (medians)', median(opens.map((o) => o.painted)) - median(painted)),
    ...parts.flatMap((k) => [
      row(`first frame after the key, ours (median): ${k}`, median(opens.map((o) => o.frame[k]))),
      row(`first frame after the key, floor (median): ${k}`, median(floors.map((f) => f[k]))),
    ]),
    row(`the game's next frame after the painted one, ours (median)`, known(opens.map((o) => o.frame.next))),
    row(`the game's next frame after the painted one, floor (median)`, known(floors.map((f) => f.next))),
    row(`the longest of the game's next 4 frames, ours (median)`, known(opens.map((o) => o.frame.worstNext))),
    row(`the longest of the game's next 4 frames, floor (median)`, known(floors.map((f) => f.worstNext))),
  ];
}

export async function run(): Promise<Result[]> {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  try {
    [server, browser] = await Promise.all([startEngineServer(), launchBrowser()]);
    const results: Result[] = [];
    // BENCH_ENGINES=three,slow measures only those (and `demo`, the demo game as it ships, served apart).
    const only = process.env.BENCH_ENGINES?.split(',');
    for (const game of GAMES.filter((g) => !only || only.includes(g)))
      results.push(...figures(game, await measureGame(browser, server, game)));
    if (!only || only.includes('demo')) {
      const demo = await startDemoServer();
      try {
        results.push(...figures('demo', await measureGame(browser, demo, 'demo')));
      } finally {
        await demo.close();
      }
    }
    return results;
  } finally {
    await browser?.close();
    await server?.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await run()) console.log(`${r.name}: ${r.value} ${r.unit}${r.target ? ` (target ${r.target})` : ''}`);
}
