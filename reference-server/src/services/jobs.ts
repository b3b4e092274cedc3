// Runs durable jobs (decisions §8): handlers register by kind; due jobs are leased from the
// table, so a job survives a restart and a crash mid-run (its lease lapses and it runs again).
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { completeJob, failJob, insertJob, leaseDueJobs, type JobRow } from '../repositories/jobs.ts';

export type JobHandler = (payload: any, job: JobRow) => void | Promise<void>;

export interface JobRunner {
  register(kind: string, handler: JobHandler): void;
  enqueue(kind: string, payload: unknown, runAt?: Date, maxAttempts?: number): JobRow;
  /** Runs every job due by the server clock; answers how many ran. */
  runDue(): Promise<number>;
  start(intervalMs?: number): void;
  stop(): void;
}

const LEASE_MS = 60_000;

export function createJobRunner(db: Db, clock: Clock): JobRunner {
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function runOnce(): Promise<number> {
    let ran = 0;
    for (;;) {
      const now = clock.now();
      const due = leaseDueJobs(db, now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString(), 50);
      if (due.length === 0) return ran;
      for (const job of due) {
        const handler = handlers.get(job.kind);
        try {
          if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
          await handler(JSON.parse(job.payload), job);
          completeJob(db, job.id, clock.now().toISOString());
        } catch (error) {
          // Exponential backoff on the server clock: 2^attempts seconds, then give up.
          const retry = job.attempts < job.max_attempts ? new Date(clock.now().getTime() + 2 ** job.attempts * 1000).toISOString() : null;
          failJob(db, job.id, error instanceof Error ? error.message : String(error), retry, clock.now().toISOString());
        }
        ran += 1;
      }
    }
  }

  return {
    register(kind, handler) { handlers.set(kind, handler); },
    enqueue(kind, payload, runAt, maxAttempts) {
      const now = clock.now();
      return insertJob(db, { kind, payload, run_at: (runAt ?? now).toISOString(), max_attempts: maxAttempts, created_at: now.toISOString() });
    },
    runDue() {
      // One pass at a time: the loop and /__admin/jobs/run share it.
      running ??= runOnce().finally(() => { running = undefined; });
      return running;
    },
    start(intervalMs = 1000) {
      timer ??= setInterval(() => { void this.runDue().catch(() => undefined); }, intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
