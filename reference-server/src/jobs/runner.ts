// Runs durable jobs (docs/api-choices.md#background-jobs): handlers register by kind; due jobs are leased from the
// table, so a job survives a restart and a crash mid-run (its lease lapses and it runs again).
// Handlers must therefore be idempotent: a job can run again after it did its work.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import {
  abandonLapsedJobs,
  completeJob,
  failJob,
  insertJob,
  leaseDueJobs,
  purgeFinishedJobs,
  type JobRow,
} from './repository.ts';

/** Handles one kind: it names the payload shape its kind is enqueued with (`never` here admits any such shape). */
export type JobHandler = (payload: never, job: JobRow) => void | Promise<void>;

export interface JobRunner {
  register(kind: string, handler: JobHandler): void;
  enqueue(kind: string, payload: unknown, runAt?: Date, maxAttempts?: number): JobRow;
  /** Runs every job due by the server clock; answers how many ran. */
  runDue(): Promise<number>;
  start(intervalMs?: number): void;
  /** Stops the loop; the promise settles when a pass in flight has finished. */
  stop(): Promise<void>;
  /** Job threads forget what they keep in memory (after /__admin/reset); nothing to do in-process. */
  forget(): Promise<void>;
}

/** How long a leased job is held (server clock) before another runner may take it again. */
export const LEASE_MS = 60_000;
/** Retry n waits 2^n seconds, capped at an hour. */
export const MAX_BACKOFF_MS = 3_600_000;
/** Finished jobs are kept this long, then purged. */
export const KEEP_FINISHED_MS = 7 * 86_400_000;
/** One pass stops after this many jobs, so a handler that keeps enqueuing cannot spin for ever. */
const MAX_JOBS_PER_PASS = 1000;

export function backoffMs(attempts: number): number {
  return Math.min(2 ** attempts * 1000, MAX_BACKOFF_MS);
}

export interface JobRunnerOptions {
  /** Called after each job with how long it ran (the job thread pauses there while requests are in flight). */
  afterJob?: (ms: number) => void;
}

export function createJobRunner(db: Db, clock: Clock, options: JobRunnerOptions = {}): JobRunner {
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let passes = 0;

  async function runJob(job: JobRow): Promise<void> {
    try {
      await handlers.get(job.kind)!(JSON.parse(job.payload) as never, job);
      completeJob(db, job.id, clock.now().toISOString());
    } catch (error) {
      const retry =
        job.attempts < job.max_attempts
          ? new Date(clock.now().getTime() + backoffMs(job.attempts)).toISOString()
          : null;
      failJob(db, job.id, error instanceof Error ? error.message : String(error), retry, clock.now().toISOString());
    }
  }

  async function runOnce(): Promise<number> {
    let ran = 0;
    const now = clock.now();
    abandonLapsedJobs(db, now.toISOString());
    if (passes++ % 600 === 0) purgeFinishedJobs(db, new Date(now.getTime() - KEEP_FINISHED_MS).toISOString());
    while (ran < MAX_JOBS_PER_PASS) {
      const at = clock.now();
      const due = leaseDueJobs(
        db,
        [...handlers.keys()],
        at.toISOString(),
        new Date(at.getTime() + LEASE_MS).toISOString(),
        50,
      );
      if (due.length === 0) break;
      for (const job of due) {
        const started = performance.now();
        await runJob(job);
        ran += 1;
        options.afterJob?.(performance.now() - started);
      }
    }
    return ran;
  }

  return {
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    enqueue(kind, payload, runAt, maxAttempts) {
      const now = clock.now();
      return insertJob(db, {
        kind,
        payload,
        run_at: (runAt ?? now).toISOString(),
        max_attempts: maxAttempts,
        created_at: now.toISOString(),
      });
    },
    runDue() {
      // One pass at a time: the loop and /__admin/jobs/run share it.
      running ??= runOnce().finally(() => {
        running = undefined;
      });
      return running;
    },
    start(intervalMs = 1000) {
      timer ??= setInterval(() => {
        if (db.open) void this.runDue().catch((error) => console.error('job pass failed:', error));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
    forget: () => Promise.resolve(),
  };
}
