// Who may do what: project visibility (401 before 403), roles and their scopes (docs/api-choices.md#role-scopes),
// the nine project-token flags with their 403 messages (docs/api/projects-auth.md#permissions-and-limits), the
// per-IP daily counter,
// the NDA gate and the organization's monthly bug-report quota.
import { toUtcDay } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { forbidden, unauthenticated } from '../../errors.ts';
import { incrementDailyCounter } from './counters-repository.ts';
import { rememberedSettings } from '../../db/remembered-rows.ts';
import { countOrganizationIssuesSince, findOrganization, isOrganizationAdmin } from './organizations-repository.ts';
import { findMember, type MemberRow, type ProjectRow } from './repository.ts';
import type { TokenFlag } from '../../../../widget/src/protocol/fixtures.ts';
import { signedInUser, type Caller } from './caller.ts';
import { KNOWN_ERROR_SENTENCES } from '../../known-error-sentences.ts';

export type Role = MemberRow['role'];

const BUG_SCOPES = [
  'update',
  'archive',
  'merge',
  'convert',
  'ask_details',
  'bulk_update',
  'delete',
  'push_integration',
  'public_link',
  'clarify',
].map((verb) => `bugs.${verb}`);
const PROJECT_SCOPES = [
  'settings.edit',
  'members.manage',
  'releases.manage',
  'integrations.view',
  'integrations.manage',
  'api_tokens.manage',
  'webhooks.manage',
  'automation.manage',
  'taxonomy.manage',
  'support.manage',
  'survey.manage',
  'guidelines.view',
  'key_collections.view',
  'analytics.view',
].map((s) => `project.${s}`);
export const ALL_SCOPES = [
  ...BUG_SCOPES,
  'suggestions.update',
  'suggestions.moderate',
  'tickets.view',
  'tickets.update',
  ...PROJECT_SCOPES,
  'access_requests.review',
];

export const ROLE_SCOPES: Record<Role, readonly string[]> = {
  owner: ALL_SCOPES,
  admin: ALL_SCOPES,
  developer: [
    ...BUG_SCOPES,
    'suggestions.update',
    'suggestions.moderate',
    'tickets.view',
    'tickets.update',
    'project.releases.manage',
    'project.integrations.view',
    'project.guidelines.view',
    'project.key_collections.view',
    'project.analytics.view',
    'project.taxonomy.manage',
  ],
  support: [
    'tickets.view',
    'tickets.update',
    'bugs.update',
    'bugs.ask_details',
    'suggestions.moderate',
    'project.guidelines.view',
  ],
  tester: [],
};

/** `issues.<verb>` is the legacy alias of `bugs.<verb>` (docs/api/projects-auth.md#permissions-and-limits). */
export function canonicalScope(scope: string): string {
  return scope.startsWith('issues.') ? `bugs.${scope.slice('issues.'.length)}` : scope;
}

export interface Standing {
  member: MemberRow | undefined;
  orgAdmin: boolean;
  siteAdmin: boolean;
}

export function standingOf(deps: Pick<Deps, 'db'>, caller: Caller, project: ProjectRow): Standing {
  const user = signedInUser(caller);
  if (!user) return { member: undefined, orgAdmin: false, siteAdmin: false };
  return {
    member: findMember(deps.db, project.id, user.id),
    orgAdmin: isOrganizationAdmin(deps.db, project.organization_id, user.id),
    siteAdmin: user.site_admin === 1,
  };
}

/** Owner, admin or developer, an admin of the project's organization, or a site admin. */
export function isDeveloperLevel(deps: Pick<Deps, 'db'>, caller: Caller, project: ProjectRow): boolean {
  const s = standingOf(deps, caller, project);
  return s.siteAdmin || s.orgAdmin || ['owner', 'admin', 'developer'].includes(s.member?.role ?? '');
}

