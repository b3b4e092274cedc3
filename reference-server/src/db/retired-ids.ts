// The id an insert takes in a table whose rows can be deleted (migrations 21, 31, 51): one above both the
// highest id present and the highest id ever deleted, so a deleted record's id never names a new one.
export type RetiringTable =
  | 'attachments'
  | 'releases'
  | 'release_download_links'
  | 'release_attachments'
  | 'ticket_attachments'
  | 'feature_request_files';

/** A SQL expression for the next id of `table`, for the VALUES list of its INSERT. */
export function nextIdSql(table: RetiringTable): string {
  return (
    `(SELECT max(coalesce((SELECT max(id) FROM ${table}), 0), ` +
    `coalesce((SELECT max_id FROM retired_ids WHERE name = '${table}'), 0)) + 1)`
  );
}
