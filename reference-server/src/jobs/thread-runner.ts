// Runs the areas' jobs in a worker thread (job-thread.ts) with its own SQLite connection to the same database
// file, so no job runs on the event loop that answers requests. Passes are still scheduled here, on the server clock,
// and the thread leases from the same durable jobs table; issue writes it makes come back to this thread's hooks.
import type { Worker } from 'node:worker_threads';
import type { ControllableClock } from '../clock.ts';
import { commitOpenGroup } from '../db/commit-groups.ts';
import type { Db } from '../db/database.ts';
import { startWorker } from '../start-worker.ts';
import { createJobRunner, reportPassFailure, type JobRunner } from './runner.ts';

/** What the thread needs to open the same server: the database file and the configuration. */
export interface ThreadSpec {
  file: string;
  storageDir: string;
  strict: boolean;
  admin: boolean;
  /** Extra job modules (ServerOptions.jobModules), loaded by the thread. */
  modules: string[];
  /** Requests in flight in the request thread, shared memory the request thread keeps up to date. */
  requestsInFlight: Int32Array;
  /** Raised while the thread's connection writes (db/write-turns.ts), so the request thread waits for the end. */
  writer: Int32Array;
}

/** A pass runs with the server clock's offset and the public URL as they stand now (both can move). */
export type ToThread = { type: 'run'; id: number; offset: number; publicUrl: string } | { type: 'forget'; id: number };

export type FromThread =
  | { type: 'done'; id: number; ran: number }
  | { type: 'failed'; id: number; error: string; code?: string }
  | { type: 'issue-write'; issue: unknown; kind: string };

/** Follow-up rounds a pass makes for jobs that this thread's hooks enqueued while the thread ran. */
const MAX_ROUNDS = 20;

export interface ThreadRunnerOptions {
  spec: ThreadSpec;
  publicUrl: () => string;
  /**
   * An issue write the thread committed, for this thread's hooks (the event stream, follow-up jobs). Passed on as it
   * came: the kernel does not read an area's rows.
   */
  onIssueWrite: (issue: unknown, kind: string) => void;
}

/**
 * A JobRunner whose area handlers run in the job thread. Handlers given to `register` here (tests) run in this
 * thread after the job thread's round, as the in-process runner does.
 */
export function createThreadJobRunner(db: Db, clock: ControllableClock, options: ThreadRunnerOptions): JobRunner {
  const local = createJobRunner(db, clock);
  let localKinds = 0;
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, { resolve: (ran: number) => void; reject: (error: Error) => void }>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  function failAll(error: Error): void {
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  }

  function thread(): Worker {
    if (worker) return worker;
    const started = startWorker(
      { bundled: 'job-thread.mjs', source: new URL('../job-thread.ts', import.meta.url) },
      options.spec,
    );
    started.unref();
    started.on('message', (message: FromThread) => {
      if (message.type === 'issue-write') return options.onIssueWrite(message.issue, message.kind);
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (message.type === 'done') waiter?.resolve(message.ran);
      else waiter?.reject(Object.assign(new Error(message.error), { code: message.code }));
    });
    // A thread that died is started again by the next pass; the jobs it held wait for their leases to lapse.
    started.on('error', (error) => {
      if (worker === started) worker = undefined;
      failAll(error);
    });
    started.on('exit', (code) => {
      if (worker === started) worker = undefined;
      failAll(new Error(`the job thread exited with code ${code}`));
    });
    worker = started;
    return started;
  }

  function ask(message: { type: 'run'; offset: number; publicUrl: string } | { type: 'forget' }): Promise<number> {
    const id = nextId++;
    const target = thread();
    return new Promise<number>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      target.postMessage({ ...message, id } satisfies ToThread);
    });
  }

  async function pass(): Promise<number> {
    let total = 0;
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      // Jobs enqueued by requests of this turn must be committed before the thread can see them.
      commitOpenGroup(db);
      const ran = await ask({ type: 'run', offset: clock.offset(), publicUrl: options.publicUrl() });
      total += ran;
      if (ran === 0) break;
    }
    if (localKinds > 0) total += await local.runDue();
    return total;
  }

  const runner: JobRunner = {
    register(kind, handler) {
      local.register(kind, handler);
      localKinds += 1;
    },
    enqueue: (kind, payload, runAt, maxAttempts) => local.enqueue(kind, payload, runAt, maxAttempts),
    runDue() {
      running ??= pass().finally(() => {
        running = undefined;
      });
      return running;
    },
    start(intervalMs = 1000) {
      thread();
      timer ??= setInterval(() => {
        if (db.open) void this.runDue().catch(reportPassFailure);
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      const stopping = worker;
      worker = undefined;
      // Jobs are durable: one cut short here is leased again once its lease lapses.
      await stopping?.terminate();
      failAll(new Error('the job runner stopped'));
      await running?.catch(() => undefined);
    },
    async forget() {
      if (worker) await ask({ type: 'forget' });
    },
  };
  threadRunners.add(runner);
  return runner;
}

const threadRunners = new WeakSet<JobRunner>();

/** Whether the runner runs the areas' jobs in a job thread. */
export function isThreadRunner(runner: JobRunner): boolean {
  return threadRunners.has(runner);
}
