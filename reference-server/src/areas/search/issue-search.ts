// Issue search (docs/api/search.md#how-search-works): who may search, the scoped_id lookup, candidates
// from the FTS5 tiers of query.ts, visibility filtered after the candidate fetch (so
// total_count counts what the caller may see), optional column sort, 25 per page.
import { SEARCH_PAGE_SIZE, type SearchIssuesQuery } from '../../../../widget/src/protocol/search.ts';
import type { Issue } from '../../../../widget/src/protocol/issues.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, forbidden, notFound, unprocessable } from '../../errors.ts';
import { findIssueByPathId } from '../issues/repository.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { type CandidateFacts, issueColumns, issuesByIds, matchIssues, orderIssueIds } from './repository.ts';
import { FLAG_REFUSALS, standingOf, tokenHasFlag } from '../projects-auth/access.ts';
import type { Caller } from '../projects-auth/caller.ts';
import { createRenderContext, renderIssue } from '../issues/render.ts';
import { canSeeIssue, viewerOf } from '../issues/visibility.ts';
import { issueVocabulary } from './issue-vocabulary.ts';
import { buildSearchQuery } from './query.ts';
import { issueRank } from './issue-rank.ts';
import { phrasesOf, type RankIndex } from './rank-index.ts';
import { countPrefixDocuments, matchingIssueIds } from './rank-repository.ts';
import type { Db } from '../../db/database.ts';
import { KNOWN_ERROR_SENTENCES } from '../../known-error-sentences.ts';

export const CANDIDATE_POOL = 500;
export const PARTIAL_CANDIDATE_POOL = 200;
/**
 * Matches ranked per tier (the most recent ones), per candidate of the pool: 2,000 for a full search, 400 for a
 * partial one (the widget's type-ahead, answered on every pause of a player's typing), and half that for the any-word
 * tier, a fallback for a short list. On the search bench's 100,000 issues the type-ahead's hits at 3 were the same
 * ranking 2,000, 800, 400 or 200 rows a tier (docs/api/search.md#how-search-works).
 */
const RANKED_PER_CANDIDATE = 4;
const PARTIAL_RANKED_PER_CANDIDATE = 2;

export interface SearchResult {
  issues: Issue[];
  pagination: { current_page: number; per_page: number; total_pages: number; total_count: number };
  project_id: number;
}

/**
 * Who may search (our choice, docs/api/search.md#how-search-works): a project token needs `can_list_issues`; a
 * signed-in user needs to be a member of the project (any role) or an organization or site
 * admin. Anonymous callers and bare draft JWTs may not.
 */
export function assertMaySearch(deps: Deps, caller: Caller, project: ProjectRow): void {
  if (caller.token) {
    if (caller.token.project_id !== project.id) throw forbidden(KNOWN_ERROR_SENTENCES.tokenOfAnotherProject);
    if (!tokenHasFlag(caller, 'can_list_issues')) throw forbidden(FLAG_REFUSALS.can_list_issues);
    return;
  }
  const standing = standingOf(deps, caller, project);
  if (standing.member || standing.orgAdmin || standing.siteAdmin) return;
  throw forbidden('Searching issues needs a project token with can_list_issues or membership of the project.');
}

