// The widget runtime every game page pays for: hotkey, gamepad chord, input shield, frame hook,
// console/error/breadcrumb capture, device info, playtime, outbox resume, and the open/close
// flow that grabs the frame before the lazy overlay appears. Everything else is a lazy chunk.
import type { Reporter } from '../core/reporter-contract.ts';
import type { ReportInput } from '../core/types.ts';
import type { OverlayContext, OverlayHandle, ReportSnapshot, SubmitOutcome, UiModule } from './overlay-contract.ts';
import { createBreadcrumbs, fitDebugTrace } from '../capture/breadcrumbs.ts';
import type { ChunkLoader } from './chunks.ts';
import { createConsoleCapture } from '../capture/console-capture.ts';
import { collectDeviceInfo, gpuRenderer, prefetchClientHints } from '../capture/device-info.ts';
import { createEmitter, type GlitchboxEvent } from './events.ts';
import { createFrameHook, hookGetContext } from '../capture/frame-hook.ts';
import { matchesHotkey, parseHotkey } from './hotkey.ts';
import { createInputShield, watchGamepadChord } from './input-shield.ts';
import { createLauncher } from './launcher.ts';
import { resolveOptions, type GlitchboxOptions } from './options.ts';
import { startPlaytime } from './playtime.ts';
import type { ReplayRecorder } from './replay-types.ts';
import { findCanvas, grabCanvas, type Screenshot } from '../capture/screenshot.ts';
import { watchReport } from './submit-watch.ts';

const HOST_ATTR = 'data-glitchbox';
const idle = (fn: () => void, delay = 1500) => setTimeout(() => ('requestIdleCallback' in window ? requestIdleCallback(() => fn()) : fn()), delay);

export type Runtime = ReturnType<typeof createRuntime>;

