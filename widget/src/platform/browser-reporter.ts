// createBrowserReporter: the core reporter wired to the browser: IndexedDB outbox, MD5 in a Web
// Worker, Web Locks so one tab syncs, XHR uploads with progress, syncs on start, on `online` and when
// the page becomes visible, and (optional) service-worker Background Sync when the page is gone.
import { createReporter } from '../core/reporter.ts';
import type { Reporter } from '../core/types.ts';
import { registerBackgroundSync, type BackgroundSync } from './background-sync.ts';
import { xhrUpload } from './browser-reporter-upload.ts';
import { createWorkerHasher } from './hasher.ts';
import { createIdbOutbox } from './outbox-idb.ts';
import { createWebLock } from './sync-lock.ts';

export interface BrowserReporterOptions {
  endpoint: string;
  projectId: string;
  token: string;
  /** URL of the bundled platform/service-worker.ts; enables Background Sync where supported. */
  serviceWorkerUrl?: string;
  /** IndexedDB database name; default `glitchbox-outbox-<projectId>`. */
  outboxName?: string;
  /** Creates the MD5 worker (bundlers that cannot resolve `new URL('./md5-worker.ts', import.meta.url)`). */
  createMd5Worker?: () => Worker;
  /** Start syncing at once (default true). */
  autoStart?: boolean;
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
  });
  let background: BackgroundSync | undefined;
  if (options.serviceWorkerUrl) {
    background = registerBackgroundSync(options.serviceWorkerUrl, { endpoint: options.endpoint, projectId: options.projectId, token: options.token, outboxName });
    // Whenever a report waits (new, or delayed by the network), ask the browser to sync even if the page closes.
    reporter.on('queued', () => void background!.request());
    reporter.on('progress', (e) => {
      if (e.step === 'offline' || e.step === 'retry') void background!.request();
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
  return browser;
}