/** Developer-level plus support: sees every issue, reporter and private media. */
export function isTeam(deps: Pick<Deps, 'db'>, caller: Caller, project: ProjectRow): boolean {
  const s = standingOf(deps, caller, project);
  return s.siteAdmin || s.orgAdmin || ['owner', 'admin', 'developer', 'support'].includes(s.member?.role ?? '');
}

export function scopesOf(deps: Pick<Deps, 'db'>, caller: Caller, project: ProjectRow): Set<string> {
  const s = standingOf(deps, caller, project);
  if (s.siteAdmin || s.orgAdmin) return new Set(ALL_SCOPES);
  if (!s.member) return new Set();
  const explicit = s.member.scopes ? (JSON.parse(s.member.scopes) as string[]) : null;
  return new Set((explicit ?? ROLE_SCOPES[s.member.role]).map(canonicalScope));
}

export function hasScope(deps: Pick<Deps, 'db'>, caller: Caller, project: ProjectRow, scope: string): boolean {
  return scopesOf(deps, caller, project).has(canonicalScope(scope));
}

export function requireScope(deps: Pick<Deps, 'db'>, caller: Caller, project: ProjectRow, scope: string): void {
  if (!hasScope(deps, caller, project, scope))
    throw forbidden(`You do not have the ${canonicalScope(scope)} permission on this project.`);
}

/** Anyone may see a public project; a private one needs a credential of this project. */
export function assertCanViewProject(deps: Pick<Deps, 'db'>, caller: Caller, project: ProjectRow): void {
  if (caller.token && caller.token.project_id !== project.id)
    throw forbidden(KNOWN_ERROR_SENTENCES.tokenOfAnotherProject);
  // A submission token is bound to the project it was made for, on every route (docs/security.md).
  if (caller.submission && caller.submission.projectPublicId !== project.public_id) {
    throw forbidden('This submission token belongs to another project.');
  }
  if (caller.issueGrant && caller.issueGrant.projectPublicId !== project.public_id && !caller.token)
    throw forbidden(KNOWN_ERROR_SENTENCES.tokenOfAnotherProject);
  if (caller.featureRequestGrant && caller.featureRequestGrant.projectPublicId !== project.public_id && !caller.token)
    throw forbidden(KNOWN_ERROR_SENTENCES.tokenOfAnotherProject);
  if (project.access === 'public') return;
  if (caller.token || caller.issueGrant || caller.featureRequestGrant) return;
  const user = signedInUser(caller);
  if (!user) throw unauthenticated();
  const s = standingOf(deps, caller, project);
  if (!s.member && !s.orgAdmin && !s.siteAdmin) throw forbidden(KNOWN_ERROR_SENTENCES.forbidden);
}

/** What a request's path is about, for a draft JWT: the project, an issue or feature request, or else null. */
export type DraftTarget = { kind: 'project' | 'issue' | 'feature_request'; pathId: string } | null;

/**
 * A draft JWT on its own (`Bearer <jwt>`, no project token or account) reaches only its own issue's
 * (or feature request's) operations and the project's detail, which the token that made the draft
 * reads too. Project-wide lists such as issues or releases are 403 (docs/security.md).
 */
export function assertGrantReaches(
  deps: Pick<Deps, 'db' | 'identity'>,
  caller: Caller,
  project: ProjectRow,
  target: DraftTarget,
): void {
  if (caller.scheme !== 'issue_jwt' || target?.kind === 'project') return;
  const { issueGrant, featureRequestGrant } = caller;
  if (target?.kind === 'issue' && issueGrant) {
    if (deps.identity.issueIdOf(deps.db, project.id, target.pathId) === issueGrant.issueId) return;
  }
  if (target?.kind === 'feature_request' && featureRequestGrant) {
    if (deps.identity.featureRequestIdOf(deps.db, project.id, target.pathId) === featureRequestGrant.featureRequestId)
      return;
  }
  throw forbidden('A draft token reaches only the operations of its own issue or feature request.');
}

