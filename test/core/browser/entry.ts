// Page script of the browser tests: exposes the platform pieces on `window.glitchbox` so the test
// can drive them with page.evaluate. Bundled by esbuild in browser.test.ts.
import { createBrowserReporter } from '../../../widget/src/delivery/browser-reporter.ts';
import { createWorkerHasher } from '../../../widget/src/delivery/hasher.ts';
import { createIdbOutbox } from '../../../widget/src/delivery/outbox-idb.ts';
import { createWebLock, createBroadcastLock } from '../../../widget/src/delivery/sync-lock.ts';
import { toStoredReport } from '../../../widget/src/core/report-builder.ts';
import { OutboxQuotaError } from '../../../widget/src/core/types.ts';

(window as unknown as { glitchbox: unknown }).glitchbox = {
  createBrowserReporter,
  createWorkerHasher,
  createIdbOutbox,
  createWebLock,
  createBroadcastLock,
  toStoredReport,
  OutboxQuotaError,
  md5Worker: () => new Worker('/md5-worker.js', { type: 'module' }),
};
