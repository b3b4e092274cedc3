// The version of the settings rows: what a project is set up with, read by nearly every request (the project, its
// tokens, its organization, releases, custom field definitions and statuses). Any change to one, by any statement of
// any connection, sets it to that connection's total_changes(), a number no earlier write of the connection had. Rows
// remembered against it (db/remembered-rows.ts) then outlive the writes of other tables, such as a run of issue
// creates, and none outlives a change of its own kind.
const TABLES = ['projects', 'project_tokens', 'organizations', 'releases', 'custom_fields', 'project_statuses'];

const bump =
  'INSERT INTO settings_version (id, n) VALUES (1, total_changes()) ON CONFLICT (id) DO UPDATE SET n = excluded.n;';

export default {
  version: 3,
  name: 'settings-version',
  sql: `
CREATE TABLE settings_version (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL);
INSERT INTO settings_version (id, n) VALUES (1, 0);
${TABLES.flatMap((table) =>
  ['INSERT', 'UPDATE', 'DELETE'].map(
    (event) => `CREATE TRIGGER ${table}_settings_${event.toLowerCase()} AFTER ${event} ON ${table} BEGIN ${bump} END;`,
  ),
).join('\n')}
`,
};
