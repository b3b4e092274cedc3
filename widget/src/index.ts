// The ESM entry for bundlers: `import { init, open, breadcrumb } from 'glitchbox'`. Lazy parts
// are dynamic imports the bundler splits; the encode worker is a sibling file.
import { createPublicApi } from './runtime/public-api.ts';

export type { GlitchboxOptions, ReplayOptions, Severity, Theme } from './runtime/options.ts';
export type { GlitchboxEvent } from './runtime/events.ts';
export type { GlitchboxApi } from './runtime/public-api.ts';
export type { ReportInput, ReportAttachmentInput } from './core/types.ts';

// A variable, not a literal: bundlers must not resolve it at build time (it exists in dist/esm only).
const workerFile = 'encode-worker.js';
const api = createPublicApi({
  ui: () => import('./ui/mount.tsx'),
  reporter: () => import('./delivery/reporter-chunk.ts'),
  domCapture: () => import('./media/dom-capture.ts'),
  replay: () => import('./media/replay.ts'),
  workerUrl: new URL(workerFile, import.meta.url),
});

export const init = api.init;
export const open = api.open;
export const close = api.close;
export const breadcrumb = api.breadcrumb;
export const setCustomField = api.setCustomField;
export const on = api.on;
export const off = api.off;
export const isOpen = api.isOpen;
export default api;
