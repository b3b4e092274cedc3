// Issue rows: inserting with the next per-project scoped id, lookups by g-id or scoped id,
// updates, custom values, tags, watchers, devices and the per-reporter counts of the caps.
// The list's query lives in list-repository.ts (re-exported here).
import { stmt, type Db } from '../../db/database.ts';

export interface IssueRow {
  id: number;
  project_id: number;
  scoped_id: number;
  title: string;
  description: string;
  status: string;
  priority: string;
  score: string;
  raw: number;
  source: string | null;
  archived: number;
  discord_message: string | null;
  reporter_user_id: number | null;
  assigned_to_user_id: number | null;
  release_id: number | null;
  duplicate_of_issue_id: number | null;
  steps: string;
  debug_trace: string | null;
  device: string | null;
  publish_at: string | null;
  created_at: string;
  updated_at: string;
  /** Added by migration 10. */
  discord_user_id?: string | null;
  discord_username?: string | null;
  include_flags?: string | null;
  published_at?: string | null;
}

export type NewIssue = Omit<
  IssueRow,
  'id' | 'scoped_id' | 'duplicate_of_issue_id' | 'archived' | 'discord_message' | 'publish_at'
> &
  Partial<Pick<IssueRow, 'archived' | 'discord_message' | 'publish_at' | 'duplicate_of_issue_id'>> & {
    // Given ids (fixture documents, docs/api-choices.md#fixture-format "ids may be given"); generated when absent.
    id?: number | null;
    scoped_id?: number | null;
  };

/** Inserts with scoped_id = the project's highest + 1 unless given, in one statement so two writers never collide. */
export function insertIssue(db: Db, issue: NewIssue): IssueRow {
  return stmt(
    db,
    `INSERT INTO issues (id, project_id, scoped_id, title, description, status, priority, score, raw, source, archived,
      discord_message, reporter_user_id, assigned_to_user_id, release_id, duplicate_of_issue_id, steps, debug_trace, ` +
      `device, publish_at, created_at, updated_at)
    VALUES (@id, @project_id, coalesce(@scoped_id, (SELECT coalesce(max(scoped_id), 0) + 1 FROM issues WHERE ` +
      `project_id = @project_id)), @title, @description, @status, @priority,
      @score, @raw, @source, @archived, @discord_message, @reporter_user_id, @assigned_to_user_id, @release_id, ` +
      `@duplicate_of_issue_id, @steps,
      @debug_trace, @device, @publish_at, @created_at, @updated_at) RETURNING *`,
  ).get({
    id: null,
    scoped_id: null,
    archived: 0,
    discord_message: null,
    publish_at: null,
    duplicate_of_issue_id: null,
    ...issue,
  }) as IssueRow;
}

export function findIssueById(db: Db, projectId: number, id: number): IssueRow | undefined {
  return stmt(db, 'SELECT * FROM issues WHERE project_id = ? AND id = ?').get(projectId, id) as IssueRow | undefined;
}

export function findIssueByScopedId(db: Db, projectId: number, scopedId: number): IssueRow | undefined {
  return stmt(db, 'SELECT * FROM issues WHERE project_id = ? AND scoped_id = ?').get(projectId, scopedId) as
    | IssueRow
    | undefined;
}

/** Resolves an issue path id: `g-<id>` or a plain scoped id (docs/api-choices.md#path-ids). */
export function findIssueByPathId(db: Db, projectId: number, pathId: string): IssueRow | undefined {
  const global = /^g-(\d+)$/.exec(pathId);
  if (global) return findIssueById(db, projectId, Number(global[1]));
  if (/^\d+$/.test(pathId)) return findIssueByScopedId(db, projectId, Number(pathId));
  return undefined;
}

export function setIssueCustomValue(db: Db, issueId: number, fieldId: number, value: unknown): void {
  stmt(db, 'INSERT OR REPLACE INTO issue_custom_values (issue_id, field_id, value) VALUES (?, ?, ?)').run(
    issueId,
    fieldId,
    JSON.stringify(value),
  );
}

export type IssueInsert = NewIssue & Pick<IssueRow, 'discord_user_id' | 'discord_username' | 'include_flags'>;

/** insertIssue with the columns of migration 10 as well. */
export function insertFullIssue(db: Db, issue: IssueInsert): IssueRow {
  return stmt(
    db,
    `INSERT INTO issues (project_id, scoped_id, title, description, status, priority, score, raw, source, archived,
      discord_message, reporter_user_id, assigned_to_user_id, release_id, duplicate_of_issue_id, steps, debug_trace, ` +
      `device, publish_at,
      discord_user_id, discord_username, include_flags, created_at, updated_at)
    VALUES (@project_id, (SELECT coalesce(max(scoped_id), 0) + 1 FROM issues WHERE project_id = @project_id), ` +
      `@title, @description, @status, @priority,
      @score, @raw, @source, @archived, @discord_message, @reporter_user_id, @assigned_to_user_id, @release_id, ` +
      `@duplicate_of_issue_id, @steps,
      @debug_trace, @device, @publish_at, @discord_user_id, @discord_username, @include_flags, @created_at, ` +
      `@updated_at) RETURNING *`,
  ).get({
    archived: 0,
    discord_message: null,
    publish_at: null,
    duplicate_of_issue_id: null,
    discord_user_id: null,
    discord_username: null,
    include_flags: null,
    ...issue,
  }) as IssueRow;
}