/** The sentence a project token gets when it lacks a flag (or hits its daily limit). */
export const FLAG_REFUSALS: Record<TokenFlag, string> = {
  can_create_bug_report: KNOWN_ERROR_SENTENCES.notAllowedToReportBug,
  can_create_feature_request: 'Not allowed to create a feature request.',
  can_create_ticket: 'Not allowed to create a ticket.',
  can_report_crash: 'Not allowed to report a crash.',
  can_search_knowledge_base: 'Not allowed to search the knowledge base.',
  can_read_release_list: 'Not allowed to read the release list.',
  can_create_release: 'Not allowed to create a release.',
  can_update_issue: 'Not allowed to update this issue.',
  can_list_issues: 'Not allowed to list issues.',
};

export function tokenHasFlag(caller: Caller, flag: TokenFlag): boolean {
  if (!caller.token) return false;
  const flags = JSON.parse(caller.token.flags) as Partial<Record<TokenFlag, boolean>>;
  return flags[flag] === true;
}

/** 403 unless the project token of this project carries the flag. */
export function requireTokenFlag(caller: Caller, project: ProjectRow, flag: TokenFlag): void {
  if (!caller.token) throw forbidden(FLAG_REFUSALS[flag]);
  if (caller.token.project_id !== project.id) throw forbidden(KNOWN_ERROR_SENTENCES.tokenOfAnotherProject);
  if (!tokenHasFlag(caller, flag)) throw forbidden(FLAG_REFUSALS[flag]);
}

/** Operations the per-IP daily counter covers, each counted separately. */
export type CountedOperation = 'bug_report' | 'feature_request' | 'ticket' | 'crash_report' | 'knowledge_base';
const COUNTED_FLAG: Record<CountedOperation, TokenFlag> = {
  bug_report: 'can_create_bug_report',
  feature_request: 'can_create_feature_request',
  ticket: 'can_create_ticket',
  crash_report: 'can_report_crash',
  knowledge_base: 'can_search_knowledge_base',
};

/**
 * Counts one request of a project-token caller against its daily limit (token, IP, operation,
 * UTC day by the server clock); the request over the limit is 403. Signed-in users are not
 * counted: they are governed by the tester caps instead. Anonymous callers count under `-`.
 */
export function consumeDailyLimit(
  deps: Pick<Deps, 'db' | 'clock'>,
  caller: Caller,
  operation: CountedOperation,
  limit?: number,
): void {
  if (signedInUser(caller) && !caller.token) return;
  const max = limit ?? caller.token?.daily_limit ?? 8;
  const count = incrementDailyCounter(deps.db, {
    token: caller.token?.token ?? '-',
    ip: caller.ip,
    operation,
    day: toUtcDay(deps.clock.now()),
  });
  if (count > max)
    throw forbidden(
      `${FLAG_REFUSALS[COUNTED_FLAG[operation]]} The daily limit of ${max} for this IP has been reached.`,
    );
}

/** An NDA-gated project refuses reports from signed-in users who have not accepted its NDA. */
export function assertNdaAccepted(deps: Pick<Deps, 'db'>, caller: Caller, project: ProjectRow): void {
  if (!project.nda || isTeam(deps, caller, project)) return;
  const user = signedInUser(caller);
  if (!user) return;
  const member = findMember(deps.db, project.id, user.id);
  if (!member?.nda_accepted) throw forbidden('You must accept the NDA of this project before reporting.');
}

/** 403 when the organization has used its plan's bug reports for this calendar month (UTC). */
export function assertMonthlyQuota(deps: Pick<Deps, 'db' | 'clock'>, project: ProjectRow): void {
  const org = rememberedSettings(deps.db, 'organization', String(project.organization_id), () =>
    findOrganization(deps.db, project.organization_id),
  );
  if (org?.monthly_bug_report_quota == null) return;
  const now = deps.clock.now();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  if (countOrganizationIssuesSince(deps.db, org.id, monthStart) >= org.monthly_bug_report_quota) {
    throw forbidden('Your organization has reached its monthly bug report quota.');
  }
}
