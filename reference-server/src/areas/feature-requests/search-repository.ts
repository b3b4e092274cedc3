// SQL of feature-request search: FTS5 matches ranked by bm25 (title weighted 3 to 1) with the columns a result shows,
// the votes of a page of results in one query, and the index's vocabulary with its change log (migration 036).
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

const vocabularyReady = new WeakSet<Db>();

/**
 * Every term of the feature request index with the number of requests holding it. The fts5vocab table is a TEMP one
 * made per connection, so it never appears in the schema (nor in /__admin/reset, which empties virtual tables).
 */
export function featureRequestIndexTerms(db: Db): Array<{ term: string; doc: number }> {
  if (!vocabularyReady.has(db)) {
    db.exec(
      'CREATE VIRTUAL TABLE IF NOT EXISTS temp.feature_requests_vocab USING fts5vocab(main, ' +
        "'feature_requests_fts', 'row')",
    );
    vocabularyReady.add(db);
  }
  return stmt(db, 'SELECT term, doc FROM temp.feature_requests_vocab').all() as Array<{ term: string; doc: number }>;
}

export function countFeatureRequests(db: Db): number {
  return stmt(db, 'SELECT count(*) FROM feature_requests').pluck().get() as number;
}

/** The first and last entries of the change log (migration 036). */
export function vocabularyLogBounds(db: Db): { first: number | null; last: number | null } {
  // Two subqueries: SQLite reads min() or max() alone from the end of the key, but both at once by a full scan.
  return stmt(
    db,
    'SELECT (SELECT min(seq) FROM feature_request_vocab_log) AS first, ' +
      '(SELECT max(seq) FROM feature_request_vocab_log) AS last',
  ).get() as { first: number | null; last: number | null };
}

/** The requests created (`added` 1) or edited after `seq`, with their text now, in log order. */
export function vocabularyLogSince(
  db: Db,
  seq: number,
): Array<{ seq: number; added: number; title: string | null; description: string | null }> {
  return stmt(
    db,
    `SELECT l.seq, l.added, fr.title, fr.description FROM feature_request_vocab_log l
    LEFT JOIN feature_requests fr ON fr.id = l.feature_request_id WHERE l.seq > ? ORDER BY l.seq`,
  ).all(seq) as Array<{ seq: number; added: number; title: string | null; description: string | null }>;
}
