// Permission rules on a real SQLite database: role scopes and their legacy aliases, explicit
// scope lists, token flags, the per-IP daily counter across midnight, the NDA gate and the
// organization's monthly quota.
import { beforeEach, describe, expect, it } from 'vitest';
import { stmt } from '../../reference-server/src/db/database.ts';
import type { Deps } from '../../reference-server/src/deps.ts';
import { ServiceError } from '../../reference-server/src/errors.ts';
import { findProjectByPublicId, type ProjectRow } from '../../reference-server/src/areas/projects-auth/repository.ts';
import { insertIssue } from '../../reference-server/src/areas/issues/repository.ts';
import { createDeps } from '../../reference-server/src/server.ts';
import {
  assertMonthlyQuota,
  assertNdaAccepted,
  consumeDailyLimit,
  hasScope,
  isDeveloperLevel,
  isTeam,
  requireTokenFlag,
} from '../../reference-server/src/areas/projects-auth/access.ts';
import { resolveCaller, type Caller } from '../../reference-server/src/areas/projects-auth/caller.ts';
import { loadFixtures } from '../../reference-server/src/areas/admin/fixtures.ts';
import { PATS, PROJECT_ID, TOKENS, seedDocument } from '../helpers/seed.ts';
import { newIssue } from '../helpers/issue-rows.ts';

let deps: Deps;
let project: ProjectRow;
const as = (auth: string, ip = '10.0.0.1'): Promise<Caller> => resolveCaller(deps, auth, ip);
const statusOf = (fn: () => void): number | 'ok' => {
  try {
    fn();
    return 'ok';
  } catch (error) {
    if (error instanceof ServiceError)
      return ({ forbidden: 403, unprocessable: 422 } as Record<string, number>)[error.code] ?? 500;
    throw error;
  }
};

beforeEach(() => {
  deps = createDeps({ now: new Date('2030-03-10T23:50:00.000Z') });
  const doc = seedDocument({ project: { nda: true } }) as any;
  doc.users.push(
    { key: 'scoped', name: 'Scoped', pat: 'pat-scoped' },
    { key: 'signed', name: 'Signed', pat: 'pat-signed' },
  );
  doc.projects[0].members.push(
    { user: 'scoped', role: 'tester', scopes: ['issues.archive'] },
    { user: 'signed', role: 'tester', nda_accepted: true },
  );
  doc.projects[0].tokens.push({ token: 'tkn-limited', can_create_bug_report: true, daily_limit: 2 });
  doc.organizations[0].monthly_bug_report_quota = 2;
  loadFixtures(deps, doc);
  project = findProjectByPublicId(deps.db, PROJECT_ID)!;
});

describe('roles and scopes (docs/api-choices.md#role-scopes)', () => {
  it('gives each role its scopes, and the legacy issues.<verb> aliases the same answer', async () => {
    const dev = await as(`Bearer ${PATS.developer}`);
    const support = await as(`Bearer ${PATS.support}`);
    const tester = await as(`Bearer ${PATS.tester}`);
    expect(hasScope(deps, dev, project, 'bugs.merge')).toBe(true);
    expect(hasScope(deps, dev, project, 'issues.merge')).toBe(true);
    expect(hasScope(deps, dev, project, 'project.settings.edit')).toBe(false);
    expect(hasScope(deps, support, project, 'bugs.update')).toBe(true);
    expect(hasScope(deps, support, project, 'issues.delete')).toBe(false);
    expect(hasScope(deps, support, project, 'tickets.update')).toBe(true);
    expect(hasScope(deps, tester, project, 'bugs.update')).toBe(false);
    expect(hasScope(deps, await as(`Bearer ${PATS.owner}`), project, 'project.api_tokens.manage')).toBe(true);
  });

  it("lets a fixture override a member's scopes with an explicit list", async () => {
    const scoped = await as('Bearer pat-scoped');
    expect(hasScope(deps, scoped, project, 'bugs.archive')).toBe(true);
    expect(hasScope(deps, scoped, project, 'bugs.update')).toBe(false);
  });

  it('counts org admins and site admins as developer-level, support as team only', async () => {
    expect(isDeveloperLevel(deps, await as(`Bearer ${PATS.orgAdmin}`), project)).toBe(true);
    expect(isDeveloperLevel(deps, await as(`Bearer ${PATS.siteAdmin}`), project)).toBe(true);
    expect(isDeveloperLevel(deps, await as(`Bearer ${PATS.support}`), project)).toBe(false);
    expect(isTeam(deps, await as(`Bearer ${PATS.support}`), project)).toBe(true);
    expect(isTeam(deps, await as(`FormUser ${TOKENS.all}`), project)).toBe(false);
  });
});

