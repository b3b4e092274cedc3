// Opening and closing the overlay: the hotkey and gamepad chord behind the input shield, the open
// flow that grabs the game's frame before the lazy overlay appears, and warming that chunk while idle.
import { findCanvas, grabCanvas, type Grab } from '../capture/screenshot.ts';
import type { ChunkLoader } from './chunks.ts';
import type { createEmitter } from './events.ts';
import { showFallbackForm } from './fallback-form.ts';
import { matchesHotkey, parseHotkey } from './hotkey.ts';
import { idle } from './idle.ts';
import { createInputShield, watchGamepadChord } from './input-shield.ts';
import type { ResolvedOptions } from './options.ts';
import type { LoaderContext, OverlayHandle, ReportSnapshot, UiModule } from './overlay-contract.ts';
import { signalPause } from './pause-game.ts';
import type { ReplayRecorder } from './replay-types.ts';
import type { ReporterLink } from './reporter-link.ts';
import type { Capture } from './start-capture.ts';

const HOST_ATTR = 'data-glitchbox';

export function createOverlayControl(
  o: ResolvedOptions,
  chunks: ChunkLoader,
  events: ReturnType<typeof createEmitter>,
  { frames, logs }: Capture,
  reporter: ReporterLink,
  snapshot: (canvas: HTMLCanvasElement | null) => Promise<ReportSnapshot>,
  replay: () => ReplayRecorder | undefined,
) {
  let state: 'closed' | 'opening' | 'open' = 'closed';
  let overlay: OverlayHandle | undefined;
  let canvas: HTMLCanvasElement | null = null;
  let encoder: ReturnType<UiModule['createFrameEncoder']> | undefined;
  /** The overlay chunk once loaded and its locale prepared: opening then mounts in the key's own task. */
  let warm: UiModule | undefined;
  let paused = false;
  let opens = 0;
  const isOwnElement = (el: Element) => el.hasAttribute?.(HOST_ATTR) || el.hasAttribute?.('data-glitchbox-launcher');
  const shield = listenForHotkeys();
  const collect = () => snapshot(canvas);
  warmWhileIdle();

  /** The capture-phase shield that keeps the game's input while open, and the keys and chord that toggle. */
  function listenForHotkeys() {
    const hotkey = o.hotkey ? parseHotkey(o.hotkey) : null;
    const isOwnEvent = (e: Event) => e.composedPath().some((n) => n instanceof Element && isOwnElement(n));
    const s = createInputShield(isOwnEvent, (e) => {
      overlay?.key?.(e);
      if (!hotkey || e.type !== 'keydown' || !matchesHotkey(e, hotkey)) return false;
      const t = e.composedPath()[0] as HTMLElement | undefined;
      if (state === 'open' && t && /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) && hotkey.key.length === 1) return false;
      e.preventDefault();
      e.stopImmediatePropagation();
      if (!e.repeat) void (state === 'closed' ? open() : close());
      return true;
    });
    if (o.gamepadChord)
      watchGamepadChord(o.gamepadChord, s.getGamepads, () => {
        if (state === 'closed') void open();
      });
    return s;
  }

  async function open(): Promise<void> {
    if (state !== 'closed') return;
    state = 'opening';
    const me = ++opens;
    // From the key press on, the game gets no input and has every held key and button released.
    shield.engage();
    try {
      canvas = findCanvas(o.canvas, frames);
      // The grab takes the game's next drawn frame, the one the player sees after the key. The form is shown
      // meanwhile: it is DOM over the canvas and never enters the canvas's pixels, so a warm overlay is mounted
      // in this task and painted in that same frame (docs/widget.md#opening-input-and-focus).
      // A copy that resolves at once (a 2D canvas keeps its pixels) would finish the screenshot, tell the game and
      // load the reporter in this task, before the frame that paints the form: they run a task later instead.
      const grab = grabCanvas(canvas, frames, warm?.copyFrame).then(
        (g) => new Promise<Grab>((r) => setTimeout(r, 0, g)),
      );
      // The frame that paints the warm form runs none of the game's callbacks (they run a frame later): the game's
      // draw there cost the frame 5-11 ms of GPU work on the matrix's WebGL pages, which pushed the form past it.
      if (warm) frames.holdNextFrame();
      if (document.pointerLockElement) document.exitPointerLock();
      const ui =
        warm ??
        (await chunks
          .ui()
          .then(async (m) => {
            await m.prepare(o.locale);
            return m;
          })
          .catch((e) => void logs.record('warn', `Glitchbox overlay unavailable (plain form): ${e}`)));
      if (ui) mountOverlay(ui, grab);
      else mountFallback(await grab);
      state = 'open';
      // Pausing and 'open' (which a game may pause on) wait for the grabbed frame to be drawn.
      await grab;
      // Closed (or closed and opened again) before the frame came: that open is not this one.
      if (state !== 'open' || me !== opens) return;
      paused = !!o.pauseGame;
      if (paused) signalPause(true);
      events.emit('open', {});
      // Load the reporter while the player writes: sending must work if the network drops meanwhile.
      reporter.preload();
    } catch (e) {
      shield.disengage();
      state = 'closed';
      logs.record('error', `Glitchbox could not open: ${e}`);
    }
  }

  /** Hands the overlay its context: the screenshot being finished from the grab, what was captured, the actions. */
  function mountOverlay(ui: UiModule, grabbing: Promise<Grab>) {
    encoder ??= ui.createFrameEncoder(chunks.workerUrl);
    const { encode } = encoder;
    const from = canvas;
    const screenshot = grabbing.then((grab) =>
      ui.finishScreenshot(from, grab, {
        frames,
        encode,
        grab: (c) => grabCanvas(c, frames, ui.copyFrame),
        domCapture: chunks.domCapture,
        hud: o.hud,
        isOwnElement,
      }),
    );
    const recorder = replay();
    const ctx: LoaderContext = {
      options: o,
      container: overlayContainer(),
      screenshot,
      collect,
      replayClip: recorder ? () => recorder.clip() : undefined,
      submit: reporter.submit,
      retry: reporter.retry,
      close,
      emit: events.emit,
      getGamepads: shield.getGamepads,
      onKey: shield.key,
    };
    const mountStart = performance.now();
    overlay = ui.mountOverlay(ctx);
    // The overlay's iframe carries data-glitchbox itself, and pointer events in it stay in its own document.
    performance.measure('glitchbox:mount', { start: mountStart });
  }

  /** The overlay chunk is out of reach (offline): the loader's own plain form, which needs no network. */
  function mountFallback(grab: Grab) {
    const host = showFallbackForm({
      container: overlayContainer(),
      frame: grab.bitmap,
      collect,
      submit: (r) => reporter.submit(r, () => {}),
      close,
    });
    host.setAttribute(HOST_ATTR, '');
    shield.contain(host);
    overlay = { host, unmount: () => host.remove() };
  }

  function close(): void {
    if (state !== 'open') return;
    state = 'closed';
    try {
      overlay?.unmount();
    } catch {
      /* already gone */
    }
    overlay = undefined;
    shield.disengage();
    if (paused) signalPause(false);
    paused = false;
    try {
      if (canvas?.isConnected) {
        if (!canvas.hasAttribute('tabindex')) canvas.tabIndex = -1;
        canvas.focus({ preventScroll: true });
      }
    } catch {
      /* focus is best effort */
    }
    events.emit('close', {});
  }

  /**
   * Warms the overlay while the game idles, one idle task per step, so the first open costs what later ones do:
   * load the chunk and the locale, start the encode worker, prepare the hidden frame and the first report's form.
   */
  function warmWhileIdle() {
    idle(() => {
      chunks
        .ui()
        .then(async (m) => {
          encoder ??= m.createFrameEncoder(chunks.workerUrl);
          await m.prepare(o.locale);
          warm = m;
          m.warm(o);
        })
        .catch(() => {});
    });
  }

  return { open, close, isOpen: () => state === 'open', collect };
}

function overlayContainer(): HTMLElement {
  const fs = document.fullscreenElement as HTMLElement | null;
  // A canvas or video in fullscreen cannot hold children; the modal dialog's top layer covers it.
  return fs && !/^(CANVAS|VIDEO|IMG|IFRAME)$/.test(fs.tagName) ? fs : document.body;
}
