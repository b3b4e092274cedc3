// The widget runtime every game page pays for: capture from page load, the hotkey and the overlay's
// open/close flow, the link to the lazy reporter (with outbox resume), playtime, and the optional
// launcher and replay. createRuntime wires these steps; everything heavy is a lazy chunk.
import type { ChunkLoader } from './chunks.ts';
import { createEmitter } from './events.ts';
import { idle } from './idle.ts';
import { createLauncher } from './launcher.ts';
import { resolveOptions, type GlitchboxOptions, type GlitchboxUser, type ResolvedOptions } from './options.ts';
import { createOverlayControl } from './overlay-control.ts';
import { startPlaytime } from './playtime.ts';
import type { ReplayRecorder } from './replay-types.ts';
import { createReporterLink } from './reporter-link.ts';
import { collectSnapshot, startCapture, type Capture } from './start-capture.ts';
import { findCanvas } from '../capture/screenshot.ts';

export type Runtime = ReturnType<typeof createRuntime>;

export function createRuntime(input: GlitchboxOptions, chunks: ChunkLoader) {
  const o = resolveOptions(input);
  const events = createEmitter();
  const gameFields: Record<string, unknown> = {};
  let user = o.user;
  // Uncaught errors and rejections arrive as events in later tasks, by when `reporter` exists.
  const capture = startCapture(o, events, (message, detail) => void reporter.sendRaw(message, detail));
  const reporter = createReporterLink(o, chunks, events, capture);
  const replay = startReplay(o, chunks, capture);
  const overlay = createOverlayControl(
    o,
    chunks,
    events,
    capture,
    reporter,
    (canvas) => collectSnapshot(o, capture, gameFields, reporter.context(canvas), user),
    replay,
  );
  const api = {
    options: o,
    /** open, close, isOpen, and collect (captured data, for tests and for games that show their own UI). */
    ...overlay,
    breadcrumb: capture.crumbs.add,
    setCustomField(ident: string, value: unknown) {
      if (value === undefined) delete gameFields[ident];
      else gameFields[ident] = value;
    },
    /** The player from now on (null forgets them): read into each report when the overlay opens. */
    setUser(u: GlitchboxUser | null) {
      user = u ?? undefined;
    },
    on: events.on,
    off: events.off,
  };
  mountLauncher(o, overlay.open);
  startPlaytime(o);
  reporter.resume();
  return api;
}

/** The optional plain-DOM button, added once the body exists. */
function mountLauncher(o: ResolvedOptions, open: () => Promise<void>) {
  if (!o.launcher) return;
  const mount = () => createLauncher('Report a bug', () => void open());
  if (document.body) mount();
  else addEventListener('DOMContentLoaded', mount, { once: true });
}

/** Opt-in replay: records the game's canvas from an idle moment on; returns the recorder once it runs. */
function startReplay(
  o: ResolvedOptions,
  chunks: ChunkLoader,
  { frames, logs }: Capture,
): () => ReplayRecorder | undefined {
  let recorder: ReplayRecorder | undefined;
  if (o.replay) {
    const r = typeof o.replay === 'object' ? o.replay : {};
    idle(() => {
      const c = findCanvas(o.canvas, frames);
      if (c)
        chunks.replay().then(
          (m) => {
            recorder = m.createReplayRecorder(c, r, (fn) => void frames.whenDrawn(c, fn, 200));
          },
          (e) => logs.record('warn', `Glitchbox replay unavailable: ${e}`),
        );
    }, 500);
  }
  return () => recorder;
}
