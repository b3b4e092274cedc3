// Lazy entry of the overlay: an iframe the widget owns (about:blank, same origin, over the viewport) made at the
// first open and kept hidden between opens; its own document holds the Preact app and its adopted stylesheet, so
// typed keys dispatch on that frame's window, never on the game's (docs/widget.md#the-forms-own-document).
/** @jsxRuntime classic */
/** @jsx h */
// biome-ignore lint/correctness/noUnusedImports: the file's JSX pragma compiles to h().
import { h, render } from 'preact';
import { App } from './app.tsx';
import type { ResolvedOptions } from '../runtime/options.ts';
import type { LoaderContext, OverlayContext, OverlayHandle } from '../runtime/overlay-contract.ts';
import { hideFrame, showFrame } from './frame-style.ts';
import { applyStyles } from './styles.ts';

export { finishScreenshot } from '../media/finish-screenshot.ts';
export { createFrameEncoder } from '../media/frame-encoder.ts';
export { readGpu } from '../media/gpu-read.ts';
export { loadLocale as prepare } from './i18n.ts';

const KEYS = ['keydown', 'keyup', 'keypress'];

/** The frame of the last open, its document as set up then (stylesheet, key listeners), and the open report's
 * key routes. A later open re-renders the app into that same document: no new frame, sheet or style caches. */
let kept: { frame: HTMLIFrameElement; doc: Document } | undefined;
let onKey: (e: Event) => void = () => {};
let handler: ((e: KeyboardEvent) => void) | null = null;
let shown = false;
let reports = 0;

/** Mounts the overlay, puts it in the top layer, shows its dialog and moves focus into its document in the same
 * task, so the frame after the grab paints the form and the next key already goes to the form. */
export function mountOverlay(loaded: LoaderContext): OverlayHandle {
  const ctx: OverlayContext = {
    ...loaded,
    setKeyHandler: (h) => {
      handler = h;
    },
  };
  onKey = ctx.onKey;
  const { frame, doc } = frameIn(ctx.container, ctx.options.styleNonce);
  showFrame(frame);
  // A new key per report: the app mounts afresh, so nothing typed, drawn or picked in the last report is kept.
  render(<App key={++reports} ctx={ctx} root={doc} />, doc.body);
  shown = true;
  try {
    // Above a fullscreen canvas too (the top layer), as the modal dialog was when it lived in the game's page.
    frame.showPopover();
  } catch {
    /* no popover: the fixed frame at the top z-index in the overlay's container */
  }
  try {
    doc.querySelector('dialog')!.showModal();
    doc.defaultView!.focus();
    doc.getElementById('gb-desc')?.focus();
  } catch {
    /* the app's effect shows it */
  }
  return {
    host: frame,
    unmount() {
      shown = false;
      handler = null;
      render(null, doc.body);
      hideFrame(frame);
    },
  };
}

/** The kept frame while it is still in this container with the document it was set up with. A game that removed
 * or re-parented it (which gives an iframe a new, empty document) or a new fullscreen container gets a new one. */
function frameIn(container: HTMLElement, nonce?: string): { frame: HTMLIFrameElement; doc: Document } {
  if (kept?.frame.parentNode === container && kept.frame.contentDocument === kept.doc) return kept;
  kept?.frame.remove();
  const frame = createFrame(container, nonce);
  const doc = frame.contentDocument!;
  frame.setAttribute('popover', 'manual');
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

/** A new overlay frame in `container` with the stylesheet adopted; about:blank with no src is there at once,
 * same origin: no load to wait for. */
function createFrame(container: HTMLElement, nonce?: string): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.setAttribute('data-glitchbox', '');
  frame.setAttribute('title', 'Glitchbox');
  showFrame(frame);
  container.appendChild(frame);
  applyStyles(frame.contentDocument!, nonce);
  return frame;
}

/** Renders the overlay once, unseen, in a frame of its own that is dropped in the same task, before any frame,
 * so none of its effects run (no dialog, focus, fetch or capture) and no frame stays in a page never opened.
 * With the dialog closed it compiles the render path; opened (not shown), it also warms the style, font and
 * layout caches, which the first real open otherwise fills inside the game's frames. Never throws. */
export function warm(options: ResolvedOptions, layout: boolean): void {
  let frame: HTMLIFrameElement | undefined;
  try {
    frame = createFrame(document.body, options.styleNonce);
    const doc = frame.contentDocument!;
    render(<App ctx={{ options } as OverlayContext} root={doc} />, doc.body);
    // A closed dialog has no layout box. The open attribute alone shows it in place (no focusing steps,
    // no top layer), and it is gone again before the next frame is drawn, so it is never seen.
    doc.querySelector('dialog')!.open = layout;
    void doc.body.offsetWidth;
    render(null, doc.body);
  } catch {
    /* not warmed */
  } finally {
    frame?.remove();
  }
}
