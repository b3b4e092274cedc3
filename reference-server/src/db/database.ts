// Opens the SQLite database: WAL, foreign keys, and the numbered forward-only migrations.
import Database from 'better-sqlite3';
import { commitOpenGroup } from './commit-groups.ts';
import { migrations } from './migrations/index.ts';
import { bumpReadVersion, changesOf, forgetRolledBackReads } from './read-version.ts';
import { wrapEachTransaction } from './wrap-transactions.ts';

export type Db = Database.Database;

export function openDatabase(file = ':memory:'): Db {
  const db = new Database(file);
  if (file !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  // Savepoint journals (every request in a commit group is a savepoint) stay in memory: past
  // 64 KB SQLite spills them to a temp file, about 28 pwrite calls per issue create. They only
  // undo a savepoint inside a transaction; crash recovery is the WAL's, so durability is the same.
  db.pragma('temp_store = MEMORY');
  wrapTransactions(db, file !== ':memory:');
  migrate(db);
  return db;
}

/**
 * Every transaction function of the connection, wrapped:
 * - On a database file two connections write (the request thread and the job thread). A transaction begun DEFERRED
 *   that read first cannot take the write lock once the other connection has committed: SQLite answers "database is
 *   locked" at once rather than wait. So there every transaction begins IMMEDIATE and waits its turn (busy_timeout).
 * - A transaction that throws has been rolled back: what was read inside it must not be remembered past it
 *   (read-version.ts).
 */
function wrapTransactions(db: Db, immediateByDefault: boolean): void {
  wrapEachTransaction(
    db,
    (variant) =>
      function (this: unknown, ...args: unknown[]) {
        const before = changesOf(db);
        try {
          return variant.apply(this, args);
        } catch (error) {
          forgetRolledBackReads(db, before);
          throw error;
        }
      },
    immediateByDefault ? (tx) => tx.immediate : undefined,
  );
}

export function migrate(db: Db): void {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at ' +
      'TEXT NOT NULL)',
  );
  const applied = new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[]);
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  for (const migration of sorted) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        migration.version,
        migration.name,
        new Date().toISOString(),
      );
    })();
  }
}

/** Every table but the migration ledger, children first, for /__admin/reset. */
export function resetDatabase(db: Db): void {
  commitOpenGroup(db); // PRAGMA foreign_keys does nothing inside a transaction
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' AND name != " +
        "'schema_migrations' AND name NOT LIKE '%_fts%' AND name != 'settings'",
    )
    .pluck()
    .all() as string[];
  db.pragma('foreign_keys = OFF');
  try {
    db.transaction(() => {
      for (const table of tables) db.exec(`DELETE FROM "${table}"`);
      // Last: the delete triggers of migrations 21, 31 and 51 noted every id removed above; ids start at 1 again.
      db.exec('DELETE FROM retired_ids');
    })();
    commitOpenGroup(db);
    const fts = db
      .prepare("SELECT name FROM sqlite_master WHERE type='table' AND sql LIKE '%VIRTUAL TABLE%'")
      .pluck()
      .all() as string[];
    for (const table of fts) db.exec(`DELETE FROM "${table}"`);
  } finally {
    db.pragma('foreign_keys = ON');
    bumpReadVersion(db);
  }
}

/**
 * Runs `fn` in a transaction (a savepoint when one is open) through one transaction function per
 * connection: better-sqlite3 builds four wrappers per db.transaction() call, a few microseconds
 * on every issue create. Rebuilt if db.transaction is replaced (commit-groups.ts wraps it).
 */
const runners = new WeakMap<Db, { transaction: Db['transaction']; run: (fn: () => unknown) => unknown }>();
export function inTransaction<T>(db: Db, fn: () => T): T {
  let runner = runners.get(db);
  if (!runner || runner.transaction !== db.transaction) {
    runner = { transaction: db.transaction, run: db.transaction((inner: () => unknown) => inner()) };
    runners.set(db, runner);
  }
  return runner.run(fn) as T;
}

/**
 * All rows of `sql` as plain objects built here from the driver's raw (array) rows. For wide rows that is several
 * times quicker than the objects better-sqlite3 builds (25 issue rows of 26 columns: about 0.07 ms against 0.26 ms),
 * and the objects share one shape, which keeps reading them quick too.
 */
const rawCache = new WeakMap<Db, Map<string, { statement: Database.Statement; build: (row: unknown[]) => unknown }>>();
export function allRows<T>(db: Db, sql: string, ...params: unknown[]): T[] {
  let statements = rawCache.get(db);
  if (!statements) {
    statements = new Map();
    rawCache.set(db, statements);
  }
  let entry = statements.get(sql);
  if (!entry) {
    const statement = db.prepare(sql).raw(true);
    const names = statement.columns().map((column) => column.name);
    const build = (row: unknown[]) => {
      const object: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i += 1) object[names[i]] = row[i];
      return object;
    };
    entry = { statement, build };
    statements.set(sql, entry);
  }
  return (entry.statement.all(...params) as unknown[][]).map(entry.build) as T[];
}

/** Prepared statements cached per database, so repositories prepare each SQL text once. */
const cache = new WeakMap<Db, Map<string, Database.Statement>>();
export function stmt(db: Db, sql: string): Database.Statement {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}
