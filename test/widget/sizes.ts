// Gzip sizes of the built widget and the budgets they are held to (size test and bench).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST_DIR } from './build-once.ts';

/**
 * The script-tag loader: what must run from page load or inside the game's frame, and what keeps a report with no
 * chunk at hand. From page load: the options, the console and error capture, breadcrumbs and the automatic ones
 * (clicks, fetch/XHR, navigation), knowing when a frame is drawn and which canvas, the hotkey, gamepad chord and input
 * shield, the optional launcher, playtime, the outbox resume flag, and the idle steps (the overlay chunk's warm-up,
 * whose code also reads a WebGL game's GPU). With no chunk: the grab, the plain form, a short device block and the IndexedDB write. Formatting
 * that only a report needs (the device block, the log's header, the trace's 128 KB cut) is in the reporter chunk or
 * core. 8 KB until issue 18; raised to 11.5 KB on 2026-11-25 (11,346 B with automatic breadcrumbs, setUser and the
 * honest picture); back to 10 KB on 2026-11-26 by moving that formatting and the GPU read out and a terser pass,
 * with the frame hook's closed cost (+185 B) in (docs/benchmarks-history.md#widget-sizes). Measured 10,198 B; 10,185 B
 * with the hand-over of a grab to the overlay chunk's GPU copy (+17 B); 10,192 B with the frame hook handed to it.
 */
export const LOADER_BUDGET = 10 * 1024;
/** Issue 6's ceiling for the whole widget without html2canvas was 35 KB gzip (from 47 KB: workbox-window and
 * the in-thread spark-md5 on demand, the loader's canvas grab no longer shipped twice, no Vite preload helper,
 * minified CSS, production JSX even when built under vitest, only the report flow's paths in the reporter, no
 * CJS interop in the MD5 worker, classic `h` JSX instead of preact/jsx-runtime, and no ky: the API client is
 * plain fetch; then +96 B for the runtime's named steps). Raised by issue 18: the loader's additions above, the
 * reporter adopting parked reports (+85 B), the chunk list it hands the service worker (about +85 B), the form's
 * fixed Send bar, the gamepad's Start and the dialog shown in the mount task (about +75 B).
 * Measured 38,547 B. Raised to 44 KB on 2026-11-25: the loader's growth above, "Already reported?" in ui.js
 * (+1,627 B), annotation labels, colours and redo (+514 B), the unknown-release resend and the submit watch in
 * reporter.js (+404 B for the watch). Measured 43,732 B. On 2026-11-26 the device block, the log's header and the
 * trace's 128 KB cut moved from the loader into reporter.js (11,542 -> 12,771 B). Measured 44,869 B. Raised by 64 B
 * the same day: an MD5 worker that cannot start (a policy refusing workers) hands its hashes to the in-thread
 * spark-md5, so the report is not kept waiting for ever (+27 B reporter.js), and the screenshot preview's URL is
 * revoked at close (+10 B ui.js). Measured 45,066 B. Raised to
 * 44.5 KB on 2026-11-26: the next report's form rendered and laid out in the hidden frame while closed, its effects
 * held until the key (ui.js +232 B; the loader -14 B). Measured 45,289 B. Raised to 45.25 KB on 2026-11-26: the
 * grab of a WebGL canvas copied on the GPU in the game's frame and read back after the frame that paints the form
 * (media/gpu-copy.ts in ui.js, +979 B; the loader +17 B to hand it the grab). Measured 46,282 B. Raised to 45.5 KB
 * the same day: a new frame's first form painted once, unseen, while closed (so the first open does not raster it
 * cold) and the closed frame kept in the top layer (so the key does not pay for entering it): ui.js +177 B.
 * Measured 46,469 B. Raised to 45.75 KB the same day: an opaque WebGL canvas grabbed in the game's next drawn frame,
 * so its read-back is not in the frame that paints the form (media/gpu-copy.ts, ui.js +238 B; the loader +7 B to
 * hand the grab the frame hook). Measured 46,710 B. Raised to 48.25 KB the same day: the MD5 worker hashes with
 * hash-wasm's WebAssembly MD5 (its module embedded as base64, 2.5 KB gzip, and its wrapper) and reads the Blob as a
 * byte stream, instead of spark-md5 over slices: 2,745 -> 5,421 B, for 4-5 times the hashing speed of a player's clip
 * (docs/benchmarks.md#reporter-core); spark-md5 moved to a chunk of the worker fetched only where WebAssembly is
 * refused; reporter.js +11 B (a worker the browser will not construct). Measured 49,400 B. Raised to 48.5 KB the
 * same day: the GPU copy's read-back in bands of rows, a task each, instead of one task that held the main thread
 * 19.6 ms at 1280x720 (ui.js +85 B; docs/benchmarks.md#the-widget-on-the-demo-page). Measured 49,485 B. */
