// The reporter core: API client, outbox interface, sync engine and createReporter. No DOM, no window, no
// indexedDB: platforms inject storage (widget/src/delivery, widget/src/node); fetch is an option that falls
// back to the runtime's global fetch, which browsers and Node 20 both have.
export * from './types.ts';
export type { Reporter, ReporterOptions } from './reporter-contract.ts';
export { createReporter } from './reporter.ts';
export { createApiClient, type ApiClient, type CallOptions } from './api-client.ts';
export { classify, parseRetryAfter, type Outcome } from './classify.ts';
export { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from './backoff.ts';
export { systemClock } from './clock.ts';
export { createMemoryOutbox, blobSourceFromBlob, blobSourceFromBytes } from './memory-outbox.ts';
export { createMemoryLock } from './memory-lock.ts';
export { createSparkHasher, MD5_SLICE_BYTES, hexToBase64 } from './md5.ts';
export { createSyncEngine, type SyncEngine } from './sync-engine.ts';
export { toStoredReport, applyEdits } from './report-builder.ts';
