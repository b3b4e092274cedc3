// createBrowserReporter: the core reporter wired to the browser: IndexedDB outbox, MD5 in a Web
// Worker, Web Locks so one tab syncs, XHR uploads with progress, syncs on start, on `online` and when
// the page becomes visible, and (optional) service-worker Background Sync when the page is gone
// (background-sync.ts and workbox-window are a chunk of their own, loaded only when it is enabled).
import { createReporter } from '../core/reporter.ts';
import type { Reporter } from '../core/reporter-contract.ts';
import type { BackgroundSync } from './background-sync.ts';
import { xhrUpload } from './browser-reporter-upload.ts';
import { createWorkerHasher } from './hasher.ts';
import { createIdbOutbox } from './outbox-idb.ts';
import { adoptParked } from './parked-reports.ts';
import { createWebLock } from './sync-lock.ts';

export interface BrowserReporterOptions {
  endpoint: string;
  projectId: string;
  token: string;
  /** URL of the bundled delivery/service-worker.ts; enables Background Sync where supported. */
  serviceWorkerUrl?: string;
  /** IndexedDB database name; default `glitchbox-outbox-<projectId>`. */
  outboxName?: string;
  /** Creates the MD5 worker (bundlers that cannot resolve `new URL('./md5-worker.ts', import.meta.url)`). */
  createMd5Worker?: () => Worker;
  /** Start syncing at once (default true). */
  autoStart?: boolean;
  /** A storage PUT with no upload progress for this long is abandoned and retried later (default 60 s). */
  uploadStallMs?: number;
  /** IndexedDB database of reports the loader parked while this chunk could not be fetched: adopted at start. */
  parkedDb?: string;
}

/** The files this page loaded from the directory of this chunk (the overlay, this reporter, their chunks), and the
 * encode worker next to it (a worker's script is not in the page's resource timing). */
function loadedChunks(): string[] {
  const dir = import.meta.url.slice(0, import.meta.url.lastIndexOf('/') + 1);
  const loaded = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((n) => n.startsWith(dir));
  return [`${dir}encode-worker.js`, ...loaded];
}

export function createBrowserReporter(options: BrowserReporterOptions): Reporter {
  const outboxName = options.outboxName ?? `glitchbox-outbox-${options.projectId}`;
  const reporter = createReporter({
    endpoint: options.endpoint,
    projectId: options.projectId,
    token: options.token,
    outbox: createIdbOutbox(outboxName),
    fetch: (input, init) => globalThis.fetch(input, init),
    hasher: createWorkerHasher({ createWorker: options.createMd5Worker }),
    lock: createWebLock(outboxName),
    upload: xhrUpload,
    uploadStallMs: options.uploadStallMs,
  });
  const swUrl = options.serviceWorkerUrl;
  if (swUrl) {
    const { endpoint, projectId, token } = options;
    const config = { endpoint, projectId, token, outboxName, precache: loadedChunks() };
    const background: Promise<BackgroundSync | undefined> = import('./background-sync.ts').then(
      (m) => m.registerBackgroundSync(swUrl, config),
      () => undefined,
    );
    // Whenever a report waits (new, or delayed by the network), ask the browser to sync even if the page closes.
    const request = () => void background.then((b) => b?.request());
    reporter.on('queued', request);
    reporter.on('progress', (e) => {
      if (e.step === 'offline' || e.step === 'retry') request();
    });
  }
  const onOnline = () => void reporter.syncNow().catch(() => undefined);
  const onVisibility = () => {
    if (document.visibilityState === 'visible') onOnline();
  };
  let started = false;
  const browser: Reporter = {
    ...reporter,
    start() {
      if (started) return;
      started = true;
      globalThis.addEventListener?.('online', onOnline);
      globalThis.document?.addEventListener('visibilitychange', onVisibility);
      reporter.start();
    },
    stop() {
      started = false;
      globalThis.removeEventListener?.('online', onOnline);
      globalThis.document?.removeEventListener('visibilitychange', onVisibility);
      reporter.stop();
    },
  };
  if (options.autoStart !== false) browser.start();
  if (options.parkedDb)
    adoptParked(options.parkedDb, browser).catch(() => {
      /* kept for the next load */
    });
  return browser;
}