export function createRuntime(input: GlitchboxOptions, chunks: ChunkLoader) {
  const o = resolveOptions(input);
  const events = createEmitter();
  const pendingKey = `glitchbox:pending:${o.projectId}`;
  const gameFields: Record<string, unknown> = {};
  const crumbs = createBreadcrumbs(o.maxBreadcrumbs);
  let errorReports = 0;
  const logs = createConsoleCapture(o.maxLogEntries, o.captureConsole, (message, detail) => {
    crumbs.add('danger', message);
    events.emit('error', { message, detail });
    if (o.reportErrors && errorReports < 5) {
      errorReports++;
      void sendRaw(message, detail);
    }
  });
  hookGetContext(!!o.preserveDrawingBuffer);
  const frames = createFrameHook();
  let encoder: ReturnType<UiModule['createFrameEncoder']> | undefined;
  const hotkey = o.hotkey ? parseHotkey(o.hotkey) : null;
  prefetchClientHints();

  let state: 'closed' | 'opening' | 'open' = 'closed';
  let overlay: OverlayHandle | undefined;
  let canvas: HTMLCanvasElement | null = null;
  let keyHandler: ((e: KeyboardEvent) => void) | null = null;
  let replay: ReplayRecorder | undefined;
  let reporter: Promise<Reporter> | undefined;

  const isOwnElement = (el: Element) => el.hasAttribute?.(HOST_ATTR) || el.hasAttribute?.('data-glitchbox-launcher');
  const isOwnEvent = (e: Event) => e.composedPath().some((n) => n instanceof Element && isOwnElement(n));
  const shield = createInputShield(isOwnEvent, (e) => {
    if (!hotkey || e.type !== 'keydown' || !matchesHotkey(e, hotkey)) return false;
    const t = e.composedPath()[0] as HTMLElement | undefined;
    if (state === 'open' && t && /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) && hotkey.key.length === 1) return false;
    e.preventDefault();
    e.stopImmediatePropagation();
    if (!e.repeat) void (state === 'closed' ? api.open() : api.close());
    return true;
  });
  shield.onKey = (e) => keyHandler?.(e);
  if (o.gamepadChord) watchGamepadChord(o.gamepadChord, shield.getGamepads, () => { if (state === 'closed') void api.open(); });

  const getReporter = () => (reporter ??= chunks.reporter().then((m) => {
    const r = m.createBrowserReporter({ endpoint: o.endpoint, projectId: o.projectId, token: o.token, serviceWorkerUrl: o.serviceWorkerUrl });
    r.on('queued', (e) => { setPending(true); events.emit('queued', { id: e.id }); });
    r.on('sent', (e) => { events.emit('sent', { id: e.id, url: e.report.remote?.url }); void refreshPending(r); });
    r.on('rejected', (e) => { events.emit('rejected', { id: e.id, reason: e.error, status: e.status }); void refreshPending(r); });
    return r;
  }));
  const setPending = (on: boolean) => { try { if (on) localStorage.setItem(pendingKey, '1'); else localStorage.removeItem(pendingKey); } catch { /* storage off */ } };
  const refreshPending = async (r: Reporter) => { try { setPending((await r.list()).some((x) => x.status === 'pending')); } catch { /* keep the flag */ } };

  async function applyBeforeSend(report: ReportInput): Promise<ReportInput | null> {
    if (!o.beforeSend) return report;
    try {
      return (await o.beforeSend(report)) ?? null;
    } catch (e) {
      logs.record('warn', `Glitchbox beforeSend threw, report dropped: ${e}`);
      return null;
    }
  }

  async function submit(report: ReportInput, onProgress: (f: number) => void): Promise<SubmitOutcome> {
    try {
      const final = await applyBeforeSend(report);
      if (!final) return { state: 'dropped' };
      events.emit('submit', { report: final });
      const r = await getReporter();
      const { id } = await r.submit(final);
      return await watchReport(r, id, onProgress);
    } catch (e) {
      return { state: 'failed', reason: e instanceof Error ? e.message : String(e) };
    }
  }

  async function sendRaw(message: string, detail: string) {
    try {
      const report = await applyBeforeSend({
        kind: 'bug', raw: true, source: 'glitchbox-error', title: message.slice(0, 120), description: detail,
        releaseLabel: o.release, deviceInfo: collectDeviceInfo(findCanvas(o.canvas)), logs: logs.text(),
        debugTrace: fitDebugTrace(crumbs.steps()),
      });
      if (report) await (await getReporter()).submit(report);
    } catch { /* never throw into the game */ }
  }

  async function collect(): Promise<ReportSnapshot> {
    let fromGame: Record<string, unknown> = {};
    try { fromGame = (await o.customFields?.()) ?? {}; } catch (e) { logs.record('warn', `Glitchbox customFields callback threw: ${e}`); }
    const stats = frames.stats();
    const header = stats ? `# Frame times over the last ${stats.frames} frames: avg ${stats.avgMs} ms, p95 ${stats.p95Ms} ms, max ${stats.maxMs} ms\n` : '';
    const dropped = logs.dropped ? `# ${logs.dropped} older console entries were dropped\n` : '';
    return {
      logs: header + dropped + logs.text(),
      logCount: logs.entries().length,
      debugTrace: fitDebugTrace(crumbs.steps()),
      deviceInfo: collectDeviceInfo(canvas),
      customFields: { ...fromGame, ...gameFields },
      releaseLabel: o.release,
      frameStats: stats,
    };
  }

  function overlayContainer(): HTMLElement {
    const fs = document.fullscreenElement as HTMLElement | null;
    // A canvas or video in fullscreen cannot hold children; the modal dialog's top layer covers it.
    return fs && !/^(CANVAS|VIDEO|IMG|IFRAME)$/.test(fs.tagName) ? fs : document.body;
  }

  const api = {
    options: o,
    async open(): Promise<void> {
      if (state !== 'closed') return;
      state = 'opening';
      try {
        canvas = findCanvas(o.canvas);
        const uiLoading = chunks.ui().then(async (m) => { await m.prepare(o.locale); return m; });
        // The frame is grabbed before anything of ours is drawn and before the game hears 'open';
        // encoding and the blank-frame fallbacks live in the lazy UI chunk.
        const grab = await grabCanvas(canvas, frames);
        if (document.pointerLockElement) document.exitPointerLock();
        shield.active = true;
        const ui = await uiLoading;
        encoder ??= ui.createFrameEncoder(chunks.workerUrl);
        const screenshot: Promise<Screenshot> = ui.finishScreenshot(canvas, grab, {
          frames, encode: encoder.encode, grab: (c) => grabCanvas(c, frames), domCapture: chunks.domCapture, hud: o.hud, isOwnElement,
        });
        const ctx: OverlayContext = {
          options: o, container: overlayContainer(), screenshot, collect,
          replayClip: replay ? () => replay!.clip() : undefined,
          submit,
          retry: async (id, edits, onProgress) => {
            try {
              const r = await getReporter();
              await r.retry(id, edits);
              return await watchReport(r, id, onProgress);
            } catch (e) {
              return { state: 'failed', reason: String(e) };
            }
          },
          close: () => api.close(),
          setKeyHandler: (h) => { keyHandler = h; },
          getGamepads: shield.getGamepads,
        };
        const mountStart = performance.now();
        overlay = ui.mountOverlay(ctx);
        performance.measure('glitchbox:mount', { start: mountStart });
        overlay.host.setAttribute(HOST_ATTR, '');
        state = 'open';
        events.emit('open', {});
        // Load the reporter while the player writes: sending must work if the network drops meanwhile.
        getReporter().catch(() => { reporter = undefined; });
      } catch (e) {
        shield.active = false;
        state = 'closed';
        logs.record('error', `Glitchbox could not open: ${e}`);
      }
    },
    close(): void {
      if (state !== 'open') return;
      state = 'closed';
      try { overlay?.unmount(); } catch { /* already gone */ }
      overlay = undefined;
      keyHandler = null;
      shield.active = false;
      try {
        if (canvas && canvas.isConnected) {
          if (!canvas.hasAttribute('tabindex')) canvas.tabIndex = -1;
          canvas.focus({ preventScroll: true });
        }
      } catch { /* focus is best effort */ }
      events.emit('close', {});
    },
    breadcrumb: (severity: string, text: string) => crumbs.add(severity, text),
    setCustomField(ident: string, value: unknown) {
      if (value === undefined) delete gameFields[ident]; else gameFields[ident] = value;
    },
    on: <K extends keyof GlitchboxEvent>(type: K, fn: (e: GlitchboxEvent[K]) => void) => events.on(type, fn),
    off: <K extends keyof GlitchboxEvent>(type: K, fn: (e: GlitchboxEvent[K]) => void) => events.off(type, fn),
    isOpen: () => state === 'open',
    /** Captured data, for tests and for games that show their own UI. */
    collect,
  };

  if (o.launcher) {
    const mount = () => createLauncher('Report a bug', () => void api.open());
    if (document.body) mount(); else addEventListener('DOMContentLoaded', mount, { once: true });
  }
  if (o.playtime !== false) {
    startPlaytime({ endpoint: o.endpoint, projectId: o.projectId, token: o.token, tags: { release: o.release ?? '', locale: o.locale, ...o.playtime?.tags } });
  }
  // Outbox resume: the reporter chunk is loaded only when something is waiting to be sent.
  const resume = () => { try { if (localStorage.getItem(pendingKey)) void getReporter(); } catch { /* storage off */ } };
  resume();
  addEventListener('online', resume);
  // Warm the overlay while the game idles, one idle task per step, so the first open costs about what
  // later ones do: load the chunk and the locale, start the encode worker, render the form unseen
  // (closed, then laid out) and read the GPU name from the game's context (the device info keeps it).
  idle(() => {
    chunks.ui().then(async (m) => {
      encoder ??= m.createFrameEncoder(chunks.workerUrl);
      await m.prepare(o.locale);
      idle(() => {
        m.warm(o, false);
        idle(() => { m.warm(o, true); gpuRenderer(findCanvas(o.canvas), true); }, 0);
      }, 0);
    }).catch(() => {});
  });
  if (o.replay) {
    const r = typeof o.replay === 'object' ? o.replay : {};
    idle(() => {
      const c = findCanvas(o.canvas);
      if (c) chunks.replay().then((m) => { replay = m.createReplayRecorder(c, { seconds: r.seconds ?? 30, fps: r.fps ?? 15, bitrate: r.bitrate ?? 1_500_000 }, (fn) => void frames.afterNextGameFrame(fn, 200)); }, (e) => logs.record('warn', `Glitchbox replay unavailable: ${e}`));
    }, 500);
  }
  return api;
}
