// Feature request rows: insert with the next per-project scoped id, lookups by path id,
// listing, FTS5 search candidates, votes, subscribers, files and custom values.
import { createAttachedFiles } from '../../storage/attached-files-repository.ts';
import { stmt, type Db } from '../../db/database.ts';

export interface FeatureRequestRow {
  id: number;
  project_id: number;
  scoped_id: number;
  title: string;
  description: string;
  status: string;
  source: string | null;
  reporter_user_id: number | null;
  discord_username: string | null;
  contact_email: string | null;
  contact_discord_id: string | null;
  created_at: string;
  updated_at: string;
}

export type NewFeatureRequest = Pick<
  FeatureRequestRow,
  | 'project_id'
  | 'title'
  | 'description'
  | 'status'
  | 'source'
  | 'reporter_user_id'
  | 'discord_username'
  | 'created_at'
  | 'updated_at'
>;

/** scoped_id = the project's highest + 1 in the same statement, as insertIssue does. */
export function insertFeatureRequest(db: Db, row: NewFeatureRequest): FeatureRequestRow {
  return stmt(
    db,
    `INSERT INTO feature_requests (project_id, scoped_id, title, description, status, source, reporter_user_id, ` +
      `discord_username, created_at, updated_at)
    VALUES (@project_id, (SELECT coalesce(max(scoped_id), 0) + 1 FROM feature_requests WHERE project_id = ` +
      `@project_id), @title, @description, @status,
      @source, @reporter_user_id, @discord_username, @created_at, @updated_at) RETURNING *`,
  ).get(row) as FeatureRequestRow;
}

/** Resolves a path id: `<scoped>`, `fr-<scoped>` or `g-<id>` (docs/api-choices.md#path-ids). */
export function findFeatureRequestByPathId(db: Db, projectId: number, pathId: string): FeatureRequestRow | undefined {
  const global = /^g-(\d+)$/.exec(pathId);
  if (global)
    return stmt(db, 'SELECT * FROM feature_requests WHERE project_id = ? AND id = ?').get(
      projectId,
      Number(global[1]),
    ) as FeatureRequestRow | undefined;
  const scoped = /^(?:fr-)?(\d+)$/.exec(pathId);
  if (scoped)
    return stmt(db, 'SELECT * FROM feature_requests WHERE project_id = ? AND scoped_id = ?').get(
      projectId,
      Number(scoped[1]),
    ) as FeatureRequestRow | undefined;
  return undefined;
}

export interface FeatureRequestPage {
  rows: FeatureRequestRow[];
  total: number;
}

/**
 * One page of a project's requests. `statuses` keeps only those statuses (null: all);
 * `excluded` drops some; `top` orders by votes, then newest.
 */
export interface FeatureRequestFilters {
  status?: string;
  createdFrom?: string;
  createdUntil?: string;
  updatedFrom?: string;
  updatedUntil?: string;
}

export function listFeatureRequests(
  db: Db,
  q: {
    projectId: number;
    statuses: readonly string[] | null;
    excluded: readonly string[];
    order: 'top' | 'new';
    filters?: FeatureRequestFilters;
    limit: number;
    offset: number;
  },
): FeatureRequestPage {
  const where = ['fr.project_id = ?'];
  const params: unknown[] = [q.projectId];
  const f = q.filters ?? {};
  for (const [sql, value] of [
    ['fr.status = ?', f.status],
    ['fr.created_at >= ?', f.createdFrom],
    ['fr.created_at < ?', f.createdUntil],
    ['fr.updated_at >= ?', f.updatedFrom],
    ['fr.updated_at < ?', f.updatedUntil],
  ] as const) {
    if (value !== undefined) {
      where.push(sql);
      params.push(value);
    }
  }
  if (q.statuses) {
    where.push(`fr.status IN (${q.statuses.map(() => '?').join(', ')})`);
    params.push(...q.statuses);
  }
  if (q.excluded.length) {
    where.push(`fr.status NOT IN (${q.excluded.map(() => '?').join(', ')})`);
    params.push(...q.excluded);
  }
  const order =
    q.order === 'top'
      ? '(SELECT count(*) FROM feature_request_votes v WHERE v.feature_request_id = fr.id) DESC, fr.created_at ' +
        'DESC, fr.id DESC'
      : 'fr.created_at DESC, fr.id DESC';
  const sqlWhere = where.join(' AND ');
  return {
    rows: stmt(db, `SELECT fr.* FROM feature_requests fr WHERE ${sqlWhere} ORDER BY ${order} LIMIT ? OFFSET ?`).all(
      ...params,
      q.limit,
      q.offset,
    ) as FeatureRequestRow[],
    total: stmt(db, `SELECT count(*) FROM feature_requests fr WHERE ${sqlWhere}`)
      .pluck()
      .get(...params) as number,
  };
}

export function setFeatureRequestStatus(db: Db, id: number, status: string, at: string): void {
  stmt(db, 'UPDATE feature_requests SET status = ?, updated_at = ? WHERE id = ?').run(status, at, id);
}

export function setFeatureRequestContact(
  db: Db,
  id: number,
  contact: { reporterUserId: number; email: string | null; discordId: string | null },
  at: string,
): void {
  stmt(
    db,
    `UPDATE feature_requests SET reporter_user_id = coalesce(reporter_user_id, ?), contact_email = ?, ` +
      `contact_discord_id = ?, updated_at = ? WHERE id = ?`,
  ).run(contact.reporterUserId, contact.email, contact.discordId, at, id);
}

export function addFeatureRequestVote(db: Db, featureRequestId: number, userId: number, at: string): void {
  stmt(
    db,
    'INSERT OR IGNORE INTO feature_request_votes (feature_request_id, user_id, created_at) VALUES (?, ?, ?)',
  ).run(featureRequestId, userId, at);
}

export function countVotes(db: Db, featureRequestId: number): number {
  return stmt(db, 'SELECT count(*) FROM feature_request_votes WHERE feature_request_id = ?')
    .pluck()
    .get(featureRequestId) as number;
}

export function hasVoted(db: Db, featureRequestId: number, userId: number): boolean {
  return (
    stmt(db, 'SELECT 1 FROM feature_request_votes WHERE feature_request_id = ? AND user_id = ?').get(
      featureRequestId,
      userId,
    ) !== undefined
  );
}

export function addSubscriber(db: Db, featureRequestId: number, userId: number): void {
  stmt(db, 'INSERT OR IGNORE INTO feature_request_subscribers (feature_request_id, user_id) VALUES (?, ?)').run(
    featureRequestId,
    userId,
  );
}

/** The request's files (`feature_request[files][]`), in the table shaped as ticket attachments. */
export const featureRequestFiles = createAttachedFiles({ table: 'feature_request_files', owner: 'feature_request_id' });

export function setFeatureRequestCustomValue(db: Db, featureRequestId: number, fieldId: number, value: unknown): void {
  stmt(
    db,
    'INSERT OR REPLACE INTO feature_request_custom_values (feature_request_id, field_id, value) VALUES (?, ?, ?)',
  ).run(featureRequestId, fieldId, JSON.stringify(value));
}

export function listFeatureRequestCustomValues(
  db: Db,
  featureRequestId: number,
): Array<{ field_id: number; value: string }> {
  return stmt(db, 'SELECT field_id, value FROM feature_request_custom_values WHERE feature_request_id = ?').all(
    featureRequestId,
  ) as Array<{ field_id: number; value: string }>;
}
