// Who sees and who changes releases: project tokens need can_read_release_list to read; drafts
// are for developers; archived releases and hidden release versions are for the team only;
// every write needs project.releases.manage.
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { findRelease, type ReleaseRow } from './repository.ts';
import { hasScope, isDeveloperLevel, isTeam, requireScope, requireTokenFlag } from '../projects-auth/access.ts';
import type { Caller } from '../projects-auth/caller.ts';

export const RELEASES_MANAGE = 'project.releases.manage';

export interface ReleaseViewer {
  /** May write releases (project.releases.manage). */
  manage: boolean;
  /** Sees drafts: project.releases.manage or developer-level. */
  drafts: boolean;
  /** Developer-level or support: sees archived releases and hidden release versions. */
  team: boolean;
}

export function releaseViewer(deps: Pick<Deps, 'db'>, caller: Caller, project: ProjectRow): ReleaseViewer {
  const manage = hasScope(deps, caller, project, RELEASES_MANAGE);
  return {
    manage,
    drafts: manage || isDeveloperLevel(deps, caller, project),
    team: manage || isTeam(deps, caller, project),
  };
}

/** Reading releases: a project token needs can_read_release_list; other callers passed the project check. */
export function assertCanReadReleases(caller: Caller, project: ProjectRow): void {
  if (caller.token) requireTokenFlag(caller, project, 'can_read_release_list');
}

export function assertCanManageReleases(deps: Pick<Deps, 'db'>, caller: Caller, project: ProjectRow): void {
  requireScope(deps, caller, project, RELEASES_MANAGE);
}

/** `rel-<n>` or `<n>` (docs/api-choices.md#path-ids); anything else names no release. */
export function parseReleaseId(pathId: string): number | null {
  const match = /^(?:rel-)?(\d{1,15})$/.exec(pathId);
  return match ? Number(match[1]) : null;
}

/** Whether the viewer may see this release at all (drafts, archived, hidden versions). */
export function isReleaseVisible(viewer: ReleaseViewer, project: ProjectRow, release: ReleaseRow): boolean {
  if (project.hide_release_versions === 1 && !viewer.team) return false;
  if (release.status === 'draft') return viewer.drafts;
  if (release.status === 'archived') return viewer.team;
  return true;
}

/** The release of a path id as this viewer may see it; 404 when unknown or invisible to them. */
export function findVisibleRelease(
  deps: Pick<Deps, 'db'>,
  viewer: ReleaseViewer,
  project: ProjectRow,
  pathId: string,
  options: { ignoreHiddenVersions?: boolean } = {},
): ReleaseRow {
  const id = parseReleaseId(pathId);
  const release = id === null ? undefined : findRelease(deps.db, project.id, id);
  const visibleProject = options.ignoreHiddenVersions ? { ...project, hide_release_versions: 0 } : project;
  if (!release || !isReleaseVisible(viewer, visibleProject, release)) throw notFound('Release not found.');
  return release;
}
