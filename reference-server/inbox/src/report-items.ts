// One list line per report, whatever its kind: the mappers from each API object, the filters the list
// operations cannot apply themselves, and the four sort orders of the list.
import { ISSUE_PRIORITIES } from '../../../widget/src/protocol/statuses.ts';
import { sameAsOf } from './same-problem.ts';
import type { FeatureRequest, Filters, Issue, ReportItem, ReportKind, Sort, Ticket } from './types.ts';

export const reportKey = (kind: ReportKind, scopedId: number) => `${kind}:${scopedId}`;

export const fromIssue = (i: Issue): ReportItem => ({
  key: reportKey('issue', i.scoped_id),
  kind: 'issue',
  pathId: `g-${i.id}`,
  scopedId: i.scoped_id,
  title: i.title,
  status: i.status,
  priority: i.priority,
  createdAt: i.created_at,
  updatedAt: i.updated_at,
  score: Number(i.score),
  raw: i.raw,
  sameAs: sameAsOf(i),
});

export type FeatureRequestLine = Pick<FeatureRequest, 'scoped_id' | 'title' | 'status' | 'created_at'> & {
  updated_at?: string;
};

export const fromFeatureRequest = (f: FeatureRequestLine): ReportItem => ({
  key: reportKey('feature_request', f.scoped_id),
  kind: 'feature_request',
  pathId: String(f.scoped_id),
  scopedId: f.scoped_id,
  title: f.title,
  status: f.status,
  createdAt: f.created_at,
  updatedAt: f.updated_at ?? f.created_at,
});

export const fromTicket = (t: Ticket): ReportItem => ({
  key: reportKey('ticket', t.scoped_id),
  kind: 'ticket',
  pathId: String(t.scoped_id),
  scopedId: t.scoped_id,
  title: t.title,
  status: t.status,
  priority: t.priority,
  createdAt: t.created_at,
  updatedAt: t.updated_at,
});

/** Whether a kind of report can appear at all under these filters. */
export const wantsKind = (f: Filters, kind: ReportKind) =>
  (f.type === 'all' || f.type === kind) &&
  !((f.release || f.tag) && kind !== 'issue') &&
  !(f.priority && kind === 'feature_request') &&
  !(f.archived && kind !== 'issue');

/** The filters the list operations cannot apply (search results, feature requests, tickets). */
export function matchesFilters(item: ReportItem, f: Filters): boolean {
  if (!wantsKind(f, item.kind)) return false;
  if (f.status && item.status !== f.status) return false;
  if (f.priority && item.priority !== f.priority) return false;
  return true;
}

const PRIORITY_RANK = new Map<string, number>(ISSUE_PRIORITIES.map((p, i) => [p, i]));
const newestFirst = (a: ReportItem, b: ReportItem) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.scopedId - a.scopedId;

const ORDER: Record<Sort, (a: ReportItem, b: ReportItem) => number> = {
  created: newestFirst,
  updated: (a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : newestFirst(a, b)),
  // Highest first; reports without a priority (feature requests) last.
  priority: (a, b) =>
    (PRIORITY_RANK.get(b.priority ?? '') ?? -1) - (PRIORITY_RANK.get(a.priority ?? '') ?? -1) || newestFirst(a, b),
  score: (a, b) => (b.score ?? -1) - (a.score ?? -1) || newestFirst(a, b),
};

export function sortItems(items: ReportItem[], sort: Sort): ReportItem[] {
  return items.sort(ORDER[sort]);
}