const UPDATABLE = new Set([
  'title',
  'description',
  'status',
  'priority',
  'score',
  'archived',
  'reporter_user_id',
  'assigned_to_user_id',
  'release_id',
  'steps',
  'device',
  'publish_at',
  'published_at',
  'discord_user_id',
  'updated_at',
]);

/** Sets the given columns (a fixed allow-list) and answers the updated row. */
export function updateIssueColumns(db: Db, id: number, changes: Partial<IssueRow>): IssueRow {
  const columns = Object.keys(changes)
    .filter((key) => UPDATABLE.has(key))
    .sort();
  if (columns.length === 0) return stmt(db, 'SELECT * FROM issues WHERE id = ?').get(id) as IssueRow;
  return stmt(db, `UPDATE issues SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id RETURNING *`).get({
    ...Object.fromEntries(columns.map((c) => [c, (changes as Record<string, unknown>)[c]])),
    id,
  }) as IssueRow;
}

export function findIssueByGlobalId(db: Db, id: number): IssueRow | undefined {
  return stmt(db, 'SELECT * FROM issues WHERE id = ?').get(id) as IssueRow | undefined;
}

export function listIssueCustomValues(db: Db, issueId: number): { field_id: number; value: string }[] {
  return stmt(db, 'SELECT field_id, value FROM issue_custom_values WHERE issue_id = ? ORDER BY field_id').all(
    issueId,
  ) as { field_id: number; value: string }[];
}

export interface StoredCustomValue {
  field_id: number;
  value: string;
}

/** The stored custom values of several issues (a page of a list), grouped by issue, each group in field order. */
export function listCustomValuesOfIssues(db: Db, issueIds: readonly number[]): Map<number, StoredCustomValue[]> {
  const byIssue = new Map<number, StoredCustomValue[]>(issueIds.map((id) => [id, []]));
  const rows = stmt(
    db,
    `SELECT issue_id, field_id, value FROM issue_custom_values
    WHERE issue_id IN (SELECT value FROM json_each(?)) ORDER BY issue_id, field_id`,
  ).all(JSON.stringify(issueIds)) as { issue_id: number; field_id: number; value: string }[];
  for (const row of rows) byIssue.get(row.issue_id)?.push({ field_id: row.field_id, value: row.value });
  return byIssue;
}

export function addIssueTag(db: Db, issueId: number, tagId: number): void {
  stmt(db, 'INSERT OR IGNORE INTO issue_tags (issue_id, tag_id) VALUES (?, ?)').run(issueId, tagId);
}

export function existingTagIds(db: Db, projectId: number, ids: number[]): Set<number> {
  if (ids.length === 0) return new Set();
  return new Set(
    db
      .prepare(`SELECT id FROM tags WHERE project_id = ? AND id IN (${ids.map(() => '?').join(',')})`)
      .pluck()
      .all(projectId, ...ids) as number[],
  );
}

export function addIssueWatcher(db: Db, issueId: number, userId: number, at: string): void {
  stmt(db, 'INSERT OR IGNORE INTO issue_watchers (issue_id, user_id, created_at) VALUES (?, ?, ?)').run(
    issueId,
    userId,
    at,
  );
}

export function listIssueWatchers(db: Db, issueId: number): number[] {
  return stmt(db, 'SELECT user_id FROM issue_watchers WHERE issue_id = ? ORDER BY created_at, user_id')
    .pluck()
    .all(issueId) as number[];
}

/** Issues the reporter filed in the project since `since` (the tester caps). */
export function countReporterIssuesSince(db: Db, projectId: number, reporterId: number, since: string): number {
  return stmt(db, 'SELECT count(*) FROM issues WHERE project_id = ? AND reporter_user_id = ? AND created_at > ?')
    .pluck()
    .get(projectId, reporterId, since) as number;
}

export interface DeviceRow {
  id: number;
  user_id: number | null;
  device_type: string;
  configuration: string;
  created_at: string;
}

export function insertDevice(db: Db, device: Omit<DeviceRow, 'id'>): DeviceRow {
  return stmt(
    db,
    'INSERT INTO devices (user_id, device_type, configuration, created_at) VALUES (@user_id, @device_type, ' +
      '@configuration, @created_at) RETURNING *',
  ).get(device) as DeviceRow;
}

export function findDevice(db: Db, id: number): DeviceRow | undefined {
  return stmt(db, 'SELECT * FROM devices WHERE id = ?').get(id) as DeviceRow | undefined;
}

export function countIssueAttachments(db: Db, issueId: number): number {
  return stmt(db, 'SELECT count(*) FROM attachments WHERE issue_id = ?').pluck().get(issueId) as number;
}

export { listIssueRows, type IssueListFilter } from './list-repository.ts';
