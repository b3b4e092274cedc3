// Playtime sessions: one row per uuid with its tags (JSON), start, last heartbeat and the
// playtime counted so far.
import { stmt, type Db } from '../../db/database.ts';

export interface PlaytimeSessionRow {
  id: string;
  project_id: number;
  user_id: number | null;
  token_id: number | null;
  tags: string;
  started_at: string;
  last_seen_at: string;
  duration_seconds: number;
  heartbeats: number;
}

export function insertPlaytimeSession(
  db: Db,
  row: Omit<PlaytimeSessionRow, 'duration_seconds' | 'heartbeats' | 'last_seen_at'>,
): PlaytimeSessionRow {
  return stmt(
    db,
    `INSERT INTO playtime_sessions (id, project_id, user_id, token_id, tags, started_at, last_seen_at)
    VALUES (@id, @project_id, @user_id, @token_id, @tags, @started_at, @started_at) RETURNING *`,
  ).get(row) as PlaytimeSessionRow;
}

export function findPlaytimeSession(db: Db, projectId: number, id: string): PlaytimeSessionRow | undefined {
  return stmt(db, 'SELECT * FROM playtime_sessions WHERE project_id = ? AND id = ?').get(projectId, id) as
    | PlaytimeSessionRow
    | undefined;
}

/** Records a heartbeat: last-seen moves to `at`, `countedSeconds` is added to the duration. */
export function recordHeartbeat(
  db: Db,
  id: string,
  at: string,
  countedSeconds: number,
  tags: string,
): PlaytimeSessionRow {
  return stmt(
    db,
    `UPDATE playtime_sessions SET last_seen_at = ?, duration_seconds = duration_seconds + ?, heartbeats = heartbeats ` +
      `+ 1, tags = ?
    WHERE id = ? RETURNING *`,
  ).get(at, countedSeconds, tags, id) as PlaytimeSessionRow;
}
