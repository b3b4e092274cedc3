// Lazy entry of the overlay: one host element with one shadow root, the adopted stylesheet,
// and the Preact app. Loaded on first open (or while the game idles), never by the loader itself.
/** @jsxRuntime classic */
/** @jsx h */
// biome-ignore lint/correctness/noUnusedImports: the file's JSX pragma compiles to h().
import { h, render } from 'preact';
import { App } from './app.tsx';
import type { ResolvedOptions } from '../runtime/options.ts';
import type { OverlayContext, OverlayHandle } from '../runtime/overlay-contract.ts';
import { applyStyles } from './styles.ts';

export { finishScreenshot } from '../media/finish-screenshot.ts';
export { createFrameEncoder } from '../media/frame-encoder.ts';
export { loadLocale as prepare } from './i18n.ts';

/** Mounts the overlay and shows its dialog in the same task, so the frame after the grab paints the form
 * (the app's effects run only after that frame; showing the dialog there cost the player one more frame). */
export function mountOverlay(ctx: OverlayContext): OverlayHandle {
  const overlay = mount(ctx);
  const root = overlay.host.shadowRoot!;
  try {
    root.querySelector('dialog')!.showModal();
    root.getElementById('gb-desc')?.focus();
  } catch {
    /* the app's effect shows it */
  }
  return overlay;
}

function mount(ctx: OverlayContext): OverlayHandle {
  const host = document.createElement('div');
  host.setAttribute('data-glitchbox', '');
  host.style.setProperty('position', 'fixed');
  host.style.setProperty('z-index', '2147483647');
  const root = host.attachShadow({ mode: 'open' });
  applyStyles(root, ctx.options.styleNonce);
  ctx.container.appendChild(host);
  render(<App ctx={ctx} root={root} />, root);
  return {
    host,
    unmount() {
      render(null, root);
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
    overlay.host.shadowRoot!.querySelector('dialog')!.open = layout;
    void overlay.host.offsetWidth;
  } catch {
    /* not warmed */
  } finally {
    overlay?.unmount();
  }
}
