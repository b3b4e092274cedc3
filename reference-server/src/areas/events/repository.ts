// Read-only SQL behind the report event stream: the change marks of feature requests, tickets
// and issue attachments of a project (polled once a second), and the replay of earlier changes.
import { stmt, type Db } from '../../db/database.ts';
import type { ReportKind } from '../../../../widget/src/protocol/events.ts';

/** One report as the stream announces it; `id` is the raw key (`g-<id>` in paths). */
export interface ReportChangeRow {
  kind: ReportKind;
  id: number;
  scoped_id: number;
  title: string;
  status: string;
  created_at: string;
  updated_at: string;
}

/** Highest id and latest update of a polled source: a new row raises the one, an update the other. */
export interface ChangeMark {
  maxId: number;
  maxUpdatedAt: string;
}

export type PolledSource = 'feature_request' | 'ticket' | 'attachment';

const MARK_SQL: Record<PolledSource, string> = {
  feature_request:
    "SELECT coalesce(max(id), 0) AS maxId, coalesce(max(updated_at), '') AS maxUpdatedAt FROM feature_requests WHERE " +
    'project_id = ?',
  ticket:
    "SELECT coalesce(max(id), 0) AS maxId, coalesce(max(updated_at), '') AS maxUpdatedAt FROM tickets WHERE " +
    'project_id = ?',
  attachment: `SELECT coalesce(max(a.id), 0) AS maxId, coalesce(max(a.updated_at), '') AS maxUpdatedAt
    FROM attachments a JOIN issues i ON i.id = a.issue_id WHERE i.project_id = ?`,
};

const CHANGED_SQL: Record<PolledSource, string> = {
  feature_request:
    `SELECT 'feature_request' AS kind, id, scoped_id, title, status, created_at, updated_at FROM ` +
    `feature_requests
    WHERE project_id = @project AND (id > @maxId OR updated_at > @maxUpdatedAt) ORDER BY id`,
  ticket: `SELECT 'ticket' AS kind, id, scoped_id, title, status, created_at, updated_at FROM tickets
    WHERE project_id = @project AND (id > @maxId OR updated_at > @maxUpdatedAt) ORDER BY id`,
  // An attachment change is announced as an update of its issue.
  attachment: `SELECT DISTINCT 'issue' AS kind, i.id, i.scoped_id, i.title, i.status, i.created_at, i.updated_at
    FROM attachments a JOIN issues i ON i.id = a.issue_id
    WHERE i.project_id = @project AND (a.id > @maxId OR a.updated_at > @maxUpdatedAt) ORDER BY i.id`,
};

export function readChangeMark(db: Db, source: PolledSource, projectId: number): ChangeMark {
  return stmt(db, MARK_SQL[source]).get(projectId) as ChangeMark;
}

/** Rows of the source changed since the mark (for attachments: their issues). */
export function listChangedSince(db: Db, source: PolledSource, projectId: number, mark: ChangeMark): ReportChangeRow[] {
  return stmt(db, CHANGED_SQL[source]).all({ project: projectId, ...mark }) as ReportChangeRow[];
}

/** Where a replay stands: past (at, kind, id) in (updated_at, kind, id) order; kind '' means "from `at` on". */
export interface ReplayCursor {
  at: string;
  kind: ReportKind | '';
  id: number;
}

const TABLE_OF: Record<ReportKind, string> = {
  issue: 'issues',
  feature_request: 'feature_requests',
  ticket: 'tickets',
};
const AFTER_EVERY_ID = Number.MAX_SAFE_INTEGER;

/** The query of one kind's page (parameters: project id, cursor time, cursor id, limit); exported for its plan's test. */
export function replayPageSql(kind: ReportKind): string {
  return `SELECT '${kind}' AS kind, id, scoped_id, title, status, created_at, updated_at
    FROM ${TABLE_OF[kind]} WHERE project_id = ? AND (updated_at, id) > (?, ?)
    ORDER BY updated_at, id LIMIT ?`;
}

/**
 * One page of the replay: the next `limit` reports of the kinds after the cursor, in (updated_at,
 * kind, id) order. Each kind reads at most `limit` rows past the cursor, so a page costs the
 * same however many reports changed since.
 */
export function listReplayPage(
  db: Db,
  projectId: number,
  kinds: readonly ReportKind[],
  cursor: ReplayCursor,
  limit: number,
): ReportChangeRow[] {
  const rows = kinds.flatMap((kind) => {
    // Rows at exactly `at` come after the cursor when their kind sorts after the cursor's, or is it
    // and their id is larger. The row-value comparison is a range of the (project_id, updated_at, id)
    // index (migration 35): a page seeks to the cursor and reads `limit` rows, however deep the replay.
    const minId = kind > cursor.kind ? -1 : kind === cursor.kind ? cursor.id : AFTER_EVERY_ID;
    return stmt(db, replayPageSql(kind)).all(projectId, cursor.at, minId, limit) as ReportChangeRow[];
  });
  const order = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  rows.sort((a, b) => order(a.updated_at, b.updated_at) || order(a.kind, b.kind) || a.id - b.id);
  return rows.slice(0, limit);
}
