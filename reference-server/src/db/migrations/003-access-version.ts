// The version of the rows nearly every request reads for its access checks (projects, their tokens, organizations):
// any change to them, by any statement of any connection, sets it to that connection's total_changes(), a number no
// earlier write of the connection had. Rows remembered against it (db/remembered-rows.ts) then outlive the writes
// of other tables, such as a run of issue creates, and none outlives a change of its own.
const TABLES = ['projects', 'project_tokens', 'organizations'];

const bump =
  'INSERT INTO access_version (id, n) VALUES (1, total_changes()) ON CONFLICT (id) DO UPDATE SET n = excluded.n;';

export default {
  version: 3,
  name: 'access-version',
  sql: `
CREATE TABLE access_version (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL);
INSERT INTO access_version (id, n) VALUES (1, 0);
${TABLES.flatMap((table) =>
  ['INSERT', 'UPDATE', 'DELETE'].map(
    (event) => `CREATE TRIGGER ${table}_access_${event.toLowerCase()} AFTER ${event} ON ${table} BEGIN ${bump} END;`,
  ),
).join('\n')}
`,
};
