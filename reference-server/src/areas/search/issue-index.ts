// Catches the FTS5 issue index up with the issues queued by the insert trigger (migration 041): a create only queues
// its text, which enters the index in batches (FTS5 costs about 50 µs per issue indexed alone inside a create, under
// 10 µs in a batch of 100). The job thread's sweep indexes the queue, and every search catches it up before it reads,
// so a search always reads a complete index. The request thread helps only when the job thread has fallen behind:
// under a run of creates it seldom wins the write lock, so once REQUEST_THREAD_BACKLOG issues wait, the next create
// indexes them all in one batch. Segments are merged by the sweep alone (migration 042), a step at a time.
import { inTransaction, type Db } from '../../db/database.ts';
import { countQueuedForIndex, indexQueuedIssues, mergeIndexStep, queuedForIndex } from './repository.ts';

/** Creates between two looks at the queue (noteIssueCreated), and the batch of a catch-up before a search reads. */
export const WRITE_BATCH = 100;
/** Queued issues past which a create on the request thread indexes the queue; bounds what a search may find waiting. */
export const REQUEST_THREAD_BACKLOG = 1000;

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

/** Leaf pages a merge step writes: a few milliseconds holding the write lock. */
const MERGE_STEP_PAGES = 16;
/** Merge steps of one sweep at most; the next sweep goes on where it stopped. */
const MERGE_STEPS_PER_SWEEP = 256;

/**
 * Merges the index's segments, one write transaction a step with `afterStep` after each, until no level holds enough
 * segments to merge or `maxSteps` were taken; answers the steps that merged something. Each search reads every
 * segment (about 2 % slower a segment at 100,000 issues); merging them here keeps that work off the request thread.
 */
export function mergeIssueIndex(db: Db, afterStep?: (ms: number) => void, maxSteps = MERGE_STEPS_PER_SWEEP): number {
  for (let step = 0; step < maxSteps; step += 1) {
    const started = performance.now();
    const changed = inTransaction(db, () => mergeIndexStep(db, MERGE_STEP_PAGES));
    afterStep?.(performance.now() - started);
    if (changed < 2) return step;
  }
  return maxSteps;
}

const createdSinceCatchUp = new WeakMap<Db, number>();

/**
 * Counts a create on this connection; every WRITE_BATCH creates it looks at the queue, and indexes it in one batch
 * (one FTS5 segment) if REQUEST_THREAD_BACKLOG issues wait.
 */
export function noteIssueCreated(db: Db): void {
  const created = (createdSinceCatchUp.get(db) ?? 0) + 1;
  createdSinceCatchUp.set(db, created >= WRITE_BATCH ? 0 : created);
  if (created < WRITE_BATCH || countQueuedForIndex(db, REQUEST_THREAD_BACKLOG) < REQUEST_THREAD_BACKLOG) return;
  try {
    catchUpIssueIndex(db, REQUEST_THREAD_BACKLOG);
  } catch (error) {
    // The create itself is committed; its text stays queued for the next catch-up (the sweep, a search).
    console.error('issue index catch-up failed:', error);
  }
}
