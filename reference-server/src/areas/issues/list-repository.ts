// The issue list's SQL: the total count (from the issue_counts table of migration 14 when the filters allow) and
// one page newest first (a walk of an index in the list's order, or a sort of the few matches);
// docs/benchmarks-history.md#the-lists-sql-at-100000-issues.
import { allRows, stmt, type Db } from '../../db/database.ts';
import type { IssueRow } from './repository.ts';

export interface IssueListFilter {
  projectId: number;
  statuses: string[];
  priorities: string[];
  assigneeIds: number[];
  unassigned: boolean;
  reporterIds: number[];
  releaseIds: number[] | null;
  archived: 'only' | 'exclude' | 'all';
  raw: 'only' | 'exclude' | 'all';
  /** Lower bounds inclusive, upper bounds exclusive; RFC 3339 strings. */
  createdFrom?: string;
  createdUntil?: string;
  updatedFrom?: string;
  updatedUntil?: string;
  withMedia?: boolean;
  /** Integration services an issue must have been sent to (any of them); null: no filter. */
  sentTo: string[] | null;
  tagIds: number[];
  /** Non-team viewers see public issues plus their own (docs/api-choices.md#visibility). */
  restrictTo: { userId: number | null; issueId: number | null } | null;
  limit: number;
  offset: number;
}

interface Where {
  clauses: string[];
  params: unknown[];
}

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');
const FLAG = { only: '= 1', exclude: '= 0', all: 'IN (0, 1)' } as const;
/** What a non-team viewer sees of other people's issues (docs/api-choices.md#visibility). */
const PUBLIC = "status NOT IN ('hidden', 'pending_moderation') AND raw = 0";

function where(): Where {
  return { clauses: [], params: [] };
}

function add(w: Where, clause: string, ...values: unknown[]): void {
  w.clauses.push(clause);
  w.params.push(...values);
}

const sql = (w: Where) => w.clauses.join(' AND ');

/** The filters the issue_counts table can answer: project, archived, raw, status, priority, release. */
function countedFilters(f: IssueListFilter, releaseColumn: 'release_id' | 'release_key'): Where {
  const w = where();
  add(w, 'project_id = ?', f.projectId);
  add(w, `archived ${FLAG[f.archived]}`);
  add(w, `raw ${FLAG[f.raw]}`);
  if (f.statuses.length) add(w, `status IN (${placeholders(f.statuses.length)})`, ...f.statuses);
  if (f.priorities.length) add(w, `priority IN (${placeholders(f.priorities.length)})`, ...f.priorities);
  if (f.releaseIds)
    add(w, f.releaseIds.length ? `${releaseColumn} IN (${placeholders(f.releaseIds.length)})` : '0', ...f.releaseIds);
  return w;
}

/** Every other filter, over the issues table only. */
function otherFilters(f: IssueListFilter, w: Where): void {
  if (f.assigneeIds.length || f.unassigned) {
    const parts = [];
    if (f.assigneeIds.length) parts.push(`assigned_to_user_id IN (${placeholders(f.assigneeIds.length)})`);
    if (f.unassigned) parts.push('assigned_to_user_id IS NULL');
    add(w, `(${parts.join(' OR ')})`, ...f.assigneeIds);
  }
  if (f.reporterIds.length) add(w, `reporter_user_id IN (${placeholders(f.reporterIds.length)})`, ...f.reporterIds);
  if (f.createdFrom) add(w, 'created_at >= ?', f.createdFrom);
  if (f.createdUntil) add(w, 'created_at < ?', f.createdUntil);
  if (f.updatedFrom) add(w, 'updated_at >= ?', f.updatedFrom);
  if (f.updatedUntil) add(w, 'updated_at < ?', f.updatedUntil);
  if (f.withMedia !== undefined)
    add(w, `${f.withMedia ? '' : 'NOT '}EXISTS (SELECT 1 FROM attachments a WHERE a.issue_id = issues.id)`);
  if (f.sentTo)
    add(
      w,
      f.sentTo.length
        ? `EXISTS (SELECT 1 FROM issue_integrations s WHERE s.issue_id = issues.id AND s.service IN (` +
            `${placeholders(f.sentTo.length)}))`
        : '0',
      ...f.sentTo,
    );
  if (f.tagIds.length)
    add(
      w,
      `EXISTS (SELECT 1 FROM issue_tags t WHERE t.issue_id = issues.id AND t.tag_id IN (` +
        `${placeholders(f.tagIds.length)}))`,
      ...f.tagIds,
    );
}

/** Non-team viewers: public issues, the ones they reported, and the draft whose JWT they hold. */
function restrict(f: IssueListFilter, w: Where): void {
  if (!f.restrictTo) return;
  add(w, `((${PUBLIC}) OR reporter_user_id IS ? OR id IS ?)`, f.restrictTo.userId ?? -1, f.restrictTo.issueId ?? -1);
}

function onlyCountedFilters(f: IssueListFilter): boolean {
  return (
    !f.assigneeIds.length &&
    !f.unassigned &&
    !f.reporterIds.length &&
    !f.createdFrom &&
    !f.createdUntil &&
    !f.updatedFrom &&
    !f.updatedUntil &&
    f.withMedia === undefined &&
    f.sentTo === null &&
    !f.tagIds.length
  );
}

