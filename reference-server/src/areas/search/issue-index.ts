// Catches the FTS5 issue index up with the issues queued by the insert trigger (migration 041): issue creates only
// queue their text, and it enters the index in batches, in the job thread's sweep and before any search reads.
import { inTransaction, type Db } from '../../db/database.ts';
import { indexQueuedIssues, queuedForIndex } from './repository.ts';

/**
 * Indexes every queued issue, `batch` per write transaction (the other connection's writes wait at most one batch
 * for the lock); answers how many were dequeued. A search calls it first, so it always reads a complete index.
 */
export function catchUpIssueIndex(db: Db, batch = 100): number {
  let done = 0;
  for (;;) {
    const ids = queuedForIndex(db, batch);
    if (ids.length === 0) return done;
    inTransaction(db, () => indexQueuedIssues(db, ids));
    done += ids.length;
  }
}
