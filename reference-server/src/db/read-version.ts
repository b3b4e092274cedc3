// The version of what one connection reads: it changes whenever a row could have changed under it. Answers and
// rows remembered against it (answer-cache.ts, remembered-rows.ts) are used only while it stands.
import type { Statement } from 'better-sqlite3';
import type { Db } from './database.ts';

// total_changes(): rows this connection has written (triggers included), read every time (about 0.05 µs).
// data_version: moves when another connection (the job thread) commits; reading it costs a few µs, so it is read
// once per turn of the event loop: another connection's commit is seen by whatever starts in a later turn, as if
// the requests of the turn had all run just before it. Neither moves for a rollback or a reset, hence the epoch.
const epochs = new WeakMap<Db, number>();
interface Statements {
  changes: Statement<[], number>;
  dataVersion: Statement<[], number>;
  /** data_version as read in this turn, until the turn's setImmediate forgets it. */
  turn: number | undefined;
}
const statements = new WeakMap<Db, Statements>();

export function readVersion(db: Db): string {
  let s = statements.get(db);
  if (!s) {
    s = {
      changes: db.prepare<[], number>('SELECT total_changes()').pluck(),
      dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
      turn: undefined,
    };
    statements.set(db, s);
  }
  if (s.turn === undefined) {
    s.turn = s.dataVersion.get()!;
    const forget = s;
    setImmediate(() => {
      forget.turn = undefined;
    }).unref();
  }
  return `${epochs.get(db) ?? 0}.${s.turn}.${s.changes.get()!}`;
}

/** After what the version cannot see: a rolled-back group of writes, a reset of the whole database. */
export function bumpReadVersion(db: Db): void {
  epochs.set(db, (epochs.get(db) ?? 0) + 1);
}
