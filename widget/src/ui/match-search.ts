// "Already reported?": what the player typed turned into a search query, the project's issue or
// feature-request search asked through the public API, and its top matches kept as the API returned
// them. Only titles, statuses and votes are read; nothing is stored (docs/widget.md#already-reported).
import type { Issue } from '../protocol/issues.ts';
import type { otherPaths } from '../protocol/other-paths.ts';
import type { ReportInput } from '../core/types.ts';
import type { ResolvedOptions } from '../runtime/options.ts';

/** The custom field a "Same problem" report carries; its value is the match's `g-<id>`. */
const MATCH_FIELD = 'glitchbox_same_as';
/** The player-viewable custom field whose value names the release of a fix ("Resolved in 1.2.1"). */
const FIXED_IN_FIELD = 'fixed_in';
const MAX_MATCHES = 3;
const MIN_WORDS = 3;
/** Enough words to find a report by; the rest of a long description only slows the search down. */
const MAX_WORDS = 12;

export type MatchKind = 'bug' | 'suggestion';

export interface Match {
  kind: MatchKind;
  /** `g-<id>`: the form of an issue's or a feature request's id that a merge never reassigns. */
  ref: string;
  title: string;
  /** The status label as the API gave it (`status_display` for issues). */
  status: string;
  /** Feature requests only, where the answer carries it. */
  votes?: number;
  /** A resolved issue: the release of its fix, or '' when none is named. */
  fixedIn?: string;
}

export interface MatchQuery {
  text: string;
  /** The field the query came from, where the matches are shown. */
  from: 'title' | 'description';
}

// Type-only ties to the protocol's path table: the overlay chunk ships these two strings, not the table.
const ISSUE_SEARCH: (typeof otherPaths)['searchIssues']['path'] = '/projects/{project_id}/issues/search';
const REQUEST_SEARCH: (typeof otherPaths)['searchFeatureRequests']['path'] =
  '/projects/{project_id}/feature_requests/search';

const wordsOf = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));

/** The title once it has three words, else the description's first words; null until either does. */
export function toMatchQuery(title: string, description: string): MatchQuery | null {
  const fromTitle = wordsOf(title);
  if (fromTitle.length >= MIN_WORDS) return { text: fromTitle.slice(0, MAX_WORDS).join(' '), from: 'title' };
  const fromDescription = wordsOf(description);
  if (fromDescription.length >= MIN_WORDS)
    return { text: fromDescription.slice(0, MAX_WORDS).join(' '), from: 'description' };
  return null;
}

/** The matches, or 'forbidden' when the token may not search (403): the caller then stops asking. */
export async function searchMatches(
  o: ResolvedOptions,
  kind: MatchKind,
  query: string,
  signal: AbortSignal,
): Promise<Match[] | 'forbidden'> {
  const path = (kind === 'bug' ? ISSUE_SEARCH : REQUEST_SEARCH).replace(
    '{project_id}',
    encodeURIComponent(o.projectId),
  );
  // partial=true: the smaller candidate pool of type-ahead (200 instead of 500); the JSON page is not capped by it.
  const params = new URLSearchParams({ query, partial: 'true' });
  const res = await fetch(`${o.endpoint}${path}.json?${params}`, {
    signal,
    headers: { Accept: 'application/json', Authorization: `FormUser ${o.token}`, 'Service-Project-ID': o.projectId },
  });
  if (res.status === 403) return 'forbidden';
  if (!res.ok) return [];
  const body = (await res.json()) as { issues?: unknown; feature_requests?: unknown };
  const items = kind === 'bug' ? body.issues : body.feature_requests;
  if (!Array.isArray(items)) return [];
  const matches: Match[] = [];
  for (const item of items) {
    const match = kind === 'bug' ? toIssueMatch(item) : toRequestMatch(item);
    if (match && !matches.some((m) => m.ref === match.ref)) matches.push(match);
    if (matches.length === MAX_MATCHES) break;
  }
  return matches;
}

type IssueLike = Partial<Pick<Issue, 'id' | 'title' | 'status' | 'status_display' | 'custom_fields'>> & {
  potential_duplicate?: IssueLike | null;
};

/** A duplicate stands for its canonical issue, which is the one to point at. */
function toIssueMatch(item: IssueLike): Match | null {
  const issue = item.status === 'duplicate' && item.potential_duplicate ? item.potential_duplicate : item;
  if (typeof issue.id !== 'number' || typeof issue.title !== 'string' || typeof issue.status !== 'string') return null;
  const match: Match = {
    kind: 'bug',
    ref: `g-${issue.id}`,
    title: issue.title,
    status: typeof issue.status_display === 'string' ? issue.status_display : issue.status,
  };
  if (issue.status === 'resolved') {
    const field = Array.isArray(issue.custom_fields)
      ? issue.custom_fields.find((f) => f.ident === FIXED_IN_FIELD)
      : null;
    match.fixedIn = typeof field?.value === 'string' ? field.value.trim() : '';
  }
  return match;
}

function toRequestMatch(item: { id?: unknown; title?: unknown; status?: unknown; votes?: unknown }): Match | null {
  if (typeof item.id !== 'number' || typeof item.title !== 'string' || typeof item.status !== 'string') return null;
  const match: Match = { kind: 'suggestion', ref: `g-${item.id}`, title: item.title, status: item.status };
  if (typeof item.votes === 'number') match.votes = item.votes;
  return match;
}

/** The report with the link to the match the player chose, when it is of the report's kind. */
export function withMatchReference(report: ReportInput, chosen: Match | null): ReportInput {
  if (!chosen || chosen.kind !== report.kind) return report;
  return { ...report, customFields: { ...report.customFields, [MATCH_FIELD]: chosen.ref } };
}
