// Loads a fixture document (docs/api-choices.md#fixture-format) in one transaction: all of it or, on any problem,
// nothing, with a 422 naming the path of the offending entry. Users, organizations and each project's row are
// written here; the rest of a project is loaded by each area's loadFixture, in the order of areas/index.ts.
import { assertNesting } from '../../nesting.ts';
import { FixtureDocument, type FixtureResult } from '../../../../widget/src/protocol/fixtures.ts';
import type { Deps } from '../../deps.ts';
import { unprocessable } from '../../errors.ts';
import {
  createFixtureKeys,
  createProjectAnswer,
  FixtureError,
  type ProjectAnswer,
  unique,
} from '../fixture-context.ts';
import { addOrganizationAdmin, insertOrganization } from '../projects-auth/organizations-repository.ts';
import { insertProject } from '../projects-auth/repository.ts';
import { insertPat, insertUser } from '../projects-auth/users-repository.ts';

/** `projects[0].members[1].user` from a zod or loader path. */
function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)),
    '',
  );
}

/** A key every entry of its list must have alone (`users`, `organizations`, `projects`): it names one thing. */
function refuseRepeatedKeys(list: string, entries: readonly { key: string }[]): void {
  const first = new Map<string, number>();
  entries.forEach(({ key }, i) => {
    const seen = first.get(key);
    if (seen !== undefined)
      throw new FixtureError(`${list}[${i}].key`, `key ${JSON.stringify(key)} is already used by ${list}[${seen}]`);
    first.set(key, i);
  });
}

/** The flat maps of the answer: a release or issue key that one project alone uses (docs/api/admin.md). */
function flatten<K extends keyof ProjectAnswer>(byProject: Record<string, ProjectAnswer[K]>): ProjectAnswer[K] {
  const projectsUsing = new Map<string, number>();
  for (const made of Object.values(byProject))
    for (const key of Object.keys(made)) projectsUsing.set(key, (projectsUsing.get(key) ?? 0) + 1);
  const flat: ProjectAnswer[K] = {};
  for (const made of Object.values(byProject))
    for (const [key, ids] of Object.entries(made)) if (projectsUsing.get(key) === 1) flat[key] = ids;
  return flat;
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
  const result: FixtureResult = {
    organizations: {},
    users: {},
    projects: {},
    releases: {},
    issues: {},
    releases_by_project: {},
    issues_by_project: {},
  };
  const keys = createFixtureKeys();

  try {
    refuseRepeatedKeys('users', doc.users);
    refuseRepeatedKeys('organizations', doc.organizations);
    refuseRepeatedKeys('projects', doc.projects);
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
        keys.remember('user', u.key, row.id);
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
          addOrganizationAdmin(deps.db, row.id, keys.refer('user', key, `organizations[${i}].admins[${j}]`));
        });
        keys.remember('organization', o.key, row.id);
        result.organizations[o.key] = row.public_id;
      });
      doc.projects.forEach((p, i) => {
        const at = `projects[${i}]`;
        const project = unique(at, () =>
          insertProject(deps.db, {
            public_id: p.id,
            organization_id: keys.refer('organization', p.organization, `${at}.organization`),
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
        // Releases and tags are keyed per project; users and organizations across the document.
        const made: ProjectAnswer = { releases: {}, issues: {} };
        result.releases_by_project[p.key] = made.releases;
        result.issues_by_project[p.key] = made.issues;
        const answer = createProjectAnswer(made);
        const fixture = { ...createFixtureKeys(keys), project, fixture: p, path: at, now, answer };
        for (const area of deps.areas) area.loadFixture?.(deps, fixture);
      });
    })();
    result.releases = flatten<'releases'>(result.releases_by_project);
    result.issues = flatten<'issues'>(result.issues_by_project);
  } catch (error) {
    if (error instanceof FixtureError)
      throw unprocessable(`Invalid fixture at ${error.path}: ${error.message}`, { path: error.path });
    throw error;
  }
  return result;
}
