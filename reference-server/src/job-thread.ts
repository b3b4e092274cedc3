// The job thread's entry (started by jobs/thread-runner.ts; here, not in jobs/, as it wires the areas): the same server parts on its own SQLite connection,
// running every area's job handlers and background upkeep when the request thread asks for a pass.
import { parentPort, workerData } from 'node:worker_threads';
import { Hono } from 'hono';
import type { Area } from './areas/area.ts';
import { AREAS } from './areas/index.ts';
import { announceWrites } from './db/write-turns.ts';
import { createDeps, registerJobModules } from './server.ts';
import type { FromThread, ThreadSpec, ToThread } from './jobs/thread-runner.ts';

const spec = workerData as ThreadSpec;
const port = parentPort!;
const post = (message: FromThread) => port.postMessage(message);

const pause = new Int32Array(new SharedArrayBuffer(4));
/** Longest pause after one job, so a long job does not keep the queue waiting as long again. */
const MAX_PAUSE_MS = 20;
// While requests are in flight, the thread rests after each job, and after each batch of a sweep, as long as it
// ran (up to MAX_PAUSE_MS): on a machine whose cores are all busy it takes at most about half a core from requests.
const yieldToRequests = (ms: number) => {
  if (spec.requestsInFlight[0] > 0) Atomics.wait(pause, 0, 0, Math.min(ms, MAX_PAUSE_MS));
};
const deps = createDeps({
  db: spec.file,
  storageDir: spec.storageDir,
  strict: spec.strict,
  admin: spec.admin,
  afterJob: yieldToRequests,
});
// Issue writes go back to the request thread, whose areas follow them (the event stream lives there).
const forward: Area = {
  routes: () => new Hono(),
  onIssueWrite: (_deps, issue, kind) => post({ type: 'issue-write', issue, kind }),
};
deps.areas = [forward];
// The request thread waits for this connection's write transactions to end, woken as each one does.
announceWrites(deps.db, spec.writer);
await registerJobModules(deps, spec.modules);

async function handle(message: ToThread): Promise<number> {
  if (message.type === 'forget') {
    for (const area of AREAS) await area.reset?.(deps);
    return 0;
  }
  deps.clock.set(new Date(Date.now() + message.offset));
  deps.config.publicUrl = message.publicUrl;
  for (const area of AREAS) area.sweep?.(deps, yieldToRequests);
  const ran = await deps.jobs.runDue();
  // The request connection leaves checkpoints to this thread (server.ts): a passive one never blocks its writes.
  deps.db.pragma('wal_checkpoint(PASSIVE)');
  return ran;
}

port.on('message', (message: ToThread) => {
  handle(message).then(
    (ran) => post({ type: 'done', id: message.id, ran }),
    (error: unknown) => {
      const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
      // SQLite's code crosses too, so the request thread tells lock contention from a fault (runner.ts).
      const code = (error as { code?: unknown })?.code;
      post({ type: 'failed', id: message.id, error: text, code: typeof code === 'string' ? code : undefined });
    },
  );
});
