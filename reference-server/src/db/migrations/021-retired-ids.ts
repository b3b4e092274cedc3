// Ids that can be deleted are never handed out again: `retired_ids` keeps, per table, the highest id a
// delete removed (kept by a trigger per table), and inserts take the next id above it (db/retired-ids.ts).
// SQLite would otherwise reuse a deleted highest id, and a repeated DELETE could remove a newer record.
export function retireIdsSql(tables: readonly string[]): string {
  const triggers = tables.map(
    (table) => `
CREATE TRIGGER ${table}_retire_id AFTER DELETE ON ${table} BEGIN
  INSERT INTO retired_ids (name, max_id) VALUES ('${table}', OLD.id)
  ON CONFLICT (name) DO UPDATE SET max_id = max(max_id, excluded.max_id);
END;`,
  );
  return `CREATE TABLE IF NOT EXISTS retired_ids (name TEXT PRIMARY KEY, max_id INTEGER NOT NULL);\n${triggers.join('\n')}`;
}

export default {
  version: 21,
  name: 'retired-ids',
  sql: retireIdsSql(['attachments']),
};
