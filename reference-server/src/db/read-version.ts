// The versions of what one connection reads: each changes whenever a row it covers could have changed under it.
// Answers and rows remembered against them (answer-cache.ts, remembered-rows.ts) are used only while it stands.
// - readVersion: any row at all (list answers).
// - readSettingsVersion: the settings rows only (projects, their tokens, organizations, releases, custom field
//   definitions, statuses; migration 003), so rows remembered against it outlive a run of issue creates.
import { isMainThread } from 'node:worker_threads';
import type { Statement } from 'better-sqlite3';
import type { Db } from './database.ts';

// total_changes(): rows this connection has written (triggers included), read every time (about 0.05 µs).
// data_version: moves when another connection (the job thread) commits; reading it costs a few µs, so it is read
// once per turn of the event loop: another connection's commit is seen by whatever starts in a later turn, as if
// the requests of the turn had all run just before it. Neither moves for a rollback or a reset, hence the epoch.
// In a worker thread (jobs, the knowledge base) it is read every time: a job pass can run as one long turn.
// settings_version: set to the writer's total_changes() by every change of a settings row; read again only when this
// connection's total_changes() has moved since the last read. Another connection's change moves data_version.
const epochs = new WeakMap<Db, number>();
interface Statements {
  dataVersion: Statement<[], number>;
  /** Prepared on first use: the connection may be older than migration 003 until it has migrated. */
  settings: Statement<[], number> | undefined;
  /** data_version as read in this turn, until the turn's setImmediate forgets it. */
  turn: number | undefined;
  /** settings_version as last read, and total_changes() when it was. */
  settingsSeen: number;
  settingsChanges: number;
}
const statements = new WeakMap<Db, Statements>();
const changeCounts = new WeakMap<Db, Statement<[], number>>();

/** total_changes() of the connection. */
export function changesOf(db: Db): number {
  let changes = changeCounts.get(db);
  if (!changes) {
    changes = db.prepare<[], number>('SELECT total_changes()').pluck();
    changeCounts.set(db, changes);
  }
  return changes.get()!;
}

function statementsOf(db: Db): Statements {
  let s = statements.get(db);
  if (!s) {
    s = {
      dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
      settings: undefined,
      turn: undefined,
      settingsSeen: 0,
      settingsChanges: -1,
    };
    statements.set(db, s);
  }
  if (!isMainThread) s.turn = s.dataVersion.get()!;
  else if (s.turn === undefined) {
    s.turn = s.dataVersion.get()!;
    const forget = s;
    setImmediate(() => {
      forget.turn = undefined;
    }).unref();
  }
  return s;
}

export function readVersion(db: Db): string {
  const s = statementsOf(db);
  return `${epochs.get(db) ?? 0}.${s.turn}.${changesOf(db)}`;
}

/** The version of the settings rows (migration 003) alone. */
export function readSettingsVersion(db: Db): string {
  const s = statementsOf(db);
  const changes = changesOf(db);
  if (changes !== s.settingsChanges) {
    s.settings ??= db.prepare<[], number>('SELECT n FROM settings_version WHERE id = 1').pluck();
    // A reset empties the table; the next change of a settings row writes it again.
    s.settingsSeen = s.settings.get() ?? -1;
    s.settingsChanges = changes;
  }
  return `${epochs.get(db) ?? 0}.${s.turn}.${s.settingsSeen}`;
}

/**
 * A transaction that began at `changesBefore` threw, and SQLite undid it. total_changes() does not go back, so a
 * version read inside it could stand again: the epoch moves if it wrote anything, and the settings version is read
 * afresh (its row went back with the rest).
 */
export function forgetRolledBackReads(db: Db, changesBefore: number): void {
  const s = statements.get(db);
  if (s) s.settingsChanges = -1;
  if (changesOf(db) !== changesBefore) bumpReadVersion(db);
}

/** After what the versions cannot see: a rolled-back group of writes, a reset of the whole database. */
export function bumpReadVersion(db: Db): void {
  epochs.set(db, (epochs.get(db) ?? 0) + 1);
}
