// Who holds the write lock, in shared memory: the job thread says when its write transactions begin and end, so the
// request thread waits for the end and is woken at once, instead of sleeping in SQLite's busy steps (1, 2, 5, 10 ms
// …) and finding the lock free long before it wakes (docs/server.md#what-runs-where).
import type { Db } from './database.ts';
import { wrapEachTransaction } from './wrap-transactions.ts';

/** One Int32 slot: 1 while the job thread's connection runs a write transaction, 0 otherwise. */
export type WriterFlag = Int32Array;

export function createWriterFlag(): WriterFlag {
  return new Int32Array(new SharedArrayBuffer(4));
}

/**
 * Every top-level transaction of `db` (the job thread's connection) raises the flag before it begins and lowers it,
 * waking a waiter, once it committed or rolled back. Nested transactions are savepoints of the outer one.
 */
export function announceWrites(db: Db, flag: WriterFlag): void {
  wrapEachTransaction(
    db,
    (variant) =>
      function (this: unknown, ...args: unknown[]) {
        if (db.inTransaction) return variant.apply(this, args);
        Atomics.store(flag, 0, 1);
        try {
          return variant.apply(this, args);
        } finally {
          Atomics.store(flag, 0, 0);
          Atomics.notify(flag, 0);
        }
      },
  );
}

/** Longest wait here; past it SQLite's own busy wait (busy_timeout) takes over, as before. */
const MAX_WAIT_MS = 1000;

/** Waits until the other connection's announced write transaction ended (at most MAX_WAIT_MS); at once if none runs. */
export function waitForWriter(flag: WriterFlag | undefined): void {
  if (!flag || Atomics.load(flag, 0) === 0) return;
  const until = performance.now() + MAX_WAIT_MS;
  for (;;) {
    const left = until - performance.now();
    if (left <= 0 || Atomics.wait(flag, 0, 1, left) !== 'ok' || Atomics.load(flag, 0) === 0) return;
  }
}