/** `12,g-40, 7` or an array → raw issue ids; anything else is a 422. */
export function parseSkipIds(value: SearchIssuesQuery['skip_ids']): number[] {
  const parts = (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap((v) => v.split(','));
  const ids: number[] = [];
  for (const raw of parts) {
    const part = raw.trim();
    if (part === '') continue;
    const match = /^(?:g-)?(\d{1,15})$/.exec(part);
    if (!match) throw unprocessable(`skip_ids: ${JSON.stringify(part)} is not an issue id.`);
    ids.push(Number(match[1]));
  }
  if (ids.length > 1000) throw unprocessable('skip_ids: at most 1000 ids.');
  return ids;
}

/**
 * Candidate ids, best first: the tiers of buildSearchQuery in turn, each adding what it finds
 * new, until one page is filled (a later tier is only for a short list) or the pool is full.
 */
export function searchCandidates(
  deps: Deps,
  projectId: number,
  text: string,
  pool: number,
  skip: number[],
): CandidateFacts[] {
  // issueVocabulary catches the index up first: the tiers read a complete index.
  const plan = buildSearchQuery(text, issueVocabulary(deps.db), { exactVocabulary: true });
  // Then the ranking index follows the caught-up index; while it loads, FTS5's bm25 ranks (the same scores).
  const rank = issueRank(deps.db);
  const found: CandidateFacts[] = [];
  const seen = new Set<number>(skip);
  for (const match of plan.tiers) {
    if (found.length >= SEARCH_PAGE_SIZE) break;
    const perCandidate = pool === PARTIAL_CANDIDATE_POOL ? PARTIAL_RANKED_PER_CANDIDATE : RANKED_PER_CANDIDATE;
    const ranked = (pool * perCandidate) / (match === plan.anyWord ? 2 : 1);
    const tier = rank
      ? rankMatches(deps.db, rank, projectId, match, pool - found.length, seen, ranked)
      : matchIssues(deps.db, projectId, match, pool - found.length, [...seen], ranked);
    for (const candidate of tier) {
      seen.add(candidate.id);
      found.push(candidate);
    }
  }
  return found;
}

/**
 * matchIssues with our own bm25 (rank-index.ts): FTS5 only finds the matches, newest first, in batches; the ranking
 * index keeps the project's first `ranked` of them, scores and sorts them as matchIssues does (score, then id), and
 * gives what visibility reads of each.
 */
function rankMatches(
  db: Db,
  rank: RankIndex,
  projectId: number,
  match: string,
  limit: number,
  skip: ReadonlySet<number>,
  ranked: number,
): CandidateFacts[] {
  const ids: number[] = [];
  let seen = 0;
  let below: number | undefined;
  while (seen < ranked) {
    const batch = matchingIssueIds(db, match, ranked, below);
    for (let i = 0; i < batch.length && seen < ranked; i += 1) {
      if (rank.projectOf(batch[i]) !== projectId) continue;
      if (!skip.has(batch[i])) ids.push(batch[i]);
      seen += 1;
    }
    if (batch.length < ranked) break;
    below = batch[batch.length - 1];
  }
  const scores = rank.score(ids, phrasesOf(match), (prefix) => countPrefixDocuments(db, prefix));
  const order = ids.map((_, i) => i).sort((a, b) => scores[a] - scores[b] || ids[a] - ids[b]);
  return order
    .slice(0, limit)
    .map((i) => rank.factsOf(ids[i]))
    .filter((facts): facts is CandidateFacts => facts !== undefined);
}

function lookupScopedId(deps: Deps, caller: Caller, project: ProjectRow, scopedId: string): Issue {
  const issue = findIssueByPathId(deps.db, project.id, scopedId.trim());
  if (!issue || !canSeeIssue(deps, caller, project, issue))
    throw notFound(`No issue with scoped id ${scopedId} in this project.`);
  return renderIssue(deps, caller, project, issue);
}

export function searchIssues(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  input: SearchIssuesQuery,
): SearchResult | Issue {
  assertMaySearch(deps, caller, project);
  if (input.scoped_id !== undefined) return lookupScopedId(deps, caller, project, input.scoped_id);
  const text = input.query?.trim();
  if (!text) throw badRequest('Missing required parameter: query.');
  const skip = parseSkipIds(input.skip_ids);
  const pool = input.partial ? PARTIAL_CANDIDATE_POOL : CANDIDATE_POOL;
  const candidates = searchCandidates(deps, project.id, text, pool, skip);

  const sort =
    input.sort === undefined
      ? undefined
      : {
          column: issueColumns(deps.db).has(input.sort) ? input.sort : 'id',
          direction: input.direction?.toLowerCase() === 'desc' ? ('desc' as const) : ('asc' as const),
        };
  // The candidate fetch read what visibility needs with each id: only the page's rows are loaded, to render them.
  const team = viewerOf(deps, caller, project).team;
  const ids = candidates.filter((c) => team || canSeeIssue(deps, caller, project, c)).map((c) => c.id);
  const visible = sort ? orderIssueIds(deps.db, ids, sort) : ids;

  const page = input.page ?? 1;
  const rows = issuesByIds(deps.db, visible.slice((page - 1) * SEARCH_PAGE_SIZE, page * SEARCH_PAGE_SIZE));
  const context = createRenderContext(deps, project, rows);
  return {
    issues: rows.map((row) => renderIssue(deps, caller, project, row, {}, context)),
    pagination: {
      current_page: page,
      per_page: SEARCH_PAGE_SIZE,
      total_pages: Math.ceil(visible.length / SEARCH_PAGE_SIZE),
      total_count: visible.length,
    },
    project_id: project.id,
  };
}
