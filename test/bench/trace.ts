// Reading Chrome traces for the widget benches: the page's main-thread tasks, the hotkey to the first
// frame that paints the form and the steps between, and the in-page clock for the same moment.
import type { Browser, Page } from 'playwright-core';

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string; type?: string } };
}
/** `benchmark` gives the compositor's tree activation, `viz` the display's draw: when a frame reaches the screen. */
export const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'benchmark',
  'viz',
];

/** RunTask events on the renderer main threads of a trace, every event on those threads, and all the trace's. */
export function mainTasks(trace: Buffer): { tasks: TraceEvent[]; events: TraceEvent[]; all: TraceEvent[] } {
  const all: TraceEvent[] = JSON.parse(trace.toString()).traceEvents;
  const main = all
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((e) => `${e.pid}:${e.tid}`);
  const events = all.filter((e) => main.includes(`${e.pid}:${e.tid}`));
  return { tasks: events.filter((e) => e.name === 'RunTask' && e.ph === 'X'), events, all };
}

/** The first main-thread commit from `after` on (trace microseconds). */
export const commitAfter = (events: TraceEvent[], after: number) =>
  events.filter((e) => e.name === 'Commit' && e.ph === 'X' && e.ts >= after).sort((a, b) => a.ts - b.ts)[0];

/**
 * The end of the display's first draw showing a commit: after the commit, the compositor rasters its tiles and
 * only then activates its tree (`ActivateSyncTree`); the next `Display::DrawAndSwap` puts it on screen. A cold
 * raster (fonts' glyphs never drawn) shows here and not in the commit's end. Trace microseconds, or undefined.
 */
export function drawnAfter(all: TraceEvent[], commit: TraceEvent): number | undefined {
  const activated = all
    .filter((e) => e.name === 'LayerTreeHostImpl::ActivateSyncTree' && e.ph === 'X' && e.pid === commit.pid)
    .filter((e) => e.ts >= commit.ts)
    .sort((a, b) => a.ts - b.ts)[0];
  if (!activated) return undefined;
  const draw = all
    .filter((e) => e.name === 'Display::DrawAndSwap' && e.ph === 'X' && e.ts >= activated.ts)
    .sort((a, b) => a.ts - b.ts)[0];
  return draw && draw.ts + (draw.dur ?? 0);
}

/** Longest RunTask on the page's renderer main thread in a trace. */
export function longestTask(trace: Buffer): number {
  return Math.max(0, ...mainTasks(trace).tasks.map((e) => (e.dur ?? 0) / 1000));
}

/** Start and end (trace microseconds) of the first User Timing measure with this name. */
function measureSpan(events: TraceEvent[], name: string): { start: number; end: number } | undefined {
  const x = events.find((e) => e.name === name && e.ph === 'X');
  if (x) return { start: x.ts, end: x.ts + (x.dur ?? 0) };
  const b = events.find((e) => e.name === name && e.ph === 'b');
  const e = events.find((e) => e.name === name && e.ph === 'e');
  return b && e ? { start: b.ts, end: e.ts } : undefined;
}

/** Milliseconds from the hotkey's keydown to each step of an open, read from its trace (NaN when missing). */
export interface OpenSteps {
  /** The game's next frame drew into its canvas, and the widget copied it (the grab starts). */
  grab: number;
  /** The overlay mount starts (the copy resolved, the chunk ready). */
  mountStart: number;
  /** The overlay mount ends (the form rendered and its dialog shown). */
  mountEnd: number;
  /** The first frame committed after the mount and the dialog's `beforetoggle`: the form is painted. */
  painted: number;
  /** That frame drawn on screen: its tiles rastered, its tree activated, the display's draw done. */
  drawn: number;
}

/**
 * From the trace: the hotkey's keydown to the end of the first frame committed after the mount finished and the
 * form's dialog or frame was shown (its `beforetoggle`, if any came): the first frame that paints the form; and the
 * steps on the way.
 */
export function openSteps(trace: Buffer): OpenSteps {
  const { events, all } = mainTasks(trace);
  const none = { grab: NaN, mountStart: NaN, mountEnd: NaN, painted: NaN, drawn: NaN };
  const key = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown');
  if (!key) return none;
  const shown = events.find(
    (e) => e.name === 'EventDispatch' && e.args?.data?.type === 'beforetoggle' && e.ts > key.ts,
  );
  const grab = measureSpan(events, 'glitchbox:grab');
  const mount = measureSpan(events, 'glitchbox:mount');
  const ms = (ts: number | undefined) => (ts === undefined ? NaN : (ts - key.ts) / 1000);
  const steps = { ...none, grab: ms(grab?.start), mountStart: ms(mount?.start), mountEnd: ms(mount?.end) };
  if (!mount) return steps;
  // A frame kept in the top layer while closed shows no popover toggle at the key: the mount then shows the form.
  const commit = commitAfter(events, Math.max(shown?.ts ?? mount.end, mount.end));
  if (!commit) return steps;
  return { ...steps, painted: ms(commit.ts + (commit.dur ?? 0)), drawn: ms(drawnAfter(all, commit)) };
}

