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
