// createReporter: the public face of the core. Writes each report to the outbox before any
// network call, then lets the sync engine deliver it exactly once; exposes events and the client.
import { createApiClient } from './api-client.ts';
import { DEFAULT_BACKOFF } from './backoff.ts';
import { systemClock } from './clock.ts';
import { createEmitter } from './emitter.ts';
import { createMemoryLock } from './memory-lock.ts';
import { createLazySparkHasher } from './lazy-spark-hasher.ts';
import { applyEdits, toStoredReport } from './report-builder.ts';
import { createSyncEngine } from './sync-engine.ts';
import type { Reporter, ReporterOptions } from './reporter-contract.ts';

export type { Reporter, ReporterOptions } from './reporter-contract.ts';

export function createReporter(options: ReporterOptions): Reporter {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const client = createApiClient({
    endpoint: options.endpoint,
    projectId: options.projectId,
    fetch: fetchImpl,
    clock,
    timeoutMs: options.timeoutMs,
    uploadStallMs: options.uploadStallMs,
    upload: options.upload,
  });
  const emitter = createEmitter();
  const engine = createSyncEngine({
    client,
    outbox: options.outbox,
    token: options.token,
    hasher: options.hasher ?? createLazySparkHasher(),
    clock,
    random,
    lock: options.lock ?? createMemoryLock(),
    emitter,
    publishAfter: options.publishAfter ?? '12h',
    backoff: { ...DEFAULT_BACKOFF, ...options.backoff },
  });

  return {
    client,
    async submit(input, id) {
      // A report given its id (one the page kept while the reporter could not load) is added once.
      if (id && (await options.outbox.get(id))) return { id };
      const { report, files } = toStoredReport(input, clock.now(), id);
      // Local first: the report and its files are durable before any request is made.
      await options.outbox.add(report, files);
      emitter.emit({ type: 'queued', id: report.id, report });
      engine.kick();
      return { id: report.id };
    },
    syncNow: () => engine.syncNow(),
    start: () => engine.start(),
    stop: () => engine.stop(),
    on: (event, listener) => emitter.on(event, listener),
    list: () => options.outbox.list(),
    async retry(id, edits) {
      const report = await options.outbox.get(id);
      if (!report) throw new Error(`no report ${id} in the outbox`);
      const next = applyEdits(report, edits ?? {}, clock.now());
      await options.outbox.update(next);
      emitter.emit({ type: 'queued', id, report: next });
      engine.kick();
    },
    usage: () => options.outbox.usage(),
  };
}
