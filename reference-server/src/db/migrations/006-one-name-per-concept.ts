// One name per concept in what the database already holds (docs/contributing.md#names-stored-in-the-database): job
// kinds are `<area>.<verb>`, job payload keys snake_case, idempotency operations `<resource>.create:<project id>`.
// Rows written before this migration are renamed, so their pending jobs run and their keys still replay.

/** Stored job kinds that were not yet `<area>.<verb>`, with the kind their handler is registered under now. */
const RENAMED_JOB_KINDS: Readonly<Record<string, string>> = {
  duplicate_detection: 'search.detect_duplicate',
};

/** Payload keys that were camelCase, by the (new) kind of the jobs that carried them. */
const RENAMED_PAYLOAD_KEYS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'issues.auto_publish': { issueId: 'issue_id' },
};

/** Idempotency operation prefixes (before the `:<project id>` scope) that were not `<resource>.create`. */
const RENAMED_OPERATIONS: Readonly<Record<string, string>> = {
  createIssue: 'issue.create',
};

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

const kinds = Object.entries(RENAMED_JOB_KINDS).map(
  ([from, to]) => `UPDATE jobs SET kind = ${quote(to)} WHERE kind = ${quote(from)};`,
);

// json_set(json_remove(...)) keeps every other key of the payload as it was; rows whose payload lacks the old key
// (or is not JSON) are left alone.
const payloads = Object.entries(RENAMED_PAYLOAD_KEYS).flatMap(([kind, keys]) =>
  Object.entries(keys).map(
    ([from, to]) =>
      `UPDATE jobs SET payload = json_set(json_remove(payload, '$.${from}'), '$.${to}', json_extract(payload, ` +
      `'$.${from}')) WHERE kind = ${quote(kind)} AND json_valid(payload) AND json_type(payload, '$.${from}') ` +
      'IS NOT NULL;',
  ),
);

// GLOB, not LIKE: it is case-sensitive, so only the exact old spelling is renamed.
const operations = Object.entries(RENAMED_OPERATIONS).map(
  ([from, to]) =>
    `UPDATE idempotency_keys SET operation = ${quote(`${to}:`)} || substr(operation, ${from.length + 2}) ` +
    `WHERE operation GLOB ${quote(`${from}:*`)};`,
);

export default {
  version: 6,
  name: 'one-name-per-concept',
  sql: [...kinds, ...payloads, ...operations].join('\n'),
};
