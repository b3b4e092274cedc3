// The tags of a fixture project (tags come only from fixtures): a parent is named before its children, and issues
// later in the load refer to tags by name.
import { stmt } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { ProjectFixture } from '../fixture-context.ts';

export function loadIssueTagsFixture(deps: Deps, f: ProjectFixture): void {
  const { project, fixture: p, path: at, now } = f;
  p.tags?.forEach((t) => {
    const parent = t.parent === undefined ? null : f.refer('tag', t.parent, `${at}.tags.${t.name}.parent`);
    const id = stmt(
      deps.db,
      `INSERT INTO tags (id, project_id, name, color, description, parent_tag_id, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
      .pluck()
      .get(t.id ?? null, project.id, t.name, t.color ?? '#6b7280', t.description ?? null, parent, now, now) as number;
    f.remember('tag', t.name, id);
  });
}