export const WIDGET_TARGET = 48.5 * 1024;

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** dist/lib (glitchbox/node, /core, /protocol for plain Node) and dist/types (declarations) never reach a player. */
const NOT_FOR_PLAYERS = new Set(['lib', 'types']);

function files(dir: string, root = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (dir === root && NOT_FOR_PLAYERS.has(name)) return [];
    return statSync(p).isDirectory() ? files(p, root) : p.endsWith('.js') ? [p] : [];
  });
}

/** gzip bytes per shipped file, keyed by its path in dist/. */
export function measure(dist = DIST_DIR): Record<string, number> {
  return Object.fromEntries(files(dist).map((f) => [relative(dist, f), gz(f)]));
}

/**
 * Files a player never downloads to send a normal report, left out of the total:
 * - esm/index.js: the npm entry, the loader's alternative (a page loads one or the other);
 * - dom-capture: the DOM HUD painter, loaded only when the game sets `hud`, and the DOM fallback;
 * - html2canvas and the rolldown-runtime CJS interop only it imports: loaded by dom-capture for a
 *   canvas that reads blank or a HUD the painter cannot draw;
 * - replay (webm-muxer): opt-in;
 * - the de, fr, ja and ar locale chunks: English is built into the overlay, a player gets one table;
 * - background-sync (workbox-window): loaded only when the game enables the service worker;
 * - md5 (in-thread spark-md5): loaded only where Workers are missing;
 * - md5-spark-engine (spark-md5 in the MD5 worker): fetched by the worker only where its policy refuses WebAssembly
 *   (the worker itself, with the WebAssembly MD5, is counted);
 * - other-paths (the path table of every operation outside the report flow): loaded only when a game
 *   calls such an operation through reporter.client.call; the report flow's paths are in the reporter.
 * The size test checks that no counted file imports one of these statically.
 */
export const NOT_COUNTED = new RegExp(
  String.raw`^esm\/(index|dom-capture|replay)\.js$|^esm\/chunks\/(de|fr|ja|ar|background-sync|md5|other-paths|` +
    'html2canvas|rolldown-runtime)-|^esm/assets/md5-spark-engine-',
);

/**
 * What a player downloads to send a report: the loader, the overlay with English, the reporter, the
 * MD5 and encode workers, and any chunk they share. Everything not in NOT_COUNTED counts.
 */
export function widgetTotal(sizes: Record<string, number>): number {
  return Object.entries(sizes)
    .filter(([f]) => !NOT_COUNTED.test(f))
    .reduce((n, [, b]) => n + b, 0);
}

/** The files a built ES module imports statically (`import … from "./x.js"`), as paths in dist/. */
export function staticImports(file: string, dist = DIST_DIR): string[] {
  const code = readFileSync(join(dist, file), 'utf8');
  const found = code.matchAll(/\b(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'`](\.{1,2}\/[^"'`]+)["'`]/g);
  return [...found].map((m) => relative(dist, join(dist, dirname(file), m[1])));
}
