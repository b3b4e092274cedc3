// The projects-auth part of a fixture project (docs/api-choices.md#fixture-format): its statuses, members, project
// tokens and custom field definitions. The project row itself is written first, by admin/fixtures.ts.
import { TOKEN_FLAGS } from '../../../../widget/src/protocol/fixtures.ts';
import type { Deps } from '../../deps.ts';
import { type ProjectFixture, unique } from '../fixture-context.ts';
import { insertCustomField } from './custom-fields-repository.ts';
import { insertMember, insertStatus, insertToken } from './repository.ts';

export function loadProjectsAuthFixture(deps: Deps, f: ProjectFixture): void {
  const { project, fixture: p, path: at, now } = f;
  p.statuses?.forEach((s) => {
    insertStatus(deps.db, project.id, s.key, s.name);
  });
  p.members?.forEach((m, j) => {
    insertMember(deps.db, {
      project_id: project.id,
      user_id: f.refer('user', m.user, `${at}.members[${j}].user`),
      role: m.role,
      scopes: m.scopes,
      nda_accepted: m.nda_accepted,
    });
  });
  p.tokens?.forEach((t, j) => {
    unique(`${at}.tokens[${j}]`, () =>
      insertToken(deps.db, {
        project_id: project.id,
        token: t.token,
        daily_limit: t.daily_limit,
        flags: Object.fromEntries(TOKEN_FLAGS.map((flag) => [flag, t[flag] ?? false])),
        created_at: now,
      }),
    );
  });
  p.custom_fields?.forEach((field, j) => {
    unique(`${at}.custom_fields[${j}]`, () =>
      insertCustomField(deps.db, {
        project_id: project.id,
        applies_to: field.applies_to ?? 'issue',
        ident: field.ident,
        name: field.name,
        field_type: field.field_type,
        options: JSON.stringify(field.options ?? []),
        required: field.required ? 1 : 0,
        player_viewable: field.player_viewable === false ? 0 : 1,
        tester_settable: field.tester_settable === false ? 0 : 1,
        auto_created: 0,
        created_at: now,
      }),
    );
  });
}
