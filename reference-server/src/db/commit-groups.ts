// Group commit. While HTTP requests are in flight, the transactions run in one turn of the event
// loop share one SQLite transaction, committed once in that turn's check phase (setImmediate).
// The first transaction of a turn opens the group (db.transaction is wrapped for that); every
// transaction inside it
// becomes a savepoint (better-sqlite3 nests that way), so each keeps its own all-or-nothing
// rollback. What the group saves is the commit: one WAL append for the whole batch instead of
// one per request.
// With no request in flight (start-up, fixtures, scripts, benchmarks driving services directly)
// a transaction commits by itself, as plain better-sqlite3 does.
//
// Durability is unchanged: a response leaves only after the transaction holding its writes has
// committed (`settled`, awaited by the middleware in http/middleware.ts), and if that commit
// fails every request of the group answers with an error instead of a success that was lost.
import type { Db } from './database.ts';
import { bumpReadVersion } from './read-version.ts';
import { wrapEachTransaction } from './wrap-transactions.ts';
import { waitForWriter, type WriterFlag } from './write-turns.ts';

export interface CommitGroups {
  /** A request starts / ends (http/middleware.ts); groups open only while one is in flight. */
  enter(): void;
  leave(): void;
  /** Opens a group for this turn unless one is open (or another transaction is running); db.transaction calls it. */
  begin(): void;
  /** Resolves once no group holds uncommitted writes; rejects if the open group fails to commit. */
  settled(): Promise<void>;
  /** Commits the open group now (before PRAGMAs that are no-ops inside a transaction, and on close). */
  flush(): void;
  /** Groups committed so far and requests that joined them (for the benchmark's figures). */
  stats(): { groups: number; joined: number };
}

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * `inFlightMirror`, if given, holds the number of requests in flight (the job thread reads it to yield to them);
 * `writer` is raised while the job thread writes (write-turns.ts): a group begins once it is lowered.
 */
export function createCommitGroups(db: Db, inFlightMirror?: Int32Array, writer?: WriterFlag): CommitGroups {
  let open = false;
  let waiters: Waiter[] = [];
  let groups = 0;
  let inFlight = 0;
  let joined = 0;

  const flush = () => {
    if (!open) return;
    open = false;
    const settledWaiters = waiters;
    waiters = [];
    let failure: Error | null = null;
    if (!db.inTransaction) {
      // SQLite rolled the whole transaction back (an I/O error, say): nothing of it was kept.
      failure = new Error('The database rolled back a group of writes; nothing of this request was saved.');
    } else {
      try {
        db.exec('COMMIT');
        groups += 1;
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
        try {
          if (db.inTransaction) db.exec('ROLLBACK');
        } catch {
          /* already rolled back */
        }
      }
    }
    // What was read of the rolled-back writes must not outlive them (read-version.ts).
    if (failure) bumpReadVersion(db);
    for (const waiter of settledWaiters) failure ? waiter.reject(failure) : waiter.resolve();
  };

  const begin = () => {
    if (open || inFlight === 0 || db.inTransaction || !db.open) return;
    waitForWriter(writer);
    db.exec('BEGIN IMMEDIATE');
    open = true;
    setImmediate(flush);
  };

  // Every top-level transaction of this connection opens (or joins) the turn's group.
  wrapEachTransaction(
    db,
    (variant) =>
      function (this: unknown, ...args: unknown[]) {
        begin();
        return variant.apply(this, args);
      },
  );
  // Nothing acknowledged is left uncommitted when the connection closes.
  const close = db.close.bind(db);
  db.close = () => {
    flush();
    return close();
  };

  const groupsOfDb: CommitGroups = {
    enter: () => {
      inFlight += 1;
      if (inFlightMirror) inFlightMirror[0] = inFlight;
    },
    leave: () => {
      inFlight -= 1;
      if (inFlightMirror) inFlightMirror[0] = inFlight;
    },
    begin,
    settled() {
      if (!open) return Promise.resolve();
      joined += 1;
      return new Promise<void>((resolve, reject) => waiters.push({ resolve, reject }));
    },
    flush,
    stats: () => ({ groups, joined }),
  };
  installed.set(db, groupsOfDb);
  return groupsOfDb;
}

const installed = new WeakMap<Db, CommitGroups>();

/** Commits the connection's open group, if it has one (before PRAGMAs that do nothing inside a transaction). */
export function commitOpenGroup(db: Db): void {
  installed.get(db)?.flush();
}
