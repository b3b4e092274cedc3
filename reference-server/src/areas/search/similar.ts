// find_similar (docs/api/search.md#find_similar-and-the-embedder): issues of the project ranked by the
// cosine of their local embeddings. Developer-level access through a personal access token only; raw issues never
// appear; archived ones only with include_archived.
import type { FindSimilarFullResponse } from '../../../../widget/src/protocol/issues.ts';
import type { FindSimilarQuery, SimilarIssue } from '../../../../widget/src/protocol/search.ts';
import type { Deps } from '../../deps.ts';
import { forbidden, notFound } from '../../errors.ts';
import { findEmbedding, similarRows } from './embeddings-repository.ts';
import { findIssueByGlobalId, findIssueByPathId, type IssueRow } from '../issues/repository.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { isDeveloperLevel } from '../projects-auth/access.ts';
import type { Caller } from '../projects-auth/caller.ts';
import { createRenderContext, renderIssue } from '../issues/render.ts';
import { embedIssue, embedText, fromBlob } from './embedding.ts';
import { catchUpEmbeddings, rankByVector } from './similar-index.ts';

export function assertMayFindSimilar(deps: Deps, caller: Caller, project: ProjectRow): void {
  if (caller.scheme !== 'personal_access_token' || !isDeveloperLevel(deps, caller, project)) {
    throw forbidden('Finding similar issues needs a personal access token with developer access to this project.');
  }
}

/** The issue's stored vector, or one computed now (for a description override or a raw issue). */
function vectorOf(deps: Deps, issue: IssueRow, description: string | undefined): Float32Array {
  if (description === undefined && issue.raw === 0) {
    catchUpEmbeddings(deps.db, deps.clock);
    const stored = findEmbedding(deps.db, issue.id);
    if (stored) return fromBlob(stored.vector);
  }
  // An override is the text to compare: the title joins it once, not twice as when stored.
  return description === undefined
    ? embedIssue(issue.title, issue.description)
    : embedText(`${issue.title}\n${description}`);
}

/**
 * The `limit` closest issues of the project with their scores, re-checked against the table
 * (a cached matrix may lag another process by one write). `accept` filters further.
 */
export function similarTo(
  deps: Deps,
  project: ProjectRow,
  issue: IssueRow,
  vector: Float32Array,
  options: {
    limit: number;
    includeArchived: boolean;
    pool?: number;
    accept?: (row: { id: number; status: string; created_at: string }) => boolean;
  },
): Array<SimilarIssue & { duplicate_of_issue_id: number | null }> {
  const ranked = rankByVector(deps.db, deps.clock, project.id, vector, {
    count: options.pool ?? options.limit * 2 + 10,
    exclude: new Set([issue.id]),
    includeArchived: options.includeArchived,
  });
  const rows = similarRows(
    deps.db,
    ranked.map((r) => r.issueId),
  );
  const result: Array<SimilarIssue & { duplicate_of_issue_id: number | null }> = [];
  for (const { issueId, score } of ranked) {
    const row = rows.get(issueId);
    if (!row || row.project_id !== project.id || row.raw !== 0 || (!options.includeArchived && row.archived)) continue;
    if (options.accept && !options.accept(row)) continue;
    result.push({
      id: row.id,
      scoped_id: row.scoped_id,
      title: row.title,
      status: row.status,
      priority: row.priority,
      created_at: row.created_at,
      similarity_score: Math.round(Math.max(0, Math.min(1, score)) * 10_000) / 10_000,
      duplicate_of_issue_id: row.duplicate_of_issue_id,
    });
    if (result.length === options.limit) break;
  }
  return result;
}

/**
 * Each similar issue is the full Issue without its media arrays, plus `similarity_score`: a superset of
 * the seven fields of a find_similar item, and the shape the official API client reads
 * (docs/clients.md#where-we-answer-more-than-the-api-shows).
 */
export function findSimilar(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  pathId: string,
  input: FindSimilarQuery,
): FindSimilarFullResponse {
  assertMayFindSimilar(deps, caller, project);
  const issue = findIssueByPathId(deps.db, project.id, pathId);
  if (!issue) throw notFound('Issue not found.');
  const vector = vectorOf(deps, issue, input.description);
  const similar = similarTo(deps, project, issue, vector, {
    limit: input.limit,
    includeArchived: input.include_archived,
  });
  const context = createRenderContext(deps, project);
  return {
    issues: similar.flatMap(({ id, similarity_score }) => {
      const row = findIssueByGlobalId(deps.db, id);
      return row
        ? [{ ...renderIssue(deps, caller, project, row, { skipAttachments: true }, context), similarity_score }]
        : [];
    }),
  };
}
