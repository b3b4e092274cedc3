// Catches the FTS5 issue index up with the issues queued by the insert trigger (migration 041): a create only queues
// its text, which enters the index in batches (FTS5 costs about 50 µs per issue indexed alone inside a create, under
// 10 µs in a batch of 100). Batches are indexed every WRITE_BATCH creates, by the job thread's sweep, and before any
// search reads, so a search always reads a complete index.
import { inTransaction, type Db } from '../../db/database.ts';
import { indexQueuedIssues, queuedForIndex } from './repository.ts';

/** Creates on one connection between two catch-ups of the queue; bounds the work a search may find waiting. */
export const WRITE_BATCH = 100;

/**
 * Indexes every queued issue, `batch` per write transaction (the other connection's writes wait at most one batch
 * for the lock) and `afterBatch` with each batch's milliseconds; answers how many were dequeued.
 */
export function catchUpIssueIndex(db: Db, batch = WRITE_BATCH, afterBatch?: (ms: number) => void): number {
  let done = 0;
  for (;;) {
    const started = performance.now();
    const ids = queuedForIndex(db, batch);
    if (ids.length === 0) return done;
    inTransaction(db, () => indexQueuedIssues(db, ids));
    done += ids.length;
    afterBatch?.(performance.now() - started);
  }
}

const createdSinceCatchUp = new WeakMap<Db, number>();

/** Counts a create on this connection; every WRITE_BATCH creates the queue is caught up (one batch, one segment). */
export function noteIssueCreated(db: Db): void {
  const created = (createdSinceCatchUp.get(db) ?? 0) + 1;
  createdSinceCatchUp.set(db, created >= WRITE_BATCH ? 0 : created);
  if (created < WRITE_BATCH) return;
  try {
    catchUpIssueIndex(db);
  } catch (error) {
    // The create itself is committed; its text stays queued for the next catch-up (the sweep, a search).
    console.error('issue index catch-up failed:', error);
  }
}