/** Where an open's time went, in ms: the key's own task and the main thread from its end to the painted frame. */
export interface OpenBreakdown {
  /** The keydown's task, whole; and the script, style recalc and layout inside it. */
  keyTask: number;
  keyScript: number;
  keyStyle: number;
  keyLayout: number;
  /** Our overlay mount in the key's task (`glitchbox:mount`), and the game frame's copy of its canvas
   * (`glitchbox:grab`, inside the game's animation frame). */
  mount: number;
  grab: number;
  /** From the key's task to the painted commit: the game's rAF callbacks, other script, style, layout, paint. */
  gameFrames: number;
  otherScript: number;
  style: number;
  layout: number;
  paint: number;
}

/** Summed durations in ms, each span counted once: a `Paint` inside a `Paint` (the frame's, inside the page's) is
 * part of the outer one. */
const sum = (xs: TraceEvent[]) => {
  let total = 0;
  let end = -1;
  for (const e of xs.slice().sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
    if (e.ts + (e.dur ?? 0) <= end) continue;
    total += e.ts + (e.dur ?? 0) - Math.max(e.ts, end);
    end = e.ts + (e.dur ?? 0);
  }
  return total / 1000;
};

/** Breaks an open down from its trace, up to `painted` ms after the key (NaN when the key or the painted frame is
 * missing). Paint counts pre-paint, paint, layerize and the commit; script the top-level calls, timers, microtasks. */
export function openBreakdown(trace: Buffer, painted: number): OpenBreakdown {
  const { events, tasks } = mainTasks(trace);
  const key = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown');
  const nan = NaN;
  if (!key || Number.isNaN(painted))
    return {
      keyTask: nan,
      keyScript: nan,
      keyStyle: nan,
      keyLayout: nan,
      mount: nan,
      grab: nan,
      gameFrames: nan,
      otherScript: nan,
      style: nan,
      layout: nan,
      paint: nan,
    };
  const task = tasks.find((t) => t.ts <= key.ts && key.ts <= t.ts + (t.dur ?? 0))!;
  const taskEnd = task.ts + (task.dur ?? 0);
  const end = key.ts + painted * 1000;
  const inKey = events.filter((e) => e.ph === 'X' && e.ts >= task.ts && e.ts < taskEnd);
  const after = events.filter((e) => e.ph === 'X' && e.ts >= taskEnd && e.ts < end);
  const named = (xs: TraceEvent[], ...names: string[]) => sum(xs.filter((e) => names.includes(e.name)));
  const SCRIPT = ['FunctionCall', 'TimerFire', 'RunMicrotasks', 'EventDispatch'];
  const raf = named(after, 'FireAnimationFrame');
  const span = (name: string) => {
    const m = measureSpan(events, name);
    return m ? (m.end - m.start) / 1000 : NaN;
  };
  return {
    keyTask: (task.dur ?? 0) / 1000,
    keyScript: named(inKey, 'EventDispatch'),
    keyStyle: named(inKey, 'UpdateLayoutTree'),
    keyLayout: named(inKey, 'Layout'),
    mount: span('glitchbox:mount'),
    grab: span('glitchbox:grab'),
    gameFrames: raf,
    otherScript: Math.max(0, named(after, ...SCRIPT) - raf),
    style: named(after, 'UpdateLayoutTree'),
    layout: named(after, 'Layout'),
    paint: named(after, 'PrePaint', 'Paint', 'Layerize', 'Commit'),
  };
}

/** Hotkey to the first painted frame of the form, from the trace. */
export function hotkeyToPaintedFrame(trace: Buffer): number {
  return openSteps(trace).painted;
}

/** The longest task, hotkey-to-painted-frame and the steps of one traced action (`read` gets the trace too). */
export async function tracedOpen(
  browser: Browser,
  page: Page,
  action: () => Promise<void>,
  read?: (trace: Buffer) => void,
): Promise<{ longest: number; painted: number; steps: OpenSteps }> {
  await browser.startTracing(page, { categories: CATEGORIES });
  await action();
  const trace = await browser.stopTracing();
  read?.(trace);
  const steps = openSteps(trace);
  return { longest: longestTask(trace), painted: steps.painted, steps };
}

