// Rows read by nearly every request (the project of the path, the caller's token), remembered per connection
// against its read version (read-version.ts): a read-heavy spell looks each up once, and any write, by this
// connection or another, makes the next request read it afresh. Remembered rows are frozen: shared by requests.
import type { Db } from './database.ts';
import { readVersion } from './read-version.ts';

interface Entry {
  version: string;
  row: unknown;
}

/** Distinct keys kept per connection before the lot is dropped (a scan of random ids cannot grow it). */
const MAX_ENTRIES = 2048;
const remembered = new WeakMap<Db, Map<string, Entry>>();

/** The row `load` reads for `space`/`key`, from memory while the database's version stands. */
export function rememberedRow<T extends object>(
  db: Db,
  space: string,
  key: string,
  load: () => T | undefined,
): T | undefined {
  let entries = remembered.get(db);
  if (!entries) {
    entries = new Map();
    remembered.set(db, entries);
  }
  const version = readVersion(db);
  const id = `${space}\u0000${key}`;
  const entry = entries.get(id);
  if (entry && entry.version === version) return entry.row as T | undefined;
  const row = load();
  if (row) Object.freeze(row);
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(id, { version, row });
  return row;
}
