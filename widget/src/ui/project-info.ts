// What the form needs from the server: the project's modules and minimum lengths
// (GET /projects/{id}.json) and its tester-settable custom fields (docs/api-choices.md#operation-paths). Cached on
// the device so the form still works offline; sensible defaults when nothing is known.
import type { ResolvedOptions } from '../runtime/options.ts';

export interface FieldDef {
  id: number;
  ident: string;
  name: string;
  field_type: string;
  required: boolean;
  options: string[];
  tester_settable: boolean;
}

export interface ProjectInfo {
  modules: string[];
  minDescription: number;
  minSuggestion: number;
  fields: FieldDef[];
  /** The token may search issues (`can_list_issues`), when the server tells (docs/widget.md#already-reported). */
  mayListIssues?: boolean;
}

const DEFAULTS: ProjectInfo = { modules: ['bugs'], minDescription: 0, minSuggestion: 0, fields: [] };

async function getJson(o: ResolvedOptions, path: string): Promise<Record<string, unknown>> {
  const res = await fetch(o.endpoint + path, {
    headers: { Accept: 'application/json', Authorization: `FormUser ${o.token}`, 'Service-Project-ID': o.projectId },
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.json();
}

export async function loadProjectInfo(o: ResolvedOptions): Promise<ProjectInfo> {
  const key = `glitchbox:project:${o.projectId}`;
  const pid = encodeURIComponent(o.projectId);
  try {
    const [project, fields] = await Promise.all([
      getJson(o, `/projects/${pid}.json`),
      getJson(o, `/projects/${pid}/custom_fields.json?applies_to=issue`).catch(() => ({ custom_fields: [] })),
    ]);
    // Not every service tells a token its flags: undefined then, which is not false.
    const perms = project.token_permissions as Record<string, unknown> | undefined;
    const info: ProjectInfo = {
      modules: Array.isArray(project.modules) ? project.modules : DEFAULTS.modules,
      minDescription: Number(project.min_description_length) || 0,
      minSuggestion: Number(project.min_suggestion_length) || 0,
      fields: ((fields.custom_fields ?? []) as FieldDef[]).filter(
        (f) => f.tester_settable && f.field_type !== 'coordinates',
      ),
      mayListIssues: perms && typeof perms === 'object' ? perms.can_list_issues === true : undefined,
    };
    try {
      localStorage.setItem(key, JSON.stringify(info));
    } catch {
      /* storage full or off */
    }
    return info;
  } catch {
    try {
      const cached = localStorage.getItem(key);
      if (cached) return JSON.parse(cached) as ProjectInfo;
    } catch {
      /* unreadable cache */
    }
    return DEFAULTS;
  }
}
