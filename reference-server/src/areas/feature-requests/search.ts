// Feature request search (GET and POST): FTS5 with the typo-tolerant tiers of search/query.ts
// (the last word a prefix), only publicly visible active requests, `skip_ids`, `partial` (a pool
// of 200 instead of 500; its cap of 4 is for HTML autocomplete only, docs/api/submissions.md, so the
// JSON page is not capped), and `scoped_id` to answer one request instead.
import type { z } from 'zod';
import type {
  FeatureRequestSearchParams,
  FeatureRequestSearchResponse,
} from '../../../../widget/src/protocol/feature-requests.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, unprocessable } from '../../errors.ts';
import { countVotesOf, type FeatureRequestMatch, matchFeatureRequests, votedForAny } from './search-repository.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { provenUser, type Caller } from '../projects-auth/caller.ts';
import { featureRequestUrl, isPublicStatus, toFeatureRequest } from './render.ts';
import { featureRequestVocabulary } from './vocabulary.ts';
import { findVisibleFeatureRequest, PAGE_SIZE } from './service.ts';
import { buildSearchQuery } from '../search/query.ts';

const POOL = 500;
const PARTIAL_POOL = 200;
/** Matches ranked, the most recent ones, per candidate of the pool (as issue search does, search/issue-search.ts). */
const RANKED_PER_CANDIDATE = 4;

/** `skip_ids=3,fr-4` → scoped ids {3, 4}; anything else in the list is a 422. */
export function parseSkipIds(value: string | Array<string | number> | undefined): Set<number> {
  const items = value === undefined ? [] : Array.isArray(value) ? value.map(String) : value.split(',');
  const ids = new Set<number>();
  for (const item of items.map((s) => s.trim()).filter(Boolean)) {
    const match = /^(?:fr-)?(\d+)$/.exec(item);
    if (!match) throw unprocessable(`skip_ids: ${JSON.stringify(item)} is not a feature request id (use 12 or fr-12).`);
    ids.add(Number(match[1]));
  }
  return ids;
}

/** Candidates, best first: the first tier of the plan that matches anything wins. */
function candidates(deps: Pick<Deps, 'db'>, project: ProjectRow, query: string, pool: number): FeatureRequestMatch[] {
  const plan = buildSearchQuery(query, featureRequestVocabulary(deps.db));
  for (const tier of plan.tiers) {
    const found = matchFeatureRequests(deps.db, project.id, tier, pool, pool * RANKED_PER_CANDIDATE);
    if (found.length > 0) return found;
  }
  return [];
}

export function searchFeatureRequests(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  params: z.infer<typeof FeatureRequestSearchParams>,
): z.infer<typeof FeatureRequestSearchResponse> {
  if (params.scoped_id !== undefined) {
    return toFeatureRequest(
      deps,
      caller,
      project,
      findVisibleFeatureRequest(deps, caller, project, String(params.scoped_id).trim()),
    );
  }
  const query = params.query?.trim();
  if (!query) throw badRequest('query is required.');
  const partial = params.partial ?? false;
  const skip = parseSkipIds(params.skip_ids);
  const sort = params.sort ?? 'relevance';

  let rows = candidates(deps, project, query, partial ? PARTIAL_POOL : POOL).filter(
    (row) => isPublicStatus(row.status) && !skip.has(row.scoped_id),
  );
  const ids = rows.map((row) => row.id);
  const votes = countVotesOf(deps.db, ids);
  if (sort === 'new') rows = [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  if (sort === 'top') rows = [...rows].sort((a, b) => votes.get(b.id)! - votes.get(a.id)! || b.id - a.id);

  const perPage = PAGE_SIZE;
  const page = params.page ?? 1;
  const shown = rows.slice((page - 1) * perPage, page * perPage);
  const voterId = provenUser(caller)?.id;
  return {
    feature_requests: shown.map((row) => ({
      id: row.scoped_id,
      scoped_id: row.scoped_id,
      title: row.title,
      status: row.status,
      created_at: row.created_at,
      url: featureRequestUrl(deps, project, row),
      votes: votes.get(row.id)!,
    })),
    pagination: {
      current_page: page,
      per_page: perPage,
      total_pages: Math.ceil(rows.length / perPage),
      total_count: rows.length,
    },
    sort,
    project_id: project.public_id,
    votes: rows.reduce((sum, row) => sum + votes.get(row.id)!, 0),
    voted: voterId !== undefined && votedForAny(deps.db, ids, voterId),
  };
}
