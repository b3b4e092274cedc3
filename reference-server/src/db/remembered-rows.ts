// Settings rows read by nearly every request (the project of the path, the caller's token, the project's
// organization, latest release, custom field definitions and statuses), remembered per connection against the
// settings version (read-version.ts): they are looked up once while no settings row changes, however many issues are
// written meanwhile; a change of one, by this connection or another, makes the next request read them afresh. Only
// what is read from the tables migration 003 watches may be remembered here. Remembered rows are frozen (a list and
// each of its rows): shared by requests.
import type { Db } from './database.ts';
import { readSettingsVersion } from './read-version.ts';

interface Entry {
  version: string;
  row: unknown;
}

/** Distinct keys kept per connection before the lot is dropped (a scan of random ids cannot grow it). */
const MAX_ENTRIES = 2048;
const remembered = new WeakMap<Db, Map<string, Entry>>();

/** What `load` reads of the settings rows for `space`/`key`, from memory while the settings version stands. */
export function rememberedSettings<T extends object>(
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
  const version = readSettingsVersion(db);
  const id = `${space}\u0000${key}`;
  const entry = entries.get(id);
  if (entry && entry.version === version) return entry.row as T | undefined;
  const row = load();
  if (Array.isArray(row)) for (const item of row) Object.freeze(item);
  if (row) Object.freeze(row);
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(id, { version, row });
  return row;
}
