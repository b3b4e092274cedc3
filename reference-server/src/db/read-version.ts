// The version of what one connection reads: it changes whenever a row could have changed under it. Answers
// remembered against it (answer-cache.ts) are served only while it stands.
import type { Statement } from 'better-sqlite3';
import type { Db } from './database.ts';

// total_changes(): rows this connection has written (triggers included); data_version: moves when another
// connection (the job thread) commits. Neither moves for a rollback or a schema reset, hence the epoch.
const SQL = 'SELECT total_changes(), data_version FROM pragma_data_version';
const epochs = new WeakMap<Db, number>();
const statements = new WeakMap<Db, Statement<[], [number, number]>>();

export function readVersion(db: Db): string {
  let statement = statements.get(db);
  if (!statement) {
    statement = db.prepare<[], [number, number]>(SQL).raw();
    statements.set(db, statement);
  }
  const [changes, dataVersion] = statement.get()!;
  return `${epochs.get(db) ?? 0}.${dataVersion}.${changes}`;
}

/** After what the version cannot see: a rolled-back group of writes, a reset of the whole database. */
export function bumpReadVersion(db: Db): void {
  epochs.set(db, (epochs.get(db) ?? 0) + 1);
}
