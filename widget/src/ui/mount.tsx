// Lazy entry of the overlay: one host element with one shadow root, the adopted stylesheet,
// and the Preact app. Loaded on first open (or while the game idles), never by the loader itself.
/** @jsxRuntime classic */
/** @jsx h */
import { h, render } from 'preact';
import { App } from './app.tsx';
import type { OverlayContext, OverlayHandle } from './context.ts';
import { applyStyles } from './styles.ts';

export { finishScreenshot } from '../platform/finish-screenshot.ts';
export { createFrameEncoder } from '../platform/frame-encoder.ts';
export { loadLocale as prepare } from './i18n.ts';

export function mountOverlay(ctx: OverlayContext): OverlayHandle {
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
