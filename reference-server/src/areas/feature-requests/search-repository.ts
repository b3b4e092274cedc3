// SQL of feature-request search: FTS5 matches ranked by bm25 (title weighted 3 to 1) with the columns a result shows,
// and the votes of a page of results in one query.
import { stmt, type Db } from '../../db/database.ts';
import type { FeatureRequestRow } from './repository.ts';

/** What a search result shows of a request, read with the match (no second read of the rows). */
export type FeatureRequestMatch = Pick<FeatureRequestRow, 'id' | 'scoped_id' | 'title' | 'status' | 'created_at'>;

/**
 * The project's requests matching an FTS5 expression, best first: the most recent `ranked` matches, each scored by
 * bm25 as FTS5 reads them (newest first, at no extra cost), then sorted; ties go to the newer request.
 */
export function matchFeatureRequests(
  db: Db,
  projectId: number,
  match: string,
  limit: number,
  ranked: number,
): FeatureRequestMatch[] {
  return stmt(
    db,
    `SELECT id, scoped_id, title, status, created_at FROM (
      SELECT fr.id, fr.scoped_id, fr.title, fr.status, fr.created_at, bm25(feature_requests_fts, 3.0, 1.0) AS score
      FROM feature_requests_fts JOIN feature_requests fr ON fr.id = feature_requests_fts.rowid
      WHERE feature_requests_fts MATCH ? AND fr.project_id = ? ORDER BY feature_requests_fts.rowid DESC LIMIT ?
    ) ORDER BY score, id DESC LIMIT ?`,
  ).all(match, projectId, ranked, limit) as FeatureRequestMatch[];
}

/** Votes of each of these requests (0 for none), in one query. */
export function countVotesOf(db: Db, ids: readonly number[]): Map<number, number> {
  const votes = new Map<number, number>(ids.map((id) => [id, 0]));
  const rows = stmt(
    db,
    `SELECT feature_request_id AS id, count(*) AS votes FROM feature_request_votes
    WHERE feature_request_id IN (SELECT value FROM json_each(?)) GROUP BY feature_request_id`,
  ).all(JSON.stringify(ids)) as Array<{ id: number; votes: number }>;
  for (const row of rows) votes.set(row.id, row.votes);
  return votes;
}

/** Whether the user voted for any of these requests. */
export function votedForAny(db: Db, ids: readonly number[], userId: number): boolean {
  return (
    stmt(
      db,
      `SELECT 1 FROM feature_request_votes
      WHERE user_id = ? AND feature_request_id IN (SELECT value FROM json_each(?)) LIMIT 1`,
    ).get(userId, JSON.stringify(ids)) !== undefined
  );
}
