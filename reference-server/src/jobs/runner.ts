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
  returnJob,
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

/** SQLite gave up waiting for the write lock (busy_timeout): the other connection kept it. */
export function isLockContention(error: unknown): boolean {
  return /^SQLITE_(BUSY|LOCKED)/.test((error as { code?: unknown })?.code as string);
}

let lastContentionNotice = 0;

/**
 * How the job loop reports a pass that threw. A pass cut short by write-lock contention (the request thread busy
 * with writes; the next pass goes on where it stopped) is a line at most once a minute, not a stack every second.
 */
export function reportPassFailure(error: unknown): void {
  if (!isLockContention(error)) {
    console.error('job pass failed:', error);
    return;
  }
  if (Date.now() - lastContentionNotice < 60_000) return;
  lastContentionNotice = Date.now();
  console.warn('job pass cut short: requests held the database write lock; the next pass goes on (quiet for 60 s)');
}

/** A job handed back after lock contention is due again this long after (the next pass, not at once). */
const CONTENTION_RETRY_MS = 1000;

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

  /** Answers false when the job was cut short by lock contention (the pass then hands back what it leased). */
  async function runJob(job: JobRow): Promise<boolean> {
    try {
      await handlers.get(job.kind)!(JSON.parse(job.payload) as never, job);
      completeJob(db, job.id, clock.now().toISOString());
      return true;
    } catch (error) {
      if (isLockContention(error)) return false;
      const retry =
        job.attempts < job.max_attempts
          ? new Date(clock.now().getTime() + backoffMs(job.attempts)).toISOString()
          : null;
      failJob(db, job.id, error instanceof Error ? error.message : String(error), retry, clock.now().toISOString());
      return true;
    }
  }

  /** Leased jobs to hand back uncounted (returnJob), written as soon as the write lock can be had. */
  let handBackDue: JobRow[] = [];

  /**
   * Under sustained writes the other connection (the request thread) can hold the write lock past busy_timeout.
   * The jobs of the batch not yet done go back uncounted, and the pass ends. The hand-back itself needs the lock:
   * when it cannot be had either, the next pass writes it first. A process that dies before that leaves the
   * leases to lapse, and the jobs run again then, as after a crash.
   */
  function handBack(jobs: JobRow[]): boolean {
    handBackDue.push(...jobs);
    const runAt = new Date(clock.now().getTime() + CONTENTION_RETRY_MS).toISOString();
    try {
      db.transaction(() => {
        for (const job of handBackDue) returnJob(db, job.id, runAt);
      })();
      handBackDue = [];
      return true;
    } catch (error) {
      if (!isLockContention(error)) throw error;
      return false;
    }
  }

  async function runOnce(): Promise<number> {
    let ran = 0;
    if (handBackDue.length > 0 && !handBack([])) return 0;
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
      for (const [index, job] of due.entries()) {
        const started = performance.now();
        if (!(await runJob(job))) {
          handBack(due.slice(index));
          return ran;
        }
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
        if (db.open) void this.runDue().catch(reportPassFailure);
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
