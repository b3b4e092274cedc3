// The durable jobs table (docs/api-choices.md#background-jobs): due jobs are leased, run, then completed or retried.
// A lease is a time on the server clock; a runner that dies mid-job leaves it to lapse.
import { stmt, type Db } from '../db/database.ts';

export interface JobRow {
  id: number;
  kind: string;
  payload: string;
  run_at: string;
  attempts: number;
  max_attempts: number;
  locked_until: string | null;
  last_error: string | null;
  done_at: string | null;
  created_at: string;
}

export function insertJob(
  db: Db,
  job: { kind: string; payload: unknown; run_at: string; max_attempts?: number; created_at: string },
): JobRow {
  return stmt(
    db,
    'INSERT INTO jobs (kind, payload, run_at, max_attempts, created_at) VALUES (?, ?, ?, ?, ?) RETURNING *',
  ).get(job.kind, JSON.stringify(job.payload ?? {}), job.run_at, job.max_attempts ?? 5, job.created_at) as JobRow;
}

/**
 * Leases due jobs of the given kinds that no live lease holds, counting the attempt. Kinds
 * without a handler in this process are left alone, so they keep their attempts for a server
 * that knows them.
 */
export function leaseDueJobs(db: Db, kinds: string[], now: string, leaseUntil: string, limit: number): JobRow[] {
  return db.transaction(
    () =>
      stmt(
        db,
        `UPDATE jobs SET locked_until = ?, attempts = attempts + 1
    WHERE id IN (SELECT id FROM jobs WHERE done_at IS NULL AND run_at <= ? AND (locked_until IS NULL OR locked_until ` +
          `<= ?)
      AND attempts < max_attempts AND kind IN (SELECT value FROM json_each(?)) ORDER BY run_at, id LIMIT ?)
    RETURNING *`,
      ).all(leaseUntil, now, now, JSON.stringify(kinds), limit) as JobRow[],
  )();
}

/**
 * Closes jobs whose last attempt was leased by a runner that never reported back (it crashed
 * or was killed) once that lease has lapsed: they would otherwise stay open for ever.
 */
export function abandonLapsedJobs(db: Db, now: string): number {
  return stmt(
    db,
    `UPDATE jobs SET done_at = ?, locked_until = NULL,
      last_error = coalesce(last_error || '; ', '') || 'lease lapsed on the last attempt'
    WHERE done_at IS NULL AND attempts >= max_attempts AND locked_until IS NOT NULL AND locked_until <= ?`,
  ).run(now, now).changes;
}

export function completeJob(db: Db, id: number, at: string): void {
  stmt(db, 'UPDATE jobs SET done_at = ?, locked_until = NULL, last_error = NULL WHERE id = ?').run(at, id);
}

/** Puts a failed job back for a later run, or closes it with its error after the last attempt. */
export function failJob(db: Db, id: number, error: string, retryAt: string | null, at: string): void {
  if (retryAt)
    stmt(db, 'UPDATE jobs SET last_error = ?, run_at = ?, locked_until = NULL WHERE id = ?').run(error, retryAt, id);
  else stmt(db, 'UPDATE jobs SET last_error = ?, done_at = ?, locked_until = NULL WHERE id = ?').run(error, at, id);
}

/**
 * Hands a leased job back uncounted, due at `runAt`: its run was cut short by the other connection holding the
 * write lock, which is no fault of the job's, so it keeps all its attempts.
 */
export function returnJob(db: Db, id: number, runAt: string): void {
  stmt(db, 'UPDATE jobs SET attempts = max(attempts - 1, 0), locked_until = NULL, run_at = ? WHERE id = ?').run(
    runAt,
    id,
  );
}

export function findJob(db: Db, id: number): JobRow | undefined {
  return stmt(db, 'SELECT * FROM jobs WHERE id = ?').get(id) as JobRow | undefined;
}

export function listJobs(db: Db, kind?: string): JobRow[] {
  return (
    kind
      ? stmt(db, 'SELECT * FROM jobs WHERE kind = ? ORDER BY id').all(kind)
      : stmt(db, 'SELECT * FROM jobs ORDER BY id').all()
  ) as JobRow[];
}

/** Finished jobs are kept a while for inspection, then removed. */
export function purgeFinishedJobs(db: Db, before: string): number {
  return stmt(db, 'DELETE FROM jobs WHERE done_at IS NOT NULL AND done_at < ?').run(before).changes;
}
