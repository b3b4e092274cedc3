// GET /projects/{pid}/issues: the filters of docs/api/issues.md#list-filters turned into one SQL filter, visibility per
// docs/api-choices.md#visibility (non-team callers see public issues plus their own), raw issues hidden unless
// asked for, newest first, per_page clamped.
import type { z } from 'zod';
import { IssueListQuery, type IssueListResponse } from '../../../../widget/src/protocol/issues.ts';
import type { SerializedAnswer } from '../../db/answer-cache.ts';
import { readVersion } from '../../db/read-version.ts';
import type { Deps } from '../../deps.ts';
import { unprocessable, describeZodError } from '../../errors.ts';
import type { Body } from '../../input.ts';
import { listIssueRows, type IssueListFilter } from './repository.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { findLatestPublishedRelease } from '../releases/repository.ts';
import { findUserByPublicId } from '../projects-auth/users-repository.ts';
import { requireTokenFlag } from '../projects-auth/access.ts';
import type { Caller } from '../projects-auth/caller.ts';
import { createRenderContext, renderIssue } from './render.ts';
import { viewerOf } from './visibility.ts';

/** Integer ids or usr-… public ids; unknown public ids match nothing. */
function userIds(deps: Pick<Deps, 'db'>, values: string[], name: string): number[] {
  return values.map((value) => {
    if (/^\d+$/.test(value)) return Number(value);
    if (/^usr-\d+$/.test(value)) return findUserByPublicId(deps.db, value)?.id ?? -1;
    throw unprocessable(`${name} must hold user ids, not ${JSON.stringify(value)}.`);
  });
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** After values are inclusive; a date-only before value includes that whole day. */
function lowerBound(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return new Date(DATE_ONLY.test(value) ? `${value}T00:00:00.000Z` : value).toISOString();
}

function upperBound(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (DATE_ONLY.test(value)) return new Date(Date.parse(`${value}T00:00:00.000Z`) + 86_400_000).toISOString();
  // A full time is inclusive too: the exclusive bound is one millisecond later.
  return new Date(Date.parse(value) + 1).toISOString();
}

/**
 * The list as sent: remembered per project, viewer and query string against the database's version, so a repeated
 * list (an inbox or a game polling) answers from memory until any write
 * (docs/benchmarks-history.md#remembered-list-answers). Access is checked on every request; `queryText` is the
 * request's raw query string.
 */
export function listIssueAnswer(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  rawQuery: Body,
  queryText: string,
): SerializedAnswer {
  if (caller.token) requireTokenFlag(caller, project, 'can_list_issues');
  const version = readVersion(deps.db);
  const v = viewerOf(deps, caller, project);
  const viewerKey = `${v.team ? 't' : 'p'}${v.developer ? 'd' : ''}.${v.userId}.${v.grantIssueId}.${v.grantStale}`;
  const key = `issues ${project.id} ${viewerKey} ${deps.config.publicUrl} ${queryText}`;
  return deps.answers.answer(key, version, () => listIssues(deps, caller, project, rawQuery));
}

export function listIssues(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  rawQuery: Body,
): z.infer<typeof IssueListResponse> {
  if (caller.token) requireTokenFlag(caller, project, 'can_list_issues');
  const parsed = IssueListQuery.safeParse(rawQuery);
  if (!parsed.success) throw unprocessable(describeZodError(parsed.error));
  const q = parsed.data;
  const viewer = viewerOf(deps, caller, project);

  const statuses = q.status.includes('any') ? [] : q.status;
  const assignees = q.assigned_to_id.filter((v) => v !== 'not_assigned');
  let releaseIds: number[] | null = null;
  // Projects that hide release versions ignore the release filter of non-team viewers.
  if (q.release_id.length && (viewer.team || project.hide_release_versions !== 1)) {
    releaseIds = q.release_id.map((value) => {
      if (value === 'latest') return findLatestPublishedRelease(deps.db, project.id)?.id ?? -1;
      const id = /^(?:rel-)?(\d+)$/.exec(value)?.[1];
      if (!id) throw unprocessable(`release_id must hold release ids or latest, not ${JSON.stringify(value)}.`);
      return Number(id);
    });
  }
  let sentTo: string[] | null = null;
  if (q.sent_to.length) {
    const enabled = JSON.parse(project.integrations) as string[];
    sentTo = q.sent_to.includes('any') ? enabled : q.sent_to;
  }
  const filter: IssueListFilter = {
    projectId: project.id,
    statuses,
    priorities: q.priority,
    assigneeIds: userIds(deps, assignees, 'assigned_to_id'),
    unassigned: q.assigned_to_id.includes('not_assigned'),
    reporterIds: userIds(deps, q.reported_by_id, 'reported_by_id'),
    releaseIds,
    archived: q.archived === 'true' ? 'only' : q.archived === 'false' ? 'exclude' : 'exclude',
    raw: q.raw === 'true' ? 'only' : q.raw === 'any' ? 'all' : 'exclude',
    createdFrom: lowerBound(q.created_after),
    createdUntil: upperBound(q.created_before),
    updatedFrom: lowerBound(q.updated_after),
    updatedUntil: upperBound(q.updated_before),
    withMedia: q.with_media === undefined ? undefined : q.with_media === 'true',
    sentTo,
    tagIds: q.tag_ids,
    restrictTo: viewer.team ? null : { userId: viewer.userId, issueId: viewer.grantIssueId },
    limit: q.per_page,
    offset: (q.page - 1) * q.per_page,
  };
  // Reporters are the team's to see: other callers may filter by their own id only.
  if (!viewer.team)
    filter.reporterIds = filter.reporterIds.length
      ? filter.reporterIds.map((id) => (id === viewer.userId ? id : -1))
      : [];

  const { rows, total } = listIssueRows(deps.db, filter);
  const context = createRenderContext(deps, project, rows);
  return {
    issues: rows.map((row) => renderIssue(deps, caller, project, row, {}, context)),
    pagination: {
      current_page: q.page,
      per_page: q.per_page,
      // An empty result has 0 pages, as in every list (docs/api-choices.md#pagination).
      total_pages: Math.ceil(total / q.per_page),
      total_count: total,
    },
  };
}
