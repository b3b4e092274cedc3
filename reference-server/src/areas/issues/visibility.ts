// Who sees which issue (docs/api-choices.md#visibility): the team sees every issue; everyone else sees issues
// that are neither hidden, pending moderation nor raw, plus their own (as reporter or through
// the issue's draft JWT). The caller's standing is worked out once per request and cached.
import type { Deps } from '../../deps.ts';
import { findIssueByPathId, type IssueRow } from './repository.ts';
import { notFound } from '../../errors.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { standingOf } from '../projects-auth/access.ts';
import { provenUser, type Caller } from '../projects-auth/caller.ts';

export interface Viewer {
  /** Developer-level plus support. */
  team: boolean;
  /** Owner, admin, developer, organization admin or site admin. */
  developer: boolean;
  /** The user whose earlier reports the caller may reach (caller.ts provenUser; never an email claim). */
  userId: number | null;
  /** The draft issue whose JWT the caller holds. */
  grantIssueId: number | null;
  /** That JWT has expired and counts only while its draft is hidden (caller.ts, stale grants). */
  grantStale: boolean;
}

const HIDDEN_FROM_PLAYERS = new Set(['hidden', 'pending_moderation']);
const cache = new WeakMap<Caller, Map<number, Viewer>>();

export function viewerOf(deps: Pick<Deps, 'db'>, caller: Caller, project: ProjectRow): Viewer {
  let byProject = cache.get(caller);
  if (!byProject) {
    byProject = new Map();
    cache.set(caller, byProject);
  }
  let viewer = byProject.get(project.id);
  if (!viewer) {
    const s = standingOf(deps, caller, project);
    const role = s.member?.role ?? '';
    const developer = s.siteAdmin || s.orgAdmin || role === 'owner' || role === 'admin' || role === 'developer';
    const grant =
      caller.issueGrant && caller.issueGrant.projectPublicId === project.public_id ? caller.issueGrant.issueId : null;
    const stale = caller.issueGrant?.stale === true;
    const userId = provenUser(caller)?.id ?? null;
    viewer = { team: developer || role === 'support', developer, userId, grantIssueId: grant, grantStale: stale };
    byProject.set(project.id, viewer);
  }
  return viewer;
}

/** The caller holds the issue's draft JWT (an expired one only while the draft is hidden). */
export function holdsGrant(viewer: Viewer, issue: Pick<IssueRow, 'id' | 'status'>): boolean {
  return viewer.grantIssueId === issue.id && (!viewer.grantStale || issue.status === 'hidden');
}

/** The caller is the issue's proven reporter, or holds its draft JWT. */
export function ownsIssue(viewer: Viewer, issue: VisibilityFacts): boolean {
  return (viewer.userId !== null && issue.reporter_user_id === viewer.userId) || holdsGrant(viewer, issue);
}

export function isPubliclyVisible(issue: Pick<IssueRow, 'status' | 'raw'>): boolean {
  return !HIDDEN_FROM_PLAYERS.has(issue.status) && issue.raw === 0;
}

/** The columns visibility reads. */
export type VisibilityFacts = Pick<IssueRow, 'id' | 'status' | 'raw' | 'reporter_user_id'>;

export function canSeeIssue(
  deps: Pick<Deps, 'db'>,
  caller: Caller,
  project: ProjectRow,
  issue: VisibilityFacts,
): boolean {
  const viewer = viewerOf(deps, caller, project);
  return viewer.team || isPubliclyVisible(issue) || ownsIssue(viewer, issue);
}

/** A draft (hidden) issue may be changed by its draft JWT, by its reporter and by the team. */
export function canEditDraft(deps: Pick<Deps, 'db'>, caller: Caller, project: ProjectRow, issue: IssueRow): boolean {
  const viewer = viewerOf(deps, caller, project);
  return viewer.team || ownsIssue(viewer, issue);
}

/** The issue of a path id, or 404 when it does not exist or the caller may not see it. */
export function findVisibleIssue(deps: Deps, caller: Caller, project: ProjectRow, pathId: string): IssueRow {
  const issue = findIssueByPathId(deps.db, project.id, pathId);
  if (!issue || !canSeeIssue(deps, caller, project, issue)) throw notFound('Issue not found.');
  return issue;
}
