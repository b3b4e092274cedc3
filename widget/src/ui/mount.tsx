// Lazy entry of the overlay: an iframe the widget owns (about:blank, same origin, over the whole viewport) whose
// own document holds the Preact app and its adopted stylesheet, so keys typed in the form dispatch on that
// frame's window and never on the game's (docs/widget.md#the-forms-own-document). Loaded on first open.
/** @jsxRuntime classic */
/** @jsx h */
// biome-ignore lint/correctness/noUnusedImports: the file's JSX pragma compiles to h().
import { h, render } from 'preact';
import { App } from './app.tsx';
import type { ResolvedOptions } from '../runtime/options.ts';
import type { LoaderContext, OverlayContext, OverlayHandle } from '../runtime/overlay-contract.ts';
import { applyStyles } from './styles.ts';

export { finishScreenshot } from '../media/finish-screenshot.ts';
export { createFrameEncoder } from '../media/frame-encoder.ts';
export { readGpu } from '../media/gpu-read.ts';
export { loadLocale as prepare } from './i18n.ts';

const KEYS = ['keydown', 'keyup', 'keypress'];

/** Mounts the overlay, puts it in the top layer, shows its dialog and moves focus into its document in the same
 * task, so the frame after the grab paints the form and the next key already goes to the form. */
export function mountOverlay(loaded: LoaderContext): OverlayHandle {
  let handler: ((e: KeyboardEvent) => void) | null = null;
  const ctx: OverlayContext = {
    ...loaded,
    setKeyHandler: (h) => {
      handler = h;
    },
  };
  const overlay = mount(ctx);
  const frame = overlay.host as HTMLIFrameElement;
  const doc = frame.contentDocument!;
  const win = doc.defaultView!;
  // The loader's shield reads the frame's keys first (the hotkey, and the keys whose key-up must not reach the
  // game after close); then the form's own keys (Esc, Ctrl+Enter, the editor's undo), unless it just closed.
  for (const t of KEYS)
    win.addEventListener(
      t,
      (e) => {
        ctx.onKey(e);
        if (frame.isConnected) handler?.(e as KeyboardEvent);
      },
      true,
    );
  try {
    // Above a fullscreen canvas too (the top layer), as the modal dialog was when it lived in the game's page.
    frame.setAttribute('popover', 'manual');
    frame.showPopover();
  } catch {
    /* no popover: the fixed frame at the top z-index in the overlay's container */
  }
  try {
    doc.querySelector('dialog')!.showModal();
    win.focus();
    doc.getElementById('gb-desc')?.focus();
  } catch {
    /* the app's effect shows it */
  }
  return overlay;
}

function mount(ctx: OverlayContext): OverlayHandle {
  const host = document.createElement('iframe');
  host.setAttribute('data-glitchbox', '');
  host.setAttribute('title', 'Glitchbox');
  // The frame covers the viewport, transparent (its root's colour scheme matches the frame element's, or
  // Chromium paints it opaque); its dialog's backdrop dims the game as the page's own modal dialog did.
  // Important, so a game's own `iframe { … }` rules cannot move, hide or shrink it.
  const style: Record<string, string> = {
    position: 'fixed',
    inset: '0',
    width: '100%',
    height: '100%',
    'max-width': 'none',
    'max-height': 'none',
    margin: '0',
    padding: '0',
    border: '0',
    background: 'transparent',
    'color-scheme': 'normal',
    display: 'block',
    visibility: 'visible',
    opacity: '1',
    transform: 'none',
    filter: 'none',
    'pointer-events': 'auto',
    'z-index': '2147483647',
  };
  for (const [k, v] of Object.entries(style)) host.style.setProperty(k, v, 'important');
  ctx.container.appendChild(host);
  // about:blank with no src is there at once, same origin: no load to wait for.
  const doc = host.contentDocument!;
  applyStyles(doc, ctx.options.styleNonce);
  render(<App ctx={ctx} root={doc} />, doc.body);
  return {
    host,
    unmount() {
      render(null, doc.body);
      host.remove();
    },
  };
}

/** Renders the overlay once, unseen, and drops it in the same task, before any frame, so none of its
 * effects run (no dialog, focus, fetch or capture). With the dialog closed it compiles the render path;
 * opened (not shown), it also warms the style, font and layout caches, which the first real open
 * otherwise fills inside the game's frames. Never throws: the open renders it anyway. */
export function warm(options: ResolvedOptions, layout: boolean): void {
  let overlay: OverlayHandle | undefined;
  try {
    overlay = mount({ options, container: document.body } as OverlayContext);
    // A closed dialog has no layout box. The open attribute alone shows it in place (no focusing steps,
    // no top layer), and it is gone again before the next frame is drawn, so it is never seen.
    const doc = (overlay.host as HTMLIFrameElement).contentDocument!;
    doc.querySelector('dialog')!.open = layout;
    void doc.body.offsetWidth;
  } catch {
    /* not warmed */
  } finally {
    overlay?.unmount();
  }
}
