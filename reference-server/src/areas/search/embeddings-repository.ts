// Stored issue embeddings (one Float32 BLOB per non-raw issue), the queue of issues whose
// vector is out of date (filled by triggers), and each project's embedding generation.
import { stmt, type Db } from '../../db/database.ts';

export interface QueuedIssue {
  issue_id: number;
  /** null when the issue no longer exists. */
  project_id: number | null;
  title: string | null;
  description: string | null;
  raw: number | null;
  archived: number | null;
  /** Project of the stored vector, if any (differs from project_id after a move). */
  stored_project_id: number | null;
}

const QUEUED = `SELECT q.issue_id, i.project_id, i.title, i.description, i.raw, i.archived,
    e.project_id AS stored_project_id
  FROM embedding_queue q LEFT JOIN issues i ON i.id = q.issue_id
    LEFT JOIN issue_embeddings e ON e.issue_id = q.issue_id`;

export function queuedIssues(db: Db, limit: number): QueuedIssue[] {
  return stmt(db, `${QUEUED} ORDER BY q.issue_id LIMIT ?`).all(limit) as QueuedIssue[];
}

/** Those of `issueIds` still queued, as they stand now. */
export function queuedIssuesIn(db: Db, issueIds: number[]): QueuedIssue[] {
  return stmt(db, `${QUEUED} WHERE q.issue_id IN (SELECT value FROM json_each(?)) ORDER BY q.issue_id`).all(
    JSON.stringify(issueIds),
  ) as QueuedIssue[];
}

export function dequeueIssue(db: Db, issueId: number): void {
  stmt(db, 'DELETE FROM embedding_queue WHERE issue_id = ?').run(issueId);
}

export function saveEmbedding(
  db: Db,
  row: { issue_id: number; project_id: number; archived: number; vector: Buffer; updated_at: string },
): void {
  stmt(
    db,
    `INSERT INTO issue_embeddings (issue_id, project_id, archived, vector, updated_at) VALUES (@issue_id, ` +
      `@project_id, @archived, @vector, @updated_at)
    ON CONFLICT (issue_id) DO UPDATE SET project_id = excluded.project_id, archived = excluded.archived, vector = ` +
      `excluded.vector, updated_at = excluded.updated_at`,
  ).run(row);
}

export function deleteEmbedding(db: Db, issueId: number): void {
  stmt(db, 'DELETE FROM issue_embeddings WHERE issue_id = ?').run(issueId);
}

export function findEmbedding(
  db: Db,
  issueId: number,
): { project_id: number; archived: number; vector: Buffer } | undefined {
  return stmt(db, 'SELECT project_id, archived, vector FROM issue_embeddings WHERE issue_id = ?').get(issueId) as
    | { project_id: number; archived: number; vector: Buffer }
    | undefined;
}

export function projectEmbeddings(
  db: Db,
  projectId: number,
): Iterable<{ issue_id: number; archived: number; vector: Buffer }> {
  return stmt(
    db,
    'SELECT issue_id, archived, vector FROM issue_embeddings WHERE project_id = ? ORDER BY issue_id',
  ).iterate(projectId) as Iterable<{ issue_id: number; archived: number; vector: Buffer }>;
}

export function embeddingsOf(db: Db, issueIds: number[]): Array<{ issue_id: number; vector: Buffer }> {
  return stmt(
    db,
    'SELECT issue_id, vector FROM issue_embeddings WHERE issue_id IN (SELECT value FROM json_each(?))',
  ).all(JSON.stringify(issueIds)) as Array<{ issue_id: number; vector: Buffer }>;
}

export function embeddingGeneration(db: Db, projectId: number): number {
  return (
    (stmt(db, 'SELECT generation FROM embedding_generations WHERE project_id = ?').pluck().get(projectId) as
      | number
      | undefined) ?? 0
  );
}

/** Bumps the project's generation; answers the new one. */
export function bumpEmbeddingGeneration(db: Db, projectId: number): number {
  return stmt(
    db,
    `INSERT INTO embedding_generations (project_id, generation) VALUES (?, 1)
    ON CONFLICT (project_id) DO UPDATE SET generation = generation + 1 RETURNING generation`,
  )
    .pluck()
    .get(projectId) as number;
}

/** Candidate rows of a similarity ranking: what the answer shows and what is re-checked. */
export interface SimilarRow {
  id: number;
  project_id: number;
  scoped_id: number;
  title: string;
  status: string;
  priority: string;
  created_at: string;
  raw: number;
  archived: number;
  duplicate_of_issue_id: number | null;
}

export function similarRows(db: Db, ids: number[]): Map<number, SimilarRow> {
  const rows = stmt(
    db,
    `SELECT id, project_id, scoped_id, title, status, priority, created_at, raw, archived, duplicate_of_issue_id
    FROM issues WHERE id IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(ids)) as SimilarRow[];
  return new Map(rows.map((row) => [row.id, row]));
}
