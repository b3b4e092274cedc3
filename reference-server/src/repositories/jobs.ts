// The durable jobs table (decisions §8): due jobs are leased, run, then completed or retried.
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

export function insertJob(db: Db, job: { kind: string; payload: unknown; run_at: string; max_attempts?: number; created_at: string }): JobRow {
  return stmt(db, 'INSERT INTO jobs (kind, payload, run_at, max_attempts, created_at) VALUES (?, ?, ?, ?, ?) RETURNING *').get(
    job.kind, JSON.stringify(job.payload ?? {}), job.run_at, job.max_attempts ?? 5, job.created_at,
  ) as JobRow;
}

/** Leases every due job not leased by another runner, counting the attempt. */
export function leaseDueJobs(db: Db, now: string, leaseUntil: string, limit: number): JobRow[] {
  return db.transaction(() => stmt(db, `UPDATE jobs SET locked_until = ?, attempts = attempts + 1
    WHERE id IN (SELECT id FROM jobs WHERE done_at IS NULL AND run_at <= ? AND (locked_until IS NULL OR locked_until <= ?) ORDER BY run_at, id LIMIT ?)
    RETURNING *`).all(leaseUntil, now, now, limit) as JobRow[])();
}

export function completeJob(db: Db, id: number, at: string): void {
  stmt(db, 'UPDATE jobs SET done_at = ?, locked_until = NULL WHERE id = ?').run(at, id);
}

/** Puts a failed job back for a later run, or closes it with its error after the last attempt. */
export function failJob(db: Db, id: number, error: string, retryAt: string | null, at: string): void {
  if (retryAt) stmt(db, 'UPDATE jobs SET last_error = ?, run_at = ?, locked_until = NULL WHERE id = ?').run(error, retryAt, id);
  else stmt(db, 'UPDATE jobs SET last_error = ?, done_at = ?, locked_until = NULL WHERE id = ?').run(error, at, id);
}

export function listJobs(db: Db, kind?: string): JobRow[] {
  return (kind ? stmt(db, 'SELECT * FROM jobs WHERE kind = ? ORDER BY id').all(kind) : stmt(db, 'SELECT * FROM jobs ORDER BY id').all()) as JobRow[];
}
