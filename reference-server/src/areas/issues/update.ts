// Update (PATCH/PUT), archive and unarchive. Who may update: the team with bugs.update, a
// project token with can_update_issue, and for a draft its JWT and its reporter. Priority is
// set only by developers; what a caller may not change is dropped with a warning.
import type { Issue } from '../../../../widget/src/protocol/issues.ts';
import { IssueUpdateBody, UPDATE_STATUSES } from '../../../../widget/src/protocol/issues.ts';
import type { Deps } from '../../deps.ts';
import { forbidden, unprocessable, describeZodError } from '../../errors.ts';
import type { Body } from '../../input.ts';
import { listIssueWatchers, updateIssueColumns, type IssueRow } from './repository.ts';
import { findMember, listStatuses, type ProjectRow } from '../projects-auth/repository.ts';
import { findLatestPublishedRelease, findRelease } from '../releases/repository.ts';
import { findUserById, findUserByPublicId } from '../projects-auth/users-repository.ts';
import { FLAG_REFUSALS, hasScope, isTeam, requireScope, requireTokenFlag } from '../projects-auth/access.ts';
import type { Caller } from '../projects-auth/caller.ts';
import { applyCustomFields, planCustomFields } from './custom-fields.ts';
import type { BodyEncoding } from './create.ts';
import { emitIssueWrite } from './write-hooks.ts';
import { rescore } from './publish.ts';
import { issueUrl, renderIssue, statusDisplay } from './render.ts';
import { notify } from '../notifications/notify.ts';
import { formatSteps } from './stand-ins.ts';
import { canEditDraft, viewerOf } from './visibility.ts';

type EditorKind = 'team' | 'token' | 'draft';

function editorKind(deps: Deps, caller: Caller, project: ProjectRow, issue: IssueRow): EditorKind {
  if (hasScope(deps, caller, project, 'bugs.update')) return 'team';
  if (issue.status === 'hidden' && canEditDraft(deps, caller, project, issue)) return 'draft';
  if (caller.token) {
    requireTokenFlag(caller, project, 'can_update_issue');
    return 'token';
  }
  if (caller.scheme === 'personal_access_token' || caller.scheme === 'legacy_jwt')
    requireScope(deps, caller, project, 'bugs.update');
  throw forbidden(FLAG_REFUSALS.can_update_issue);
}

/** A user id as integer or usr-…; the assignee must belong to the project. */
function resolveAssignee(deps: Deps, project: ProjectRow, value: string | number | null | undefined): number | null {
  if (value === null || value === '' || value === undefined) return null;
  const text = String(value);
  const user = /^\d+$/.test(text) ? findUserById(deps.db, Number(text)) : findUserByPublicId(deps.db, text);
  if (!user || !findMember(deps.db, project.id, user.id))
    throw unprocessable(`User ${JSON.stringify(text)} is not a member of this project and cannot be assigned.`);
  return user.id;
}

function resolveRelease(deps: Deps, project: ProjectRow, value: string | number | null): number | null {
  if (value === null || value === '') return null;
  // `latest` as create and the list filter read it.
  if (value === 'latest') {
    const latest = findLatestPublishedRelease(deps.db, project.id);
    if (!latest) throw unprocessable('This project has no published release.');
    return latest.id;
  }
  const id = /^(?:rel-)?(\d+)$/.exec(String(value))?.[1];
  const release = id ? findRelease(deps.db, project.id, Number(id)) : undefined;
  if (!release) throw unprocessable(`Release ${JSON.stringify(String(value))} does not exist in this project.`);
  return release.id;
}

/** Members a JSON `null` cannot clear: null there is the member left out (as at create). */
const NOT_CLEARABLE = [
  'title',
  'description',
  'status',
  'priority',
  'unformatted_steps_to_reproduce',
  'steps_to_reproduce_array',
  'custom',
  'custom_fields',
];

function withoutUnsetNulls(body: Body): Body {
  const issue = body.issue;
  if (issue === null) return { ...body, issue: undefined };
  if (typeof issue !== 'object' || Array.isArray(issue)) return body;
  const fields = issue as Record<string, unknown>;
  return {
    ...body,
    issue: Object.fromEntries(
      Object.entries(fields).filter(([key, v]) => !(v === null && NOT_CLEARABLE.includes(key))),
    ),
  };
}

