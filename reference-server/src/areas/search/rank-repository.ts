// SQL of ranking in our own code (issue-rank.ts): the matches of an FTS5 expression without bm25, newest first, the
// documents of a prefix, the indexed issues in id order, and the log of issues whose indexed text or facts changed.
import { stmt, type Db } from '../../db/database.ts';

/**
 * Up to `limit` issues matching an FTS5 expression, newest first (FTS5 reads its index newest first at no extra cost),
 * below `below` when given (the next batch); no bm25, and no lookup in the issues table.
 */
export function matchingIssueIds(db: Db, match: string, limit: number, below?: number): number[] {
  if (below === undefined)
    return stmt(db, 'SELECT rowid FROM issues_fts WHERE issues_fts MATCH ? ORDER BY rowid DESC LIMIT ?')
      .pluck()
      .all(match, limit) as number[];
  return stmt(db, 'SELECT rowid FROM issues_fts WHERE issues_fts MATCH ? AND rowid < ? ORDER BY rowid DESC LIMIT ?')
    .pluck()
    .all(match, below, limit) as number[];
}

/** What the index holds of an issue: its text, and what the search checks (project) and visibility reads. */
export interface RankedIssue {
  id: number;
  project_id: number;
  status: string;
  reporter_user_id: number | null;
  title: string | null;
  description: string | null;
}

/** Issues of the index holding a term that begins with `prefix` (all projects, as bm25 counts them). */
export function countPrefixDocuments(db: Db, prefix: string): number {
  return stmt(db, 'SELECT count(*) FROM issues_fts WHERE issues_fts MATCH ?')
    .pluck()
    .get(`"${prefix.replaceAll('"', '""')}"*`) as number;
}

/** Issues the index holds (not raw, not queued: migration 041's invariant), by id after `afterId`. */
export function indexedIssuesAfter(db: Db, afterId: number, limit: number): RankedIssue[] {
  return stmt(
    db,
    `SELECT id, project_id, status, reporter_user_id, title, description FROM issues WHERE id > ? AND raw = 0
    AND NOT EXISTS (SELECT 1 FROM search_index_queue q WHERE q.issue_id = issues.id) ORDER BY id LIMIT ?`,
  ).all(afterId, limit) as RankedIssue[];
}

export function rankLogBounds(db: Db): { first: number | null; last: number | null } {
  // Two subqueries: SQLite reads min() or max() alone from the end of the key, but both at once by a full scan.
  return stmt(
    db,
    'SELECT (SELECT min(seq) FROM search_rank_log) AS first, (SELECT max(seq) FROM search_rank_log) AS last',
  ).get() as { first: number | null; last: number | null };
}

/** Where the log ends now, even when it is empty (AUTOINCREMENT keeps the largest sequence number ever used). */
export function rankLogPosition(db: Db): number {
  return stmt(db, "SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'search_rank_log'), 0)")
    .pluck()
    .get() as number;
}

export interface RankLogEntry extends RankedIssue {
  seq: number;
  /** 1 when the index holds the issue now (its text is then given), 0 when it left or has not entered it. */
  indexed: number;
}

/** Issues logged after `seq`, each with whether the index holds it now and its current text. */
export function rankLogSince(db: Db, seq: number, limit: number): RankLogEntry[] {
  return stmt(
    db,
    `SELECT l.seq, l.issue_id AS id, i.id IS NOT NULL AS indexed, i.project_id, i.status, i.reporter_user_id,
      i.title, i.description
    FROM search_rank_log l
    LEFT JOIN issues i ON i.id = l.issue_id AND i.raw = 0
      AND NOT EXISTS (SELECT 1 FROM search_index_queue q WHERE q.issue_id = l.issue_id)
    WHERE l.seq > ? ORDER BY l.seq LIMIT ?`,
  ).all(seq, limit) as RankLogEntry[];
}

/** Keeps the last `tail` entries of the log (the job thread's sweep): a reader further behind loads afresh. */
export function trimRankLog(db: Db, tail: number): number {
  return stmt(db, 'DELETE FROM search_rank_log WHERE seq <= (SELECT max(seq) FROM search_rank_log) - ?').run(tail)
    .changes;
}
