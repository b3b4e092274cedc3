// The engine matrix's setup: each game in games/ bundled with esbuild (real engines from npm), a page
// per game and tag position, served with the widget by one reference server, and one shared Chromium.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { ensureWidgetBuilt } from '../widget/build-once.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../helpers/chromium.ts';
import { ROOT } from '../e2e/harness.ts';

const GAMES_DIR = resolve(import.meta.dirname, 'games');
export const GAMES = readdirSync(GAMES_DIR)
  .filter((f) => f.endsWith('.ts') && f !== 'shared.ts')
  .map((f) => f.slice(0, -3));

/** The widget's tag as a game pastes it (demo project, F8, English), with further attributes (` data-canvas=…`). */
export const engineTag = (attributes = '') =>
  '<script src="/widget/glitchbox.js" data-project="pr-4242" data-token="tkn-demo" data-endpoint="/" ' +
  `data-hotkey="F8" data-locale="en" data-playtime="false"${attributes}></script>`;
const TAG = engineTag();

/** Long tasks from page load on, for the open budget; installed before anything else on the page. */
const LONGTASKS = `<script>window.__longtasks = []; window.__frames = [];
new PerformanceObserver((l) => {
  for (const e of l.getEntries()) window.__longtasks.push({ start: e.startTime, duration: e.duration });
}).observe({ type: 'longtask', buffered: true });
new PerformanceObserver((l) => {
  for (const e of l.getEntries()) {
    const scripts = e.scripts.map((s) => [s.sourceURL.split('/').pop(), s.invoker, Math.round(s.duration)]);
    window.__frames.push({ start: e.startTime, duration: e.duration, scripts });
  }
}).observe({ type: 'long-animation-frame' });</script>`;

/** One page per game and tag position: the tag before the game's script, or after it (the engine already running). */
function pageHtml(game: string, tag: 'before' | 'after'): string {
  const script = `<script src="${game}.js"></script>`;
  const body = tag === 'before' ? TAG + script : script + TAG;
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>${game}</title>${LONGTASKS}` +
    '<style>body{margin:0;background:#fff}canvas{display:block}</style></head>' +
    `<body>${body}</body></html>`
  );
}

/** Bundles the games (IIFE, as a game's build would ship them) and writes their pages; returns the folder. */
export async function buildGames(
  games: string[] = GAMES,
  extra: Record<string, string> = {},
  dir = GAMES_DIR,
): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), 'glitchbox-engines-'));
  mkdirSync(out, { recursive: true });
  await build({
    entryPoints: games.map((g) => join(dir, `${g}.ts`)),
    outdir: out,
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  for (const g of games) {
    for (const tag of ['before', 'after'] as const) writeFileSync(join(out, `${g}-${tag}.html`), pageHtml(g, tag));
  }
  for (const [name, html] of Object.entries(extra)) writeFileSync(join(out, name), html);
  return out;
}

/** The reference server with the demo project, serving the widget and the games' pages under /engines. */
export async function startEngineServer(
  games?: string[],
  extra?: Record<string, string>,
  from?: string,
): Promise<TestServer> {
  const [dist, dir] = await Promise.all([ensureWidgetBuilt(), buildGames(games, extra, from)]);
  const server = await startTestServer({
    staticDirs: [
      { prefix: '/engines', dir },
      { prefix: '/widget', dir: dist },
    ],
  });
  await server.fixtures(JSON.parse(readFileSync(resolve(ROOT, 'scripts/demo-fixtures.json'), 'utf8')));
  return server;
}

/** What a test file serves and runs: games of games/ (or of `from`; all by default), further pages by file name,
 * and Chromium flags beyond CHROMIUM_ARGS. */
export interface EngineSetup {
  games?: string[];
  pages?: Record<string, string>;
  from?: string;
  args?: string[];
}

/** A test file's server and browser, there from its beforeAll on. */
export interface Engines {
  readonly server: TestServer;
  readonly browser: Browser;
}

type Ready = (server: TestServer, browser: Browser) => void;

/** One server (serving the widget and the games) and one browser for a test file, closed after it. */
export function useEngines(setup?: EngineSetup): Engines;
/** The earlier form, a callback handed the pair, kept while a file still uses it (test/engines/gpu-copy.test.ts). */
export function useEngines(ready: Ready, games?: string[], pages?: Record<string, string>, from?: string): Engines;
export function useEngines(
  first: EngineSetup | Ready = {},
  games?: string[],
  pages?: Record<string, string>,
  from?: string,
): Engines {
  const setup = typeof first === 'function' ? { games, pages, from } : first;
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startEngineServer(setup.games, setup.pages, setup.from),
      chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, ...(setup.args ?? [])] }),
    ]);
    if (typeof first === 'function') first(server, browser);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const ready = <T>(value: T | undefined) => {
    if (value === undefined) throw new Error('useEngines: read in a test, after its beforeAll');
    return value;
  };
  return {
    get server() {
      return ready(server);
    },
    get browser() {
      return ready(browser);
    },
  };
}

/**
 * Mean absolute difference (0-255, over RGB) between two images after both are scaled to 64x36 in
 * the page: small shifts of moving content barely count, a wrong, blank or HUD-only picture does.
 */
export async function imageDifference(page: Page, a: string, b: string): Promise<{ diff: number; size: number[][] }> {
  return page.evaluate(
    async ({ a, b }) => {
      const read = async (url: string) => {
        const bitmap = await createImageBitmap(await (await fetch(url)).blob());
        const c = new OffscreenCanvas(64, 36);
        const ctx = c.getContext('2d')!;
        ctx.imageSmoothingQuality = 'high';
        // Transparent pixels count as the white page behind them, as the player saw them.
        ctx.fillStyle = '#fff';
        ctx.fillRect(0, 0, 64, 36);
        ctx.drawImage(bitmap, 0, 0, 64, 36);
        return { data: ctx.getImageData(0, 0, 64, 36).data, size: [bitmap.width, bitmap.height] };
      };
      const [x, y] = await Promise.all([read(a), read(b)]);
      let sum = 0;
      for (let i = 0; i < x.data.length; i += 4) {
        for (let k = 0; k < 3; k++) sum += Math.abs(x.data[i + k] - y.data[i + k]);
      }
      return { diff: sum / (64 * 36 * 3), size: [x.size, y.size] };
    },
    { a, b },
  );
}
