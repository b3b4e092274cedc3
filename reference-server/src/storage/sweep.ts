// The start-up sweep: removes the partial writes (`.part` files) a crash or a kill left behind,
// and every stored object no row points at (written, then the process died before its row).
// Rows name objects in a `storage_key` column, whichever table they are in.
import type { Db } from '../db/database.ts';
import type { Storage } from './storage.ts';

export interface SweepResult {
  partials: number;
  orphans: number;
}

/** Every storage key any table refers to. */
function referencedKeys(db: Db): Set<string> {
  const keys = new Set<string>();
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .pluck()
    .all() as string[];
  for (const table of tables) {
    const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(table) as string[];
    if (!columns.includes('storage_key')) continue;
    const quoted = `"${table.replace(/"/g, '""')}"`;
    const rows = db.prepare(`SELECT storage_key FROM ${quoted} WHERE storage_key IS NOT NULL`).pluck().iterate();
    for (const key of rows) keys.add(String(key));
  }
  return keys;
}

/** Run before the server takes requests: nothing is being written, so nothing unreferenced is in use. */
export async function sweepStorage(db: Db, storage: Storage): Promise<SweepResult> {
  const partials = await storage.removePartials();
  const referenced = referencedKeys(db);
  let orphans = 0;
  for (const key of await storage.listKeys()) {
    if (referenced.has(key)) continue;
    await storage.delete(key);
    orphans += 1;
  }
  return { partials, orphans };
}
