// Lazy entry of the overlay: an iframe the widget owns (about:blank, same origin, over the viewport) holding the
// Preact app and its adopted stylesheet, so typed keys dispatch on that frame's window, never on the game's; and the
// next report's form, rendered and laid out in it while closed (docs/widget.md#the-forms-own-document).
/** @jsxRuntime classic */
/** @jsx h */
// biome-ignore lint/correctness/noUnusedImports: the file's JSX pragma compiles to h().
import { h, render } from 'preact';
import { App } from './app.tsx';
import { focusForm } from './form-focus.ts';
import type { ResolvedOptions } from '../runtime/options.ts';
import type { LoaderContext, OverlayContext, OverlayHandle } from '../runtime/overlay-contract.ts';
import { hideFrame, paintHidden, raiseFrame, showFrame } from './frame-style.ts';
import { applyStyles } from './styles.ts';

export { finishScreenshot } from '../media/finish-screenshot.ts';
export { createFrameEncoder } from '../media/frame-encoder.ts';
export { readGpu } from '../media/gpu-read.ts';
export { copyFrame } from '../media/gpu-copy.ts';
export { loadLocale as prepare } from './i18n.ts';

const KEYS = ['keydown', 'keyup', 'keypress'];

/** A report's form rendered into `doc`: its context is filled in at open, and its effects wait for `start`. */
interface Form {
  doc: Document;
  ctx: OverlayContext;
  start(): void;
}

/** The frame of the last open, its document as set up then (stylesheet, key listeners), and the open report's
 * key routes. A later open re-renders the app into that same document: no new frame, sheet or style caches. */
let kept: { frame: HTMLIFrameElement; doc: Document; painted?: boolean } | undefined;
/** The next report's form, rendered while closed (held: no effects until the open hands it its report). */
let next: Form | undefined;
let onKey: (e: Event) => void = () => {};
let handler: ((e: KeyboardEvent) => void) | null = null;
let shown = false;
let reports = 0;

/** Shows the overlay in the key's task, so the frame after the key paints the form. The form prepared while closed
 * is used when it is in this frame for these options: the key then only hands it the report (screenshot, snapshot,
 * actions) and starts its effects. Focus moves in after that frame (the app's start), unless a key comes first. */
export function mountOverlay(loaded: LoaderContext): OverlayHandle {
  const { frame, doc } = frameIn(loaded.container, loaded.options.styleNonce);
  const form = next?.doc === doc && next.ctx.options === loaded.options ? next : renderForm(doc, loaded.options);
  next = undefined;
  Object.assign(form.ctx, loaded);
  onKey = loaded.onKey;
  showFrame(frame);
  shown = true;
  raiseFrame(frame, true);
  try {
    const dialog = doc.querySelector('dialog')!;
    // Not prepared (a key within the idle steps): showing it moves focus in now anyway, so on to the description.
    if (!dialog.open) {
      dialog.showModal();
      focusForm(doc, true);
    }
  } catch {
    /* the app's effect shows it */
  }
  // The report's own effects (focus, project info, snapshot, gamepad polling) start after the frame that paints the
  // form: moving focus into the frame's document was 3-5 ms of the key's task, which pushed that frame back.
  // Focus in a task of its own: the blur of the game's window and the style and selection it brings (2-10 ms). The
  // effects (3-6 ms) a frame later, so the two tasks do not stand together before the game's next frame.
  setTimeout(form.start, 100);
  requestAnimationFrame(() => {
    setTimeout(() => focusForm(doc));
    requestAnimationFrame(() => setTimeout(form.start));
  });
  return {
    host: frame,
    // A key-down before that lands on the game's page: focus moves in now. Chromium sends no keypress to a frame
    // focused during the key-down (KeyboardEventManager: "return early to avoid sending a subsequent keypress
    // message to the new frame"), so its character is typed here, and its default kept from any other browser.
    key(e) {
      const k = e as KeyboardEvent;
      if (k.type !== 'keydown' || doc.hasFocus()) return;
      focusForm(doc);
      if (k.key.length !== 1 || k.ctrlKey || k.metaKey || k.altKey) return;
      k.preventDefault();
      doc.execCommand('insertText', false, k.key);
    },
    unmount() {
      shown = false;
      handler = null;
      render(null, doc.body);
      hideFrame(frame);
      // The next report's form, while the game runs: in idle time, one step per idle period.
      warm(loaded.options, frame.parentElement ?? undefined);
    },
  };
}

