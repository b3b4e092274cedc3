// The caller's projects (GET /projects.json, every page), the header picker and the home list.
import type { Api } from './api.ts';
import { navigate, toHash } from './route.ts';
import type { ProjectListItem } from './types.ts';
import { useAsync, type AsyncState } from './use-async.ts';

interface ProjectPage {
  projects: ProjectListItem[];
  pagination: { current_page: number; total_pages: number };
}

export function useProjects(api: Api): AsyncState<ProjectListItem[]> {
  return useAsync(async () => {
    const all: ProjectListItem[] = [];
    for (let page = 1; page <= 40; page++) {
      const body = await api.get<ProjectPage>('/projects.json', { page });
      all.push(...body.projects);
      if (page >= body.pagination.total_pages) break;
    }
    return all;
  }, [api]);
}

export function ProjectPicker(props: { projects: ProjectListItem[]; current: string | null }) {
  return (
    <div class="picker">
      <label for="project-picker">Project</label>
      <select
        id="project-picker"
        value={props.current ?? ''}
        onChange={(e) => {
          const id = (e.target as HTMLSelectElement).value;
          if (id) navigate({ view: 'reports', projectId: id });
        }}
      >
        <option value="">Choose a project…</option>
        {props.projects.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} ({p.id})
          </option>
        ))}
        {props.current && !props.projects.some((p) => p.id === props.current) && (
          <option value={props.current}>{props.current}</option>
        )}
      </select>
    </div>
  );
}

export function HomePage(props: { projects?: ProjectListItem[]; loading: boolean }) {
  return (
    <section class="home" aria-labelledby="projects-heading">
      <h1 id="projects-heading">Your projects</h1>
      {props.loading && !props.projects && <p role="status">Loading projects…</p>}
      {props.projects && props.projects.length === 0 && <p>This token is not a member of any project.</p>}
      <ul class="project-cards">
        {props.projects?.map((p) => (
          <li key={p.id}>
            <a href={toHash({ view: 'reports', projectId: p.id })}>
              <strong>{p.name}</strong> <span class="muted">{p.id}</span>
            </a>
            {p.description && <p class="muted">{p.description}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
