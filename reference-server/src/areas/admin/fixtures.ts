// Loads a fixture document (docs/api-choices.md#fixture-format) in one transaction: all of it or, on any problem,
// nothing, with a 422 naming the path of the offending entry.
import { assertNesting } from '../../nesting.ts';
import { FixtureDocument, TOKEN_FLAGS, type FixtureResult } from '../../../../widget/src/protocol/fixtures.ts';
import type { Deps } from '../../deps.ts';
import { unprocessable } from '../../errors.ts';
import { insertCustomField } from '../projects-auth/custom-fields-repository.ts';
import { insertIssue, setIssueCustomValue } from '../issues/repository.ts';
import { addOrganizationAdmin, insertOrganization } from '../projects-auth/organizations-repository.ts';
import { insertMember, insertProject, insertStatus, insertToken } from '../projects-auth/repository.ts';
import { insertDownloadLink, insertRelease } from '../releases/repository.ts';
import { insertPat, insertUser } from '../projects-auth/users-repository.ts';
import { stmt } from '../../db/database.ts';
import { listCustomFields } from '../projects-auth/custom-fields-repository.ts';

class FixtureError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/** `projects[0].members[1].user` from a zod or loader path. */
function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)),
    '',
  );
}

export function loadFixtures(deps: Deps, input: unknown): FixtureResult {
  // Also reached from the CLI's --fixtures file, which no request body check has seen.
  assertNesting(input, 'fixture document');
  const parsed = FixtureDocument.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = pathText(issue.path) || '(document)';
    throw unprocessable(`Invalid fixture at ${at}: ${issue.message}`, { path: at });
  }
  const doc = parsed.data;
  const now = deps.clock.now().toISOString();
  const result: FixtureResult = { organizations: {}, users: {}, projects: {}, releases: {}, issues: {} };
  const orgIds = new Map<string, number>();
  const userIds = new Map<string, number>();

  const refer = (map: Map<string, number>, key: string, path: string, kind: string) => {
    const id = map.get(key);
    if (id === undefined) throw new FixtureError(path, `unknown ${kind} key ${JSON.stringify(key)}`);
    return id;
  };
  const unique = <T>(path: string, write: () => T): T => {
    try {
      return write();
    } catch (error) {
      if (error instanceof Error && /UNIQUE constraint/.test(error.message))
        throw new FixtureError(path, `already exists (${error.message.replace('UNIQUE constraint failed: ', '')})`);
      throw error;
    }
  };

  try {
    deps.db.transaction(() => {
      doc.users.forEach((u, i) => {
        const row = unique(`users[${i}]`, () =>
          insertUser(deps.db, {
            public_id: u.id,
            name: u.name,
            email: u.email ?? null,
            discord_id: u.discord_id ?? null,
            site_admin: u.site_admin,
            created_at: now,
          }),
        );
        if (u.pat) unique(`users[${i}].pat`, () => insertPat(deps.db, u.pat!, row.id, now));
        userIds.set(u.key, row.id);
        result.users[u.key] = row.public_id;
      });
      doc.organizations.forEach((o, i) => {
        const row = unique(`organizations[${i}]`, () =>
          insertOrganization(deps.db, {
            public_id: o.id,
            name: o.name,
            monthly_bug_report_quota: o.monthly_bug_report_quota,
            max_video_seconds: o.max_video_seconds,
            created_at: now,
          }),
        );
        o.admins.forEach((key, j) => {
          addOrganizationAdmin(deps.db, row.id, refer(userIds, key, `organizations[${i}].admins[${j}]`, 'user'));
        });
        orgIds.set(o.key, row.id);
        result.organizations[o.key] = row.public_id;
      });
      doc.projects.forEach((p, i) => {
        const at = `projects[${i}]`;
        const project = unique(at, () =>
          insertProject(deps.db, {
            public_id: p.id,
            organization_id: refer(orgIds, p.organization, `${at}.organization`, 'organization'),
            name: p.name,
            description: p.description ?? '',
            access: p.access,
            modules: JSON.stringify(p.modules),
            platforms: JSON.stringify(p.platforms),
            min_description_length: p.min_description_length,
            min_suggestion_length: p.min_suggestion_length,
            hide_release_versions: p.hide_release_versions ? 1 : 0,
            duplicate_detection: p.duplicate_detection ? 1 : 0,
            duplicate_threshold: p.duplicate_threshold ?? 0.85,
            nda: p.nda || p.modules.includes('nda') ? 1 : 0,
            discord_ids_for_issues: p.discord_ids_for_issues ? 1 : 0,
            publish_after_default: p.publish_after_default ?? null,
            tester_cap_24h: p.tester_caps?.per_24h ?? null,
            tester_cap_7d: p.tester_caps?.per_7d ?? null,
            sentiment_analysis: p.sentiment_analysis || p.modules.includes('sentiments') ? 1 : 0,
            has_discord_bot: p.has_discord_bot ? 1 : 0,
            integrations: JSON.stringify(p.integrations ?? []),
            created_at: now,
            updated_at: now,
          }),
        );
        result.projects[p.key] = project.public_id;
        p.statuses?.forEach((s) => {
          insertStatus(deps.db, project.id, s.key, s.name);
        });
        p.members?.forEach((m, j) => {
          insertMember(deps.db, {
            project_id: project.id,
            user_id: refer(userIds, m.user, `${at}.members[${j}].user`, 'user'),
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
        p.custom_fields?.forEach((f, j) => {
          unique(`${at}.custom_fields[${j}]`, () =>
            insertCustomField(deps.db, {
              project_id: project.id,
              applies_to: f.applies_to ?? 'issue',
              ident: f.ident,
              name: f.name,
              field_type: f.field_type,
              options: JSON.stringify(f.options ?? []),
              required: f.required ? 1 : 0,
              player_viewable: f.player_viewable === false ? 0 : 1,
              tester_settable: f.tester_settable === false ? 0 : 1,
              auto_created: 0,
              created_at: now,
            }),
          );
        });
        const releaseIds = new Map<string, number>();
        p.releases?.forEach((r, j) => {
          const release = unique(`${at}.releases[${j}]`, () =>
            insertRelease(deps.db, {
              id: r.id ?? null,
              project_id: project.id,
              label: r.label,
              summary: r.summary,
              description: r.description,
              status: r.status,
              created_at: r.created_at ?? new Date(Date.parse(now) + j).toISOString(),
            }),
          );
          r.download_links?.forEach((link) => {
            insertDownloadLink(deps.db, {
              release_id: release.id,
              platform: link.platform,
              url: link.url,
              link_enabled: link.link_enabled ?? true,
            });
          });
          releaseIds.set(r.label, release.id);
          if (r.key) releaseIds.set(r.key, release.id);
          result.releases[r.key ?? r.label] = `rel-${release.id}`;
        });
        const tagIds = new Map<string, number>();
        p.tags?.forEach((t) => {
          const parent = t.parent === undefined ? null : refer(tagIds, t.parent, `${at}.tags.${t.name}.parent`, 'tag');
          const id = stmt(
            deps.db,
            `INSERT INTO tags (id, project_id, name, color, description, parent_tag_id, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
          )
            .pluck()
            .get(
              t.id ?? null,
              project.id,
              t.name,
              t.color ?? '#6b7280',
              t.description ?? null,
              parent,
              now,
              now,
            ) as number;
          tagIds.set(t.name, id);
        });
        p.knowledge_chunks?.forEach((k) => {
          stmt(
            deps.db,
            'INSERT INTO knowledge_chunks (project_id, title, content, created_at) VALUES (?, ?, ?, ?)',
          ).run(project.id, k.title, k.content, now);
        });
        const fields = new Map(listCustomFields(deps.db, project.id, 'issue').map((f) => [f.ident, f.id]));
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
              reporter_user_id: issue.reporter ? refer(userIds, issue.reporter, `${ia}.reporter`, 'user') : null,
              assigned_to_user_id: issue.assigned_to
                ? refer(userIds, issue.assigned_to, `${ia}.assigned_to`, 'user')
                : null,
              release_id: issue.release ? refer(releaseIds, issue.release, `${ia}.release`, 'release') : null,
              steps: JSON.stringify((issue.steps_to_reproduce ?? []).map((step) => ({ step }))),
              debug_trace: null,
              device: null,
              created_at: created,
              updated_at: issue.updated_at ?? created,
            }),
          );
          for (const [ident, value] of Object.entries(issue.custom ?? {})) {
            setIssueCustomValue(deps.db, row.id, refer(fields, ident, `${ia}.custom.${ident}`, 'custom field'), value);
          }
          issue.tags?.forEach((name, k) => {
            stmt(deps.db, 'INSERT INTO issue_tags (issue_id, tag_id) VALUES (?, ?)').run(
              row.id,
              refer(tagIds, name, `${ia}.tags[${k}]`, 'tag'),
            );
          });
          result.issues[issue.key ?? `${p.key}#${row.scoped_id}`] = {
            id: row.id,
            scoped_id: row.scoped_id,
            path_id: `g-${row.id}`,
          };
        });
        for (const area of deps.areas) area.loadFixture?.(deps, project, p, at);
      });
    })();
  } catch (error) {
    if (error instanceof FixtureError)
      throw unprocessable(`Invalid fixture at ${error.path}: ${error.message}`, { path: error.path });
    throw error;
  }
  return result;
}
