// Project listing and rendering (docs/api/projects-auth.md): list items, detail, latest release.
import type { z } from 'zod';
import type { ProjectDetail, ProjectListItem, ProjectListResponse } from '../../../../widget/src/protocol/projects.ts';
import type { Deps } from '../../deps.ts';
import { stmt } from '../../db/database.ts';
import {
  findProjectById,
  listMemberProjects,
  listPublicProjects,
  listStatuses,
  type ProjectRow,
} from './repository.ts';
import { TOKEN_FLAGS } from '../../../../widget/src/protocol/fixtures.ts';
import { isTeam, scopesOf, tokenHasFlag } from './access.ts';
import { signedInUser, type Caller } from './caller.ts';

export const PROJECT_PAGE_SIZE = 25;

export function toProjectListItem(project: ProjectRow): ProjectListItem {
  return {
    id: project.public_id,
    name: project.name,
    description: project.description,
    created_at: project.created_at,
    updated_at: project.updated_at,
  };
}

export function projectUrl(deps: Pick<Deps, 'config'>, project: ProjectRow): string {
  return `${deps.config.publicUrl}/projects/${project.public_id}`;
}

/**
 * Extension members (docs/api/projects-auth.md#project-detail-extensions): the project's own issue statuses for
 * everyone who may view it (their labels already show as `status_display`), for a project token its own flags, and
 * for the team the members an issue can be assigned to and the caller's own scopes, so a triage client offers only
 * what the caller may do.
 */
function detailExtensions(deps: Deps, caller: Caller, project: ProjectRow): Partial<ProjectDetail> {
  const statuses = listStatuses(deps.db, project.id).map((s) => ({ key: s.key, name: s.name }));
  // A project token of this project also learns its own flags: a client then skips what would be refused (the
  // widget's "Already reported?" searches issues only with can_list_issues, so no 403 lands in the console).
  const own =
    caller.token?.project_id === project.id
      ? { token_permissions: Object.fromEntries(TOKEN_FLAGS.map((f) => [f, tokenHasFlag(caller, f)])) }
      : {};
  if (!isTeam(deps, caller, project)) return { statuses, ...own };
  const members = stmt(
    deps.db,
    `SELECT u.id, u.name, m.role FROM project_members m JOIN users u ON u.id = m.user_id
     WHERE m.project_id = ? AND u.virtual = 0 ORDER BY u.name COLLATE NOCASE, u.id`,
  ).all(project.id) as { id: number; name: string | null; role: string }[];
  return { statuses, ...own, members, my_scopes: [...scopesOf(deps, caller, project)].sort() };
}

export function toProjectDetail(deps: Deps, caller: Caller, project: ProjectRow): ProjectDetail {
  const modules = JSON.parse(project.modules) as ProjectDetail['modules'];
  const release = deps.identity.latestPublishedRelease(deps.db, project.id);
  const hidden = project.hide_release_versions === 1 && !isTeam(deps, caller, project);
  return {
    ...toProjectListItem(project),
    access: project.access,
    url: projectUrl(deps, project),
    sentiment_analysis: project.sentiment_analysis === 1,
    support_knowledge: modules.includes('support_knowledge'),
    support_knowledge_chunks_size: stmt(deps.db, 'SELECT count(*) FROM knowledge_chunks WHERE project_id = ?')
      .pluck()
      .get(project.id) as number,
    has_discord_bot: project.has_discord_bot === 1,
    modules,
    platforms: JSON.parse(project.platforms) as string[],
    min_description_length: project.min_description_length,
    min_suggestion_length: project.min_suggestion_length,
    latest_release:
      release && !hidden
        ? {
            id: release.id,
            label: release.label,
            description: release.description,
            created_at: release.created_at,
            updated_at: release.updated_at,
            url: `${projectUrl(deps, project)}/releases/rel-${release.id}`,
          }
        : {},
    ...detailExtensions(deps, caller, project),
  };
}

/**
 * Anonymous callers and all=true see public projects; a signed-in user sees the projects they
 * belong to; a project token sees its own project.
 */
export function listProjects(
  deps: Deps,
  caller: Caller,
  query: { page: number; all?: boolean },
): z.infer<typeof ProjectListResponse> {
  const offset = (query.page - 1) * PROJECT_PAGE_SIZE;
  const all = query.all === true;
  const user = signedInUser(caller);
  let result: { rows: ProjectRow[]; total: number };
  if (all || (!user && !caller.token)) result = listPublicProjects(deps.db, PROJECT_PAGE_SIZE, offset);
  else if (user) result = listMemberProjects(deps.db, user.id, PROJECT_PAGE_SIZE, offset);
  else {
    const own = findProjectById(deps.db, caller.token!.project_id);
    result = { rows: own && offset === 0 ? [own] : [], total: own ? 1 : 0 };
  }
  return {
    projects: result.rows.map(toProjectListItem),
    pagination: {
      current_page: query.page,
      // An empty result has 0 pages, as in every list (docs/api-choices.md#pagination).
      total_pages: Math.ceil(result.total / PROJECT_PAGE_SIZE),
      total_count: result.total,
    },
  };
}
