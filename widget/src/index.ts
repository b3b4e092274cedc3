// The ESM entry for bundlers: `import { init, open, breadcrumb } from 'glitchbox'`. Lazy parts
// are dynamic imports the bundler splits, each able to load again after a failure (runtime/chunks.ts).
import { recoverableChunk } from './runtime/chunks.ts';
import { createPublicApi } from './runtime/public-api.ts';

export type { GlitchboxOptions, GlitchboxUser, ReplayOptions, Severity, Theme } from './runtime/options.ts';
export type { GlitchboxEvent } from './runtime/events.ts';
export type { GlitchboxApi } from './runtime/public-api.ts';
export type { ReportInput, ReportAttachmentInput } from './core/types.ts';

const api = createPublicApi({
  ui: recoverableChunk(() => import('./ui/mount.tsx')),
  reporter: recoverableChunk(() => import('./delivery/reporter-chunk.ts')),
  domCapture: recoverableChunk(() => import('./media/dom-capture.ts')),
  replay: recoverableChunk(() => import('./media/replay.ts')),
});
// Server-side rendering, Node, a worker: no page to show a widget on. One warning, then every call is a no-op. (The
// script-tag loader always has a page, so the check lives here, not in the loader every game page pays for.)
const initOnPage = api.init;
let warnedNoPage = false;
api.init = (options) => {
  if (typeof document !== 'undefined') return initOnPage(options);
  if (!warnedNoPage) console.warn('glitchbox: init() does nothing without a page (server-side rendering?)');
  warnedNoPage = true;
  return api;
};

export const init = api.init;
export const open = api.open;
export const close = api.close;
export const breadcrumb = api.breadcrumb;
export const setCustomField = api.setCustomField;
export const setUser = api.setUser;
export const on = api.on;
export const off = api.off;
export const isOpen = api.isOpen;
export default api;