export function updateIssue(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  issue: IssueRow,
  body: Body,
  encoding: BodyEncoding,
): Issue {
  const kind = editorKind(deps, caller, project, issue);
  const parsed = IssueUpdateBody.safeParse(withoutUnsetNulls(body));
  if (!parsed.success) throw unprocessable(describeZodError(parsed.error));
  const input = parsed.data.issue;
  const viewer = viewerOf(deps, caller, project);
  const warnings: string[] = [];
  const changes: Partial<IssueRow> = {};

  if (input.title !== undefined) changes.title = input.title.trim() || issue.title;
  if (input.description !== undefined) changes.description = input.description;
  if (input.steps_to_reproduce_array !== undefined)
    changes.steps = JSON.stringify(
      input.steps_to_reproduce_array.filter((s) => s.trim()).map((step) => ({ step: step.trim() })),
    );
  else if (input.unformatted_steps_to_reproduce !== undefined)
    changes.steps = JSON.stringify(formatSteps(input.unformatted_steps_to_reproduce).map((step) => ({ step })));
  if (input.release_id !== undefined) changes.release_id = resolveRelease(deps, project, input.release_id);

  if (input.status !== undefined) {
    if (kind === 'draft') warnings.push('issue[status] was ignored: publish the draft to open it.');
    else {
      const allowed = [...UPDATE_STATUSES, ...listStatuses(deps.db, project.id).map((s) => s.key)];
      if (!allowed.includes(input.status))
        throw unprocessable(`Status ${JSON.stringify(input.status)} is not one of ${allowed.join(', ')}.`);
      changes.status = input.status;
    }
  }
  if (input.assigned_to_id !== undefined) {
    if (kind === 'draft') warnings.push('issue[assigned_to_id] was ignored: only the team assigns issues.');
    else changes.assigned_to_user_id = resolveAssignee(deps, project, input.assigned_to_id);
  }
  if (input.priority !== undefined) {
    // Only a developer update can set the priority (docs/api/issues.md, Update).
    if (viewer.developer) changes.priority = input.priority;
    else warnings.push('issue[priority] was ignored: only developers set the priority.');
  }

  const custom = { ...(input.custom_fields ?? {}), ...(input.custom ?? {}) };
  const plan = Object.keys(custom).length
    ? planCustomFields(deps, project, {
        values: custom,
        encoding,
        deferValidation: issue.status === 'hidden',
        checkRequired: false,
        path: caller.token ? 'sdk' : 'user',
        team: isTeam(deps, caller, project),
      })
    : null;
  if (plan) warnings.push(...plan.warnings);
  const blanks = plan ? Object.keys(custom).filter((key) => custom[key] === '' || custom[key] === null) : [];

  const updated = deps.db.transaction(() => {
    if (plan)
      warnings.push(
        ...applyCustomFields(
          deps,
          project,
          issue.id,
          plan,
          caller.token ? 'sdk' : 'user',
          blankFieldIds(deps, project, blanks),
        ),
      );
    const row = updateIssueColumns(deps.db, issue.id, { ...changes, updated_at: deps.clock.now().toISOString() });
    return updateIssueColumns(deps.db, issue.id, { score: rescore(deps, row) });
  })();
  emitIssueWrite(deps, updated, 'updated');
  if (updated.status !== issue.status) notifyStatusChange(deps, caller, project, updated, issue.status);
  return renderIssue(deps, caller, project, updated, { warnings });
}

/**
 * The reporter (a virtual user from set_contact_info included) and the watchers hear about a
 * new status; the updater does not, and raw issues notify no one (docs/api/admin.md#notifications).
 */
function notifyStatusChange(deps: Deps, caller: Caller, project: ProjectRow, issue: IssueRow, from: string): void {
  if (issue.raw === 1 || issue.status === 'hidden') return;
  const recipients = new Set([issue.reporter_user_id, ...listIssueWatchers(deps.db, issue.id)]);
  recipients.delete(null);
  recipients.delete(caller.user?.id ?? null);
  for (const userId of recipients) {
    const user = findUserById(deps.db, userId!);
    notify(deps, {
      kind: 'notification',
      event: 'issue.status_changed',
      projectId: project.id,
      recipientUserId: userId,
      recipientEmail: user?.email ?? null,
      subject:
        `${issue.title}: ` +
        `${statusDisplay(new Map(listStatuses(deps.db, project.id).map((st) => [st.key, st.name])), issue.status)}`,
      body:
        `The bug report "${issue.title}" in ${project.name} is now ${issue.status} (was ${from}).\n\n` +
        `${issueUrl(deps, project, issue)}`,
      data: { issue_id: issue.id, from, to: issue.status },
    });
  }
}

/** Fields a caller blanked out: their stored values are removed. */
function blankFieldIds(deps: Deps, project: ProjectRow, keys: string[]): number[] {
  if (keys.length === 0) return [];
  const fields = deps.db
    .prepare("SELECT id, ident, name FROM custom_fields WHERE project_id = ? AND applies_to = 'issue'")
    .all(project.id) as { id: number; ident: string; name: string }[];
  return keys
    .map((key) => fields.find((f) => f.ident === key || f.name === key)?.id)
    .filter((id): id is number => id !== undefined);
}

export function setArchived(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  issue: IssueRow,
  archived: boolean,
): Issue {
  requireScope(deps, caller, project, 'bugs.archive');
  const updated = updateIssueColumns(deps.db, issue.id, {
    archived: archived ? 1 : 0,
    updated_at: deps.clock.now().toISOString(),
  });
  emitIssueWrite(deps, updated, 'updated');
  return renderIssue(deps, caller, project, updated);
}