/**
 * The total from issue_counts (a sum over at most one row per status, priority and release): everything matching
 * for the team; for anyone else the public part from the table plus their own non-public issues, read through the
 * reporter index and the granted id (a handful of rows).
 */
function countFromSummary(db: Db, f: IssueListFilter): number {
  const counted = countedFilters(f, 'release_key');
  if (f.restrictTo) add(counted, PUBLIC);
  const sum = stmt(db, `SELECT coalesce(sum(n), 0) FROM issue_counts WHERE ${sql(counted)}`)
    .pluck()
    .get(...counted.params) as number;
  if (!f.restrictTo || (f.restrictTo.userId === null && f.restrictTo.issueId === null)) return sum;
  // The viewer's reports through issues_reporter_walk, the granted id through the primary key; NOT INDEXED keeps
  // the planner from scanning the whole project in issues_filter_cover instead.
  const own = where();
  add(
    own,
    'id IN (SELECT id FROM issues WHERE project_id = ? AND reporter_user_id = ? UNION ALL SELECT ?)',
    f.projectId,
    f.restrictTo.userId ?? -1,
    f.restrictTo.issueId ?? -1,
  );
  const columns = countedFilters(f, 'release_id');
  add(own, sql(columns), ...columns.params);
  add(own, `NOT (${PUBLIC})`);
  return (
    sum +
    (stmt(db, `SELECT count(*) FROM issues NOT INDEXED WHERE ${sql(own)}`)
      .pluck()
      .get(...own.params) as number)
  );
}

/**
 * The index whose leading columns narrow the matches most, to count them and to sort a few: the reporter's or the
 * assignee's entries when those are filtered, else issues_filter_cover (narrowed by status, priority, release).
 */
function narrowestIndex(f: IssueListFilter): string {
  if (f.reporterIds.length) return 'issues_reporter_walk';
  // Ids or unassigned, not both: an OR of an IN and IS NULL would not use the index's second column.
  if (f.assigneeIds.length > 0 !== f.unassigned) return 'issues_assignee_walk';
  return 'issues_filter_cover';
}

/**
 * The walk index for a page: one whose equality prefix (project, then one reporter, one assignee or one status) is
 * followed by created_at and id, so its entries come in the list's order and only that prefix's are read.
 */
function walkIndex(f: IssueListFilter): string {
  if (f.reporterIds.length === 1) return 'issues_reporter_walk';
  if (f.assigneeIds.length + (f.unassigned ? 1 : 0) === 1) return 'issues_assignee_walk';
  if (f.statuses.length === 1) return 'issues_status_walk';
  return 'issues_list_walk';
}

/**
 * A page costs either a walk newest first, about (offset + limit) × issues / matches entries, or a sort of every
 * match read from the narrowest index; an entry sorted costs about this many entries walked (measured at 100,000
 * issues: about 0.12 µs against 0.06–0.09 µs, docs/benchmarks-history.md#the-lists-sql-at-100000-issues). A walk
 * under an equality prefix reads only that prefix's entries, so the estimate (over all the project's issues) is an
 * upper bound.
 */
const SORTED_VS_WALKED = 2;

function pageIds(db: Db, f: IssueListFilter, filters: Where, total: number): number[] {
  const issues = stmt(db, 'SELECT coalesce(max(scoped_id), 0) FROM issues WHERE project_id = ?')
    .pluck()
    .get(f.projectId) as number;
  const walked = ((f.offset + f.limit) * Math.max(issues, total)) / total;
  const index = walked <= SORTED_VS_WALKED * total ? walkIndex(f) : narrowestIndex(f);
  return stmt(
    db,
    `SELECT id FROM issues INDEXED BY ${index} WHERE ${sql(filters)}
    ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
  )
    .pluck()
    .all(...filters.params, f.limit, f.offset) as number[];
}

/**
 * Other filters are counted from an index that holds every filtered column: the reporter's or assignee's entries,
 * else the range of a created_at bound in a walk index, else the project's entries in issues_filter_cover.
 */
function countFromIndex(db: Db, f: IssueListFilter, filters: Where): number {
  const created = f.createdFrom !== undefined || f.createdUntil !== undefined;
  let index = narrowestIndex(f);
  if (index === 'issues_filter_cover' && created)
    index = f.statuses.length === 1 ? 'issues_status_walk' : 'issues_list_walk';
  return stmt(db, `SELECT count(*) FROM issues INDEXED BY ${index} WHERE ${sql(filters)}`)
    .pluck()
    .get(...filters.params) as number;
}

/** One page of issues and the total count, newest first (created_at, then id). */
export function listIssueRows(db: Db, f: IssueListFilter): { rows: IssueRow[]; total: number } {
  const filters = countedFilters(f, 'release_id');
  otherFilters(f, filters);
  restrict(f, filters);
  const total = onlyCountedFilters(f) ? countFromSummary(db, f) : countFromIndex(db, f, filters);
  if (total <= f.offset) return { rows: [], total };
  const ids = pageIds(db, f, filters, total);
  const page = allRows<IssueRow>(
    db,
    'SELECT * FROM issues WHERE id IN (SELECT value FROM json_each(?))',
    JSON.stringify(ids),
  );
  const byId = new Map(page.map((row) => [row.id, row]));
  return { rows: ids.map((id) => byId.get(id)!).filter(Boolean), total };
}