/** Renders a fresh app (a new key: nothing typed, drawn or picked in the last report is kept) whose effects are
 * held until `start`; its context gets the report at open. */
function renderForm(doc: Document, options: ResolvedOptions): Form {
  let start = () => {};
  const opened = new Promise<void>((r) => {
    start = r;
  });
  const ctx = {
    options,
    setKeyHandler: (h) => {
      handler = h;
    },
  } as OverlayContext;
  render(<App key={++reports} ctx={ctx} root={doc} opened={opened} />, doc.body);
  return { doc, ctx, start };
}

/** The kept frame while it is still in this container with the document it was set up with. A game that removed
 * or re-parented it (which gives an iframe a new, empty document) or a new fullscreen container gets a new one. */
function frameIn(container: HTMLElement, nonce?: string): { frame: HTMLIFrameElement; doc: Document } {
  if (kept?.frame.parentNode === container && kept.frame.contentDocument === kept.doc) return kept;
  kept?.frame.remove();
  const frame = document.createElement('iframe');
  frame.setAttribute('data-glitchbox', '');
  frame.setAttribute('title', 'Glitchbox');
  frame.setAttribute('popover', 'manual');
  hideFrame(frame);
  container.appendChild(frame);
  // about:blank with no src is there at once, same origin: no load to wait for.
  const doc = frame.contentDocument!;
  applyStyles(doc, nonce);
  // The loader's shield reads the frame's keys first (the hotkey, and the keys whose key-up must not reach the
  // game after close); then the form's own keys (Esc, Ctrl+Enter, the editor's undo), unless it just closed.
  for (const t of KEYS)
    doc.defaultView!.addEventListener(
      t,
      (e) => {
        onKey(e);
        if (shown) handler?.(e as KeyboardEvent);
      },
      true,
    );
  kept = { frame, doc };
  return kept;
}

/** One step in the browser's next idle period (or a task where it has none). */
const idle = (fn: () => void) =>
  setTimeout(() => ('requestIdleCallback' in window ? requestIdleCallback(() => fn()) : fn()));

/**
 * Prepares the next report's form while closed, one step per idle period so the game never pays a long task:
 * the hidden frame (after load: made here, so the first open costs what later ones do), the held app rendered
 * into it, then its dialog shown modal (inert for that call, so no focus moves), the frame put in the top layer,
 * and laid out, so the key's frame has its style and layout already. Skipped when an open came first. Never throws.
 */
export function warm(options: ResolvedOptions, container = document.body): void {
  const step = (fn: () => void) =>
    idle(() => {
      try {
        if (!shown) fn();
      } catch {
        /* not prepared: the open renders the form itself */
      }
    });
  step(() => {
    const { doc } = frameIn(container, options.styleNonce);
    step(() => {
      if (next?.doc === doc || kept?.doc !== doc) return;
      const form = renderForm(doc, options);
      next = form;
      step(() => {
        if (next !== form) return;
        const dialog = doc.querySelector('dialog')!;
        // Inert while shown modal, so its focusing steps move no focus out of the game; not after, so the key
        // recomputes no style for it (the hidden frame is inert, unhit and out of the accessibility tree).
        dialog.inert = true;
        dialog.showModal();
        dialog.inert = false;
        if (kept?.doc === doc) raiseFrame(kept.frame);
        void doc.body.offsetWidth;
        step(() => paintUnseen(form));
      });
    });
  });
}

/** A frame never painted makes the first open's frame raster the form cold (its fonts' glyphs, its shadow: 20-75 ms
 * on software raster, after a 6 ms tile set-up the commit waits for). So a new frame's first prepared form is
 * painted once, unseen and unhit, in an idle period; three frames later (a commit waits for the last one's raster),
 * it is hidden again. Later forms in that frame are painted warm (docs/widget.md#the-forms-own-document). */
function paintUnseen(form: Form): void {
  const frame = kept?.frame;
  if (!frame || kept?.doc !== form.doc || kept.painted || next !== form) return;
  kept.painted = true;
  paintHidden(frame);
  let frames = 0;
  const tick = () =>
    ++frames < 3
      ? requestAnimationFrame(tick)
      : idle(() => {
          if (!shown) hideFrame(frame);
        });
  requestAnimationFrame(tick);
}
