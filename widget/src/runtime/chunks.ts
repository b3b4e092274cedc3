// How the runtime reaches its lazy parts: bundler dynamic imports in the ESM entry, URLs
// relative to the script's own src in the IIFE loader (an IIFE cannot code-split).
import type { Reporter } from '../core/reporter-contract.ts';
import type { UiModule } from './overlay-contract.ts';
import type { DomCaptureModule } from '../capture/screenshot.ts';
import type { ReplayModule } from './replay-types.ts';

export interface ReporterModule {
  createBrowserReporter(options: {
    endpoint: string;
    projectId: string;
    token: string;
    serviceWorkerUrl?: string;
    parkedDb?: string;
  }): Reporter;
}

export interface ChunkLoader {
  ui(): Promise<UiModule>;
  reporter(): Promise<ReporterModule>;
  domCapture(): Promise<DomCaptureModule>;
  replay(): Promise<ReplayModule>;
  workerUrl: string | URL | undefined;
}
