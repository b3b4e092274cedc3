// The reporter side of an issue: set_contact_info (and its deprecated twin set_reporter_email)
// make a virtual user who is notified about the issue; ask_for_details notifies the reporter
// and makes the asking team member a watcher.
import { AskForDetailsBody, ContactInfoBody } from '../../../../widget/src/protocol/issues.ts';
import { DISCORD_ID_PATTERN, EMAIL_PATTERN } from '../../../../widget/src/protocol/common.ts';
import type { Deps } from '../../deps.ts';
import { forbidden, unprocessable } from '../../errors.ts';
import type { Body } from '../../input.ts';
import { addIssueWatcher, updateIssueColumns, type IssueRow } from './repository.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { findOrCreateVirtualUser, findUserById, type UserRow } from '../projects-auth/users-repository.ts';
import { requireScope } from '../projects-auth/access.ts';
import { signedInUser, type Caller } from '../projects-auth/caller.ts';
import { emitIssueWrite } from './write-hooks.ts';
import { issueUrl } from './render.ts';
import { canEditDraft } from './visibility.ts';
import { notify } from '../notifications/notify.ts';

export interface ContactResult {
  id: number;
  email: string | null;
  discord_id: string | null;
  virtual: boolean;
}

function readContact(body: Body, emailRequired: boolean): { email: string | null; discordId: string | null } {
  const input = ContactInfoBody.parse(body);
  const email = input.email === undefined || String(input.email).trim() === '' ? null : String(input.email).trim();
  const discordId =
    input.discord_id === undefined || String(input.discord_id).trim() === '' ? null : String(input.discord_id).trim();
  if (email !== null && !EMAIL_PATTERN.test(email))
    throw unprocessable(`${JSON.stringify(email)} is not a valid email address.`);
  if (discordId !== null && !DISCORD_ID_PATTERN.test(discordId))
    throw unprocessable('discord_id must contain digits only.');
  if (emailRequired && email === null) throw unprocessable('email is required.');
  if (email === null && discordId === null) throw unprocessable('Give an email or a discord_id.');
  return { email, discordId };
}

/**
 * The virtual user for the contact (by email when given, else by Discord id). It becomes the
 * reporter unless a real account reported the issue, and is told its report is linked.
 */
function linkContact(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  issue: IssueRow,
  contact: { email: string | null; discordId: string | null },
): ContactResult {
  if (!canEditDraft(deps, caller, project, issue))
    throw forbidden('Only the reporter, the draft token or the team may set the contact of this issue.');
  const now = deps.clock.now().toISOString();
  const user: UserRow = findOrCreateVirtualUser(
    deps.db,
    contact.email ? { email: contact.email } : { discordId: contact.discordId! },
    now,
  );
  const current = issue.reporter_user_id !== null ? findUserById(deps.db, issue.reporter_user_id) : undefined;
  const updated = deps.db.transaction(() => {
    addIssueWatcher(deps.db, issue.id, user.id, now);
    if (current && current.virtual === 0) return issue;
    return updateIssueColumns(deps.db, issue.id, {
      reporter_user_id: user.id,
      discord_user_id: contact.discordId ?? issue.discord_user_id ?? null,
      updated_at: now,
    });
  })();
  notify(deps, {
    kind: contact.email ? 'email' : 'notification',
    event: 'issue.contact_linked',
    projectId: project.id,
    recipientUserId: user.id,
    recipientEmail: contact.email,
    subject: `You will hear about your report: ${issue.title}`,
    body:
      `Your contact details were added to the bug report "${issue.title}" in ${project.name}. We will let you ` +
      `know when it changes.\n\n${issueUrl(deps, project, updated)}`,
    data: { issue_id: issue.id, discord_id: contact.discordId },
  });
  if (updated !== issue) emitIssueWrite(deps, updated, 'updated');
  return {
    id: user.id,
    email: user.email,
    discord_id: user.discord_id ?? contact.discordId,
    virtual: user.virtual === 1,
  };
}

export function setContactInfo(deps: Deps, caller: Caller, project: ProjectRow, issue: IssueRow, body: Body) {
  const user = linkContact(deps, caller, project, issue, readContact(body, false));
  return { success: true, message: 'Contact info saved.', issue_id: issue.id, user };
}

/** Deprecated (docs/api/issues.md, its operation table): the same with email required and `reporter` in the answer. */
export function setReporterEmail(deps: Deps, caller: Caller, project: ProjectRow, issue: IssueRow, body: Body) {
  const reporter = linkContact(deps, caller, project, issue, readContact(body, true));
  return { success: true, message: 'Reporter email saved.', issue_id: issue.id, reporter };
}

const WHAT_TEXT = {
  steps: 'the steps to reproduce it',
  screenshot: 'a screenshot',
  video: 'a video',
  logs: 'log files',
  device: 'your device details',
} as const;

export function askForDetails(deps: Deps, caller: Caller, project: ProjectRow, issue: IssueRow, body: Body) {
  requireScope(deps, caller, project, 'bugs.ask_details');
  const input = AskForDetailsBody.parse(body);
  const requester = signedInUser(caller)!;
  const now = deps.clock.now().toISOString();
  addIssueWatcher(deps.db, issue.id, requester.id, now);
  // An anonymous report (a bare project token) has no one to ask: the asker still watches it,
  // so a later set_contact_info or update reaches them; not a refusal of well-formed input.
  if (issue.reporter_user_id === null)
    return { success: true, message: 'This issue has no reporter to ask yet; you are watching it.' };
  const reporter = findUserById(deps.db, issue.reporter_user_id);
  notify(deps, {
    kind: 'notification',
    event: 'issue.details_requested',
    projectId: project.id,
    recipientUserId: issue.reporter_user_id,
    recipientEmail: reporter?.email ?? null,
    subject: `More details needed: ${issue.title}`,
    body:
      `${requester.name ?? 'The team'} asks for ${WHAT_TEXT[input.what]} for your report "${issue.title}".` +
      `${input.comment ? `\n\n${input.comment}` : ''}\n\n${issueUrl(deps, project, issue)}`,
    data: { issue_id: issue.id, what: input.what, comment: input.comment ?? null, requested_by: requester.id },
  });
  return { success: true, message: `The reporter was asked for ${WHAT_TEXT[input.what]}.` };
}
