// How the runtime reaches its lazy parts (bundler dynamic imports in the ESM entry, URLs relative to the
// script's own src in the IIFE loader), each able to load after it failed, in the same document.
import type { Reporter } from '../core/reporter-contract.ts';
import type { SubmitOutcome, UiModule } from './overlay-contract.ts';
import type { GpuFacts } from '../capture/device-info.ts';
import type { FrameStats } from '../capture/frame-hook.ts';
import type { DomCaptureModule } from '../capture/screenshot.ts';
import type { createEmitter } from './events.ts';
import type { ReplayModule } from './replay-types.ts';

export interface ReporterModule {
  createBrowserReporter(options: {
    endpoint: string;
    projectId: string;
    token: string;
    serviceWorkerUrl?: string;
    parkedDb?: string;
  }): Reporter;
  /** Follows one report until it is sent, queued or rejected (delivery/submit-watch.ts). */
  watchReport(reporter: Reporter, id: string, onProgress: (fraction: number) => void): Promise<SubmitOutcome>;
  /** Forwards the outbox's events to the page and keeps the pending flag (delivery/link-reporter.ts). */
  linkReporter(
    reporter: Reporter,
    emit: ReturnType<typeof createEmitter>['emit'],
    setPending: (on: boolean) => void,
  ): void;
  /** The device block of a report, with what the loader read of the GPU (delivery/device-info.ts). */
  collectDeviceInfo(canvas: HTMLCanvasElement | null, gpu: GpuFacts | undefined): Promise<string>;
  /** The log's first lines: frame times and dropped console entries (delivery/log-header.ts). */
  logHeader(stats: FrameStats | undefined, dropped: number): string;
}

export interface ChunkLoader {
  ui(): Promise<UiModule>;
  reporter(): Promise<ReporterModule>;
  domCapture(): Promise<DomCaptureModule>;
  replay(): Promise<ReplayModule>;
  /** Where the encode worker is, when not next to the overlay chunk (its default, media/frame-encoder.ts). */
  workerUrl?: string | URL;
}

/**
 * Why a chunk that failed can load later in the same document: some browsers (Chromium up to at least 150)
 * keep a failed `import()` of a URL failed for the life of the document, without fetching it again. So
 * after a failure the chunk is first fetched with `fetch`, which is never remembered as failed, and only
 * once that answers is it imported under a fresh URL (`?retry=N`). Its own imports resolve against the
 * same folder, and were never fetched if the chunk itself was not.
 */
function reloadable<T>(load: (failures: number) => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  let failures = 0;
  return () =>
    (loading ??= load(failures).catch((e: unknown) => {
      failures++;
      loading = undefined;
      throw e;
    }));
}

async function importAfresh<T>(url: string, failures: number): Promise<T> {
  const probe = await fetch(url);
  if (!probe.ok) throw new Error(`${url}: ${probe.status}`);
  return import(/* @vite-ignore */ `${url}${url.includes('?') ? '&' : '?'}retry=${failures}`);
}

/** A chunk the script-tag loader imports by its URL. */
export const chunkAt = <T>(url: string): (() => Promise<T>) =>
  reloadable((failures) => (failures ? importAfresh(url, failures) : import(/* @vite-ignore */ url)));

// The URL a browser names when a dynamic import fails (Chromium: "Failed to fetch dynamically imported
// module: <url>", Firefox: "error loading dynamically imported module: <url>").
const FAILED_URL = /https?:\/\/[^\s'"]+?\.m?js(?=[?#\s'"]|$)/;

/**
 * A chunk a bundler splits: its URL is known only from the browser's error. Without one (bundlers whose
 * loaders retry by themselves, browsers that fetch again) the bundler's import is simply called again.
 */
export function recoverableChunk<T>(first: () => Promise<T>): () => Promise<T> {
  let url: string | undefined;
  return reloadable((failures) =>
    (failures && url ? importAfresh<T>(url, failures) : first()).catch((e: unknown) => {
      url ??= FAILED_URL.exec(String(e instanceof Error ? e.message : e))?.[0];
      throw e;
    }),
  );
}
