// Access rows read by nearly every request (the project of the path, the caller's token, the project's organization),
// remembered per connection against the access version (read-version.ts): they are looked up once while no access
// row changes, however many issues are written meanwhile; a change of one, by this connection or another, makes the
// next request read them afresh. Only rows of projects, project_tokens and organizations may be remembered here
// (the tables migration 003 watches). Remembered rows are frozen: shared by requests.
import type { Db } from './database.ts';
import { readAccessVersion } from './read-version.ts';

interface Entry {
  version: string;
  row: unknown;
}

/** Distinct keys kept per connection before the lot is dropped (a scan of random ids cannot grow it). */
const MAX_ENTRIES = 2048;
const remembered = new WeakMap<Db, Map<string, Entry>>();

/** The access row `load` reads for `space`/`key`, from memory while the access version stands. */
export function rememberedAccessRow<T extends object>(
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
  const version = readAccessVersion(db);
  const id = `${space}\u0000${key}`;
  const entry = entries.get(id);
  if (entry && entry.version === version) return entry.row as T | undefined;
  const row = load();
  if (row) Object.freeze(row);
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(id, { version, row });
  return row;
}
