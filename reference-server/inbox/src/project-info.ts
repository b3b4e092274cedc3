// What the project detail tells a triage client (docs/api/projects-auth.md#project-detail-extensions): its own
// issue statuses, the members an issue can be assigned to, and the caller's scopes there.
import { projectPath, type Api } from './api.ts';
import type { ProjectDetail } from './types.ts';
import { useAsync } from './use-async.ts';

export interface ProjectInfo {
  statuses: ReadonlyArray<{ key: string; name: string }>;
  members: ReadonlyArray<{ id: number; name: string | null; role: string }>;
  /** Null when the server did not say: controls stay offered and a refusal explains itself. */
  scopes: ReadonlySet<string> | null;
}

export const EMPTY_PROJECT_INFO: ProjectInfo = { statuses: [], members: [], scopes: null };

/** `enabled` false: nothing asked yet (the page lets its list go first). */
export function useProjectInfo(api: Api, projectId: string, enabled = true): ProjectInfo {
  const state = useAsync(
    () =>
      enabled ? api.get<ProjectDetail>(`${projectPath(projectId)}.json`).catch(() => null) : Promise.resolve(null),
    [api, projectId, enabled],
  );
  const detail = state.data;
  if (!detail) return EMPTY_PROJECT_INFO;
  return {
    statuses: detail.statuses ?? [],
    members: detail.members ?? [],
    scopes: detail.my_scopes ? new Set(detail.my_scopes) : null,
  };
}

/** Whether the caller may do what `scope` allows (unknown scopes: yes, and the server decides). */
export const may = (info: ProjectInfo, scope: string) => !info.scopes || info.scopes.has(scope);