/** What `read` finds in the trace of one action: by default its longest main-thread task. */
export async function traced<T = number>(
  browser: Browser,
  page: Page,
  action: () => Promise<void>,
  read: (trace: Buffer) => T = longestTask as (trace: Buffer) => T,
): Promise<T> {
  await browser.startTracing(page, { categories: CATEGORIES });
  await action();
  return read(await browser.stopTracing());
}

/**
 * Before anything on the page: the time of the hotkey's keydown (`__hotkeyAt`) and the game's frame count then
 * (`__game.frames` in the engine pages, `__game.state.frame` in the demo). Runs in the page: no outside names.
 */
export function recordHotkey(): void {
  // The browser's own rAF, kept before the widget wraps it: the widget holds the game's callbacks (wrapped ones)
  // for the frame that paints the form, and a watch through the wrapper would see that frame a frame late.
  (window as any).__nativeRaf = requestAnimationFrame.bind(window);
  addEventListener(
    'keydown',
    (e: KeyboardEvent) => {
      const g = (window as any).__game;
      if (e.key === 'F8')
        Object.assign(window, { __hotkeyAt: e.timeStamp, __hotkeyFrame: g?.frames ?? g?.state?.frame });
    },
    true,
  );
}

/**
 * In the page: once the overlay's host joins the page shown or its kept frame is shown (it is made hidden while
 * idle, holding the next form: only its showing counts), a task posted from the next frame's rAF runs after that
 * frame is painted; the game's frame count is read then too. Runs in the page.
 */
export function watchPaintedForm(): void {
  new MutationObserver((records) => {
    // Inline, not a named helper: tsx would wrap a named function in a helper the page does not have.
    const mounted = records.some((r) =>
      (r.type === 'attributes' ? [r.target] : [...r.addedNodes]).some(
        (n) => n instanceof Element && n.hasAttribute('data-glitchbox') && n.isConnected && !n.hasAttribute('hidden'),
      ),
    );
    if (mounted)
      ((window as any).__nativeRaf ?? requestAnimationFrame)(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const w = window as any;
          if (w.__shownAt !== undefined) return;
          w.__shownAt = performance.now();
          w.__shownFrame = w.__game?.frames ?? w.__game?.state?.frame;
        };
        channel.port2.postMessage(0);
      });
  }).observe(document.documentElement, { childList: true, subtree: true, attributeFilter: ['hidden'] });
}

/**
 * The in-page hotkey-to-painted-form time of the last open (waits for it) and the game frames drawn from the key
 * to that painted frame (0 for ours: its frame holds the game's callbacks; 1 for an overlay that shows in the first
 * frame after the key and lets the game draw there), then clears them for the next.
 */
export async function paintedInPage(page: Page): Promise<{ ms: number; frames: number }> {
  await page.waitForFunction(() => (window as any).__shownAt);
  return page.evaluate(() => {
    const w = window as any;
    const result = { ms: w.__shownAt - w.__hotkeyAt, frames: w.__shownFrame - w.__hotkeyFrame };
    w.__shownAt = undefined;
    return result;
  });
}

/** A frame at 60 fps, in ms: the unit the targets are given in. */
export const FRAME_60 = 1000 / 60;

/** Median and worst of the opens the trace could read: an unread one (NaN) would make a sort's order arbitrary and
 * the worst NaN; each bench prints how many it could not read. NaN when none was read. */
const read = (xs: number[]) => xs.filter((x) => !Number.isNaN(x));
export const median = (xs: number[]) => {
  const r = read(xs).sort((a, b) => a - b);
  return r.length ? r[Math.floor(r.length / 2)] : NaN;
};
export const worst = (xs: number[]) => (read(xs).length ? Math.max(...read(xs)) : NaN);
export const round = (n: number) => Math.round(n * 10) / 10;

/** Waits until the page has settled for a measured open: past the widget's idle warm-up (from 1.5 s on) and
 * 400 ms without a long task (engine start-up), then arms the painted-form watch. Needs `__longtasks` on the page. */
export async function settleForOpen(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const last = (window as any).__longtasks.at(-1);
      return performance.now() > 3000 && (!last || performance.now() - (last.start + last.duration) > 400);
    },
    undefined,
    { timeout: 30_000, polling: 100 },
  );
  await page.locator('canvas').first().waitFor(); // Playwright's injected script is evaluated now, not in a trace
  await page.evaluate(watchPaintedForm);
}
