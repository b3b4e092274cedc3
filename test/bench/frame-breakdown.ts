// Where the time from a key to the first frame painted after it went, read from a Chrome trace: the key's own task,
// the wait for the next BeginMainFrame, the frame's animation-frame callbacks, the style, layout and paint of the
// game's page and of other documents (our form's frame), and the commit. The same reading serves the floor.
import { mainTasks, type TraceEvent } from './trace.ts';

/** Milliseconds, or NaN when the trace lacks the key or a frame after it. */
export interface KeyFrame {
  /** Key to the end of the commit of the first frame begun after the key's dispatch: that frame is painted. */
  painted: number;
  /** The key's task: input dispatch, every listener and the microtasks after them (the dispatch alone when the key
   * came inside a frame's own task, as Chromium does with input queued while the main thread was busy). */
  keyTask: number;
  /** The key's task's end to that frame's start: 0 when the frame was due before the task ended (it waited). */
  wait: number;
  /** The frame's animation-frame callbacks, and our grab among them (`glitchbox:grab`). */
  raf: number;
  grab: number;
  /** Style, layout, pre-paint and paint of the game's page in that frame, and of the other documents (the form's,
   * its frame's paint in the page included). */
  pageRender: number;
  formRender: number;
  /** The commit to the compositor (its layer update included), which the main thread waits for. */
  commit: number;
  /** The game's next frame: the painted frame's commit end to the next commit's end (16.7 ms when nothing is late):
   * what runs between them (the form's focus and effects, a deferred grab) can push the game's next frame back. */
  next: number;
  /** The longest of the game's next four frames after the painted one, measured as `next` is: a grab's read or a
   * read-back that lands a frame or two later than the next shows here, not in `next`. */
  worstNext: number;
}

/** No key or no frame after it in the trace. */
export const NO_FRAME: KeyFrame = {
  painted: NaN,
  keyTask: NaN,
  wait: NaN,
  raf: NaN,
  grab: NaN,
  pageRender: NaN,
  formRender: NaN,
  commit: NaN,
  next: NaN,
  worstNext: NaN,
};
const RENDER = ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize'];
const end = (e: TraceEvent) => e.ts + (e.dur ?? 0);
/** Work for a document other than the page's: its own style, layout and paint, or its frame painted in the page
 * (a frame's cached content is painted as its IFRAME element, under the page's own frame id). */
const isOther = (e: TraceEvent, page?: string) => {
  const a = e.args as { data?: { frame?: string; nodeName?: string }; beginData?: { frame?: string } } | undefined;
  return (a?.data?.frame ?? a?.beginData?.frame) !== page || a?.data?.nodeName === 'IFRAME';
};

/** Durations in ms, each span once: a span inside another of the list (a frame's Paint in the page's) is not added. */
function spanned(xs: TraceEvent[]): number {
  let total = 0;
  let last = -1;
  for (const e of xs.slice().sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
    if (end(e) <= last) continue;
    total += end(e) - Math.max(e.ts, last);
    last = end(e);
  }
  return total / 1000;
}

/** The page's main frame id, as the trace's start names it. */
function mainFrame(all: TraceEvent[]): string | undefined {
  const started = all.find((e) => e.name === 'TracingStartedInBrowser');
  const frames = (started?.args?.data as { frames?: { frame: string; isOutermostMainFrame?: boolean }[] })?.frames;
  return frames?.find((f) => f.isOutermostMainFrame)?.frame;
}

/** The first frame begun after the trace's first key-down, and where the time to its painting went. */
export function keyFrame(trace: Buffer): KeyFrame {
  const { events, tasks, all } = mainTasks(trace);
  const key = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown');
  if (!key) return NO_FRAME;
  const frames = events
    .filter((e) => e.name === 'ProxyMain::BeginMainFrame' && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const task = tasks.find((t) => t.ts <= key.ts && end(key) <= end(t));
  const inFrame = frames.find((f) => f.ts <= key.ts && end(key) <= end(f));
  // Input dispatched at a frame's start (queued while the main thread was busy) is painted by that frame.
  const keyEnd = inFrame ? end(key) : task ? end(task) : end(key);
  const commits = events
    .filter((e) => e.name === 'Commit' && e.ph === 'X' && e.ts >= keyEnd)
    .sort((a, b) => a.ts - b.ts);
  const [commit, after] = commits;
  const frame = commit && frames.find((f) => f.ts <= commit.ts && end(commit) <= end(f));
  if (!commit || !frame) return NO_FRAME;
  const within = events.filter((e) => e.ph === 'X' && e.ts >= Math.max(frame.ts, keyEnd) && end(e) <= commit.ts);
  const page = mainFrame(all);
  const render = within.filter((e) => RENDER.includes(e.name));
  // The grab is a User Timing measure: one X span, or a b/e pair.
  const grabs = events.filter((e) => e.name === 'glitchbox:grab' && e.ts >= frame.ts && e.ts <= commit.ts);
  const grab = grabs.filter((e) => e.ph !== 'e').sort((a, b) => a.ts - b.ts)[0];
  const grabEnd = grab && grabs.filter((e) => e.ph === 'e' && e.ts >= grab.ts).sort((a, b) => a.ts - b.ts)[0];
  const ms = (us: number) => us / 1000;
  return {
    painted: ms(end(commit) - key.ts),
    keyTask: ms(inFrame || !task ? (key.dur ?? 0) : (task.dur ?? 0)),
    wait: ms(Math.max(0, frame.ts - keyEnd)),
    raf: spanned(within.filter((e) => e.name === 'FireAnimationFrame')),
    grab: grab ? ms(grab.ph === 'X' ? (grab.dur ?? 0) : grabEnd ? grabEnd.ts - grab.ts : 0) : 0,
    pageRender: spanned(render) - spanned(render.filter((e) => isOther(e, page))),
    formRender: spanned(render.filter((e) => isOther(e, page))),
    commit: ms(commit.dur ?? 0),
    next: after ? ms(end(after) - end(commit)) : NaN,
    worstNext: after ? Math.max(...commits.slice(1, 5).map((c, i) => ms(end(c) - end(commits[i])))) : NaN,
  };
}

/**
 * The floor: what any reporter pays on this page, shown in the key's own task at no cost of its own. Before anything
 * on the page, F7 toggles a plain fixed element over the game (a player's key pressed at a random phase of the
 * game's frame); the first frame after it paints it. The key is kept from the game, as the shield keeps our hotkey
 * (until 2026-11-26 13:00 it reached the game's own key listeners: Phaser's took 6 ms of one floor key's task, a cost
 * ours never pays, which made the floor slower than a reporter that costs nothing). Runs in the page: no outside names.
 */
export function installFloorKey(): void {
  addEventListener(
    'keyup',
    (e: KeyboardEvent) => {
      if (e.key === 'F7') e.stopImmediatePropagation();
    },
    true,
  );
  addEventListener(
    'keydown',
    (e: KeyboardEvent) => {
      if (e.key !== 'F7') return;
      e.stopImmediatePropagation();
      let panel = document.getElementById('bench-floor');
      if (!panel) {
        panel = document.createElement('div');
        panel.id = 'bench-floor';
        panel.textContent = 'Report a bug';
        panel.style.cssText =
          'position:fixed;inset:10%;display:none;z-index:2147483646;background:#fff;color:#222;font:16px sans-serif';
        document.documentElement.append(panel);
      }
      panel.style.display = panel.style.display === 'none' ? 'block' : 'none';
    },
    true,
  );
}
