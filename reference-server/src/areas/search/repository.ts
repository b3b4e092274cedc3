// SQL of issue search: FTS5 matches ranked by bm25 (title weighted above description) with what visibility needs of
// each, the index's vocabulary and change log, the issue columns `sort` may name, and rows by id.
import { allRows, stmt, type Db } from '../../db/database.ts';
import type { IssueRow } from '../issues/repository.ts';

/** bm25 column weights: a word in the title counts ten times one in the description. */
export const TITLE_WEIGHT = 10;
export const DESCRIPTION_WEIGHT = 1;

/** What visibility needs of a candidate (issues/visibility.ts), read by the same lookup that checks its project. */
export interface CandidateFacts {
  id: number;
  status: string;
  raw: number;
  reporter_user_id: number | null;
}

/**
 * The project's issues matching an FTS5 expression, best first, minus `skip`: one pass over the most recent `ranked`
 * matches, each scored by bm25 and its row's visibility columns read by the lookup that checks its project; then sorted.
 * bm25 costs a few microseconds per row, so a broad expression is ranked over its most recent matches only (FTS5 reads
 * its index newest first at no extra cost).
 */
export function matchIssues(
  db: Db,
  projectId: number,
  match: string,
  limit: number,
  skip: number[],
  ranked: number,
): CandidateFacts[] {
  return stmt(
    db,
    `SELECT id, status, raw, reporter_user_id FROM (
      SELECT i.id, i.status, i.raw, i.reporter_user_id, bm25(issues_fts, ${TITLE_WEIGHT}, ${DESCRIPTION_WEIGHT}) AS score
      FROM issues_fts JOIN issues i ON i.id = issues_fts.rowid
      WHERE issues_fts MATCH ? AND i.project_id = ? ORDER BY issues_fts.rowid DESC LIMIT ?
    ) WHERE id NOT IN (SELECT value FROM json_each(?)) ORDER BY score, id LIMIT ?`,
  ).all(match, projectId, ranked, JSON.stringify(skip), limit) as CandidateFacts[];
}

const vocabularyReady = new WeakSet<Db>();

/** Every term of the issue index with the number of issues holding it (fts5vocab, per connection). */
export function issueIndexTerms(db: Db): Array<{ term: string; doc: number }> {
  if (!vocabularyReady.has(db)) {
    db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.issues_index_terms USING fts5vocab(main, 'issues_fts', 'row')");
    vocabularyReady.add(db);
  }
  return stmt(db, 'SELECT term, doc FROM temp.issues_index_terms').all() as Array<{ term: string; doc: number }>;
}

export function countIndexedIssues(db: Db): number {
  return stmt(db, 'SELECT count(*) FROM issues WHERE raw = 0').pluck().get() as number;
}

export function vocabularyLogBounds(db: Db): { first: number | null; last: number | null } {
  // Two subqueries: SQLite reads min() or max() alone from the end of the key, but both at once by a full scan.
  return stmt(
    db,
    'SELECT (SELECT min(seq) FROM search_vocab_log) AS first, (SELECT max(seq) FROM search_vocab_log) AS last',
  ).get() as {
    first: number | null;
    last: number | null;
  };
}

/** Texts of the issues indexed after `seq`, in log order. */
export function vocabularyLogSince(
  db: Db,
  seq: number,
  limit: number,
): Array<{ seq: number; title: string | null; description: string | null }> {
  return stmt(
    db,
    `SELECT l.seq, i.title, i.description FROM search_vocab_log l LEFT JOIN issues i ON i.id = l.issue_id AND i.raw = 0
    WHERE l.seq > ? ORDER BY l.seq LIMIT ?`,
  ).all(seq, limit) as Array<{ seq: number; title: string | null; description: string | null }>;
}

export function trimVocabularyLog(db: Db, upTo: number): void {
  stmt(db, 'DELETE FROM search_vocab_log WHERE seq <= ?').run(upTo);
}

/** How many issues wait in the index queue, counted up to `limit`. */
export function countQueuedForIndex(db: Db, limit: number): number {
  return stmt(db, 'SELECT count(*) FROM (SELECT 1 FROM search_index_queue LIMIT ?)').pluck().get(limit) as number;
}

/** Issues whose text waits to enter the index (the insert trigger queues them), oldest first. */
export function queuedForIndex(db: Db, limit: number): number[] {
  return stmt(db, 'SELECT issue_id FROM search_index_queue ORDER BY issue_id LIMIT ?').pluck().all(limit) as number[];
}

/**
 * Indexes the current text of those of `issueIds` still queued (another connection may have indexed some since they
 * were read) and dequeues them; raw and deleted issues are only dequeued. Run inside a write transaction.
 */
export function indexQueuedIssues(db: Db, issueIds: number[]): void {
  const ids = JSON.stringify(issueIds);
  stmt(
    db,
    `INSERT INTO issues_fts (rowid, title, description)
    SELECT i.id, i.title, i.description FROM search_index_queue q JOIN issues i ON i.id = q.issue_id
    WHERE q.issue_id IN (SELECT value FROM json_each(?)) AND i.raw = 0`,
  ).run(ids);
  stmt(db, 'DELETE FROM search_index_queue WHERE issue_id IN (SELECT value FROM json_each(?))').run(ids);
}

/**
 * One step of FTS5's incremental merge of the index's segments (at most `pages` leaf pages written; a level merges
 * once it holds 4 segments); answers the rows it changed, under 2 when there was nothing left to merge.
 */
export function mergeIndexStep(db: Db, pages: number): number {
  const before = stmt(db, 'SELECT total_changes()').pluck().get() as number;
  stmt(db, "INSERT INTO issues_fts (issues_fts, rank) VALUES ('merge', ?)").run(pages);
  return (stmt(db, 'SELECT total_changes()').pluck().get() as number) - before;
}

/** Empties the index after /__admin/reset (the content table is already empty). */
export function clearIssueIndex(db: Db): void {
  db.exec("INSERT INTO issues_fts (issues_fts) VALUES ('delete-all')");
}

const columnCache = new WeakMap<Db, Set<string>>();

/** The columns of the issues table (read once per connection, after migrations). */
export function issueColumns(db: Db): Set<string> {
  let columns = columnCache.get(db);
  if (!columns) {
    columns = new Set((db.prepare('PRAGMA table_info(issues)').all() as Array<{ name: string }>).map((c) => c.name));
    columnCache.set(db, columns);
  }
  return columns;
}

export interface IssueSort {
  column: string;
  direction: 'asc' | 'desc';
}

/** ORDER BY of a sort, its column checked against issueColumns (it is spliced into the SQL). */
function orderBy(db: Db, sort: IssueSort): string {
  if (!issueColumns(db).has(sort.column)) throw new Error(`not an issue column: ${sort.column}`);
  const direction = sort.direction === 'desc' ? 'DESC' : 'ASC';
  return `ORDER BY "${sort.column}" ${direction}, id ${direction}`;
}

/** These ids sorted by a column, ties broken by id. */
export function orderIssueIds(db: Db, ids: number[], sort: IssueSort): number[] {
  return stmt(db, `SELECT id FROM issues WHERE id IN (SELECT value FROM json_each(?)) ${orderBy(db, sort)}`)
    .pluck()
    .all(JSON.stringify(ids)) as number[];
}

/** The rows of these ids, in the given order. */
export function issuesByIds(db: Db, ids: number[]): IssueRow[] {
  if (ids.length === 0) return [];
  const rows = allRows<IssueRow>(
    db,
    'SELECT * FROM issues WHERE id IN (SELECT value FROM json_each(?))',
    JSON.stringify(ids),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is IssueRow => row !== undefined);
}
