// The issues of a fixture project, with their custom values and tags; the releases, tags and custom fields they
// name are loaded before them (areas/index.ts orders the areas).
import { stmt } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { createFixtureKeys, type ProjectFixture, unique } from '../fixture-context.ts';
import { listCustomFields } from '../projects-auth/custom-fields-repository.ts';
import { insertIssue, setIssueCustomValue } from './repository.ts';

export function loadIssuesFixture(deps: Deps, f: ProjectFixture): void {
  const { project, fixture: p, path: at, now } = f;
  const fields = createFixtureKeys(f);
  for (const field of listCustomFields(deps.db, project.id, 'issue'))
    fields.remember('custom field', field.ident, field.id);
  p.issues?.forEach((issue, j) => {
    const ia = `${at}.issues[${j}]`;
    const created = issue.created_at ?? now;
    const row = unique(ia, () =>
      insertIssue(deps.db, {
        id: issue.id ?? null,
        scoped_id: issue.scoped_id ?? null,
        project_id: project.id,
        title: issue.title,
        description: issue.description,
        status: issue.status ?? 'open',
        priority: issue.priority ?? 'medium',
        score: '0',
        raw: issue.raw ? 1 : 0,
        source: issue.source ?? null,
        archived: issue.archived ? 1 : 0,
        reporter_user_id: issue.reporter ? f.refer('user', issue.reporter, `${ia}.reporter`) : null,
        assigned_to_user_id: issue.assigned_to ? f.refer('user', issue.assigned_to, `${ia}.assigned_to`) : null,
        release_id: issue.release ? f.refer('release', issue.release, `${ia}.release`) : null,
        steps: JSON.stringify((issue.steps_to_reproduce ?? []).map((step) => ({ step }))),
        debug_trace: null,
        device: null,
        created_at: created,
        updated_at: issue.updated_at ?? created,
      }),
    );
    for (const [ident, value] of Object.entries(issue.custom ?? {})) {
      setIssueCustomValue(deps.db, row.id, fields.refer('custom field', ident, `${ia}.custom.${ident}`), value);
    }
    issue.tags?.forEach((name, k) => {
      stmt(deps.db, 'INSERT INTO issue_tags (issue_id, tag_id) VALUES (?, ?)').run(
        row.id,
        f.refer('tag', name, `${ia}.tags[${k}]`),
      );
    });
    const ids = { id: row.id, scoped_id: row.scoped_id, path_id: `g-${row.id}` };
    f.answer('issues', issue.key ?? `${p.key}#${row.scoped_id}`, ids, ia);
  });
}