describe('project token flags', () => {
  it('refuses a token lacking the flag with the documented sentence', async () => {
    const none = await as(`FormUser ${TOKENS.none}`);
    expect(() => requireTokenFlag(none, project, 'can_create_bug_report')).toThrow('Not allowed to report a bug.');
    const all = await as(`FormUser ${TOKENS.all}`);
    expect(() => requireTokenFlag(all, project, 'can_create_bug_report')).not.toThrow();
  });

  it('refuses a token of another project', async () => {
    const other = await as(`FormUser ${TOKENS.other}`);
    expect(() => requireTokenFlag(other, project, 'can_list_issues')).toThrow(
      'Auth token does not belong to this project.',
    );
  });
});

describe('per-IP daily counter', () => {
  it('refuses the ninth request of the day and accepts again after midnight', async () => {
    const caller = await as(`FormUser ${TOKENS.all}`);
    for (let i = 0; i < 8; i += 1) expect(statusOf(() => consumeDailyLimit(deps, caller, 'bug_report'))).toBe('ok');
    expect(() => consumeDailyLimit(deps, caller, 'bug_report')).toThrow(/^Not allowed to report a bug\./);
    // Another operation, another IP: counted separately.
    expect(statusOf(() => consumeDailyLimit(deps, caller, 'ticket'))).toBe('ok');
    expect(statusOf(() => consumeDailyLimit(deps, { ...caller, ip: '10.0.0.2' }, 'bug_report'))).toBe('ok');
    deps.clock.advance(11 * 60_000);
    expect(statusOf(() => consumeDailyLimit(deps, caller, 'bug_report'))).toBe('ok');
  });

  it('honours a per-token limit', async () => {
    const limited = await as('FormUser tkn-limited');
    expect(statusOf(() => consumeDailyLimit(deps, limited, 'bug_report'))).toBe('ok');
    expect(statusOf(() => consumeDailyLimit(deps, limited, 'bug_report'))).toBe('ok');
    expect(statusOf(() => consumeDailyLimit(deps, limited, 'bug_report'))).toBe(403);
  });
});

describe('NDA gate and monthly quota', () => {
  it('refuses a signed-in tester who has not accepted the NDA, not one who has, not the team', async () => {
    const tester = await as(`Bearer ${PATS.tester}`);
    expect(() => assertNdaAccepted(deps, tester, project)).toThrow(/NDA/);
    expect(statusOf(() => assertNdaAccepted(deps, tester, project))).toBe(403);
    const signed = await as('Bearer pat-signed');
    expect(statusOf(() => assertNdaAccepted(deps, signed, project))).toBe('ok');
    const developer = await as(`Bearer ${PATS.developer}`);
    expect(statusOf(() => assertNdaAccepted(deps, developer, project))).toBe('ok');
    expect(statusOf(() => assertNdaAccepted(deps, tester, { ...project, nda: 0 }))).toBe('ok');
  });

  it('refuses once the organization has used its monthly bug reports, and again allows next month', () => {
    const now = deps.clock.now().toISOString();
    const issue = newIssue(project.id, now, { title: 't', description: 'd', priority: 'low' });
    insertIssue(deps.db, issue);
    expect(statusOf(() => assertMonthlyQuota(deps, project))).toBe('ok');
    insertIssue(deps.db, issue);
    expect(statusOf(() => assertMonthlyQuota(deps, project))).toBe(403);
    deps.clock.advance(30 * 86_400_000);
    expect(statusOf(() => assertMonthlyQuota(deps, project))).toBe('ok');
    expect(stmt(deps.db, 'SELECT count(*) FROM issues').pluck().get()).toBe(2);
  });
});
