// Publishing a draft: hidden becomes open, required custom fields are enforced, include flags
// are applied, and with email_my_report the reporter gets a copy. Also the durable automatic
// publish job of `publish_after` (docs/api-choices.md#background-jobs), which survives a restart of the server.
import type { Issue } from '../../../../widget/src/protocol/issues.ts';
import { EMAIL_PATTERN } from '../../../../widget/src/protocol/common.ts';
import { PublishBody } from '../../../../widget/src/protocol/issues.ts';
import type { Deps } from '../../deps.ts';
import { forbidden } from '../../errors.ts';
import type { Body } from '../../input.ts';
import { countIssueAttachments, findIssueByGlobalId, updateIssueColumns, type IssueRow } from './repository.ts';
import { findProjectById, type ProjectRow } from '../projects-auth/repository.ts';
import { findUserById } from '../projects-auth/users-repository.ts';
import type { Caller } from '../projects-auth/caller.ts';
import { assertCustomFieldsComplete } from './custom-fields.ts';
import { emitIssueWrite } from './write-hooks.ts';
import { issueUrl, renderIssue } from './render.ts';
import { computeScore } from './stand-ins.ts';
import { canEditDraft } from './visibility.ts';
import { pruneIssueMedia } from '../media/attachments.ts';
import { notify } from '../notifications/notify.ts';
import { parsePublishAfter, PUBLISH_AFTER_MAX_MS } from './create-input.ts';

export const AUTO_PUBLISH_JOB = 'issues.auto_publish';

/** The project's publish_after default for drafts created without one (null: none). */
export function defaultPublishDelay(project: ProjectRow): number | null {
  if (!project.publish_after_default) return null;
  const ms = parsePublishAfter(project.publish_after_default);
  return ms === null ? null : Math.min(ms, PUBLISH_AFTER_MAX_MS);
}

/** Recomputes the score from what the issue now has (media may have arrived since create). */
export function rescore(deps: Pick<Deps, 'db'>, issue: IssueRow): string {
  return computeScore({
    description: issue.description,
    steps: (JSON.parse(issue.steps) as unknown[]).length,
    media: countIssueAttachments(deps.db, issue.id),
    device: issue.device !== null,
  });
}

/** hidden → open, with the stored include flags applied; shared by the operation and the job. */
function publishRow(deps: Deps, issue: IssueRow): IssueRow {
  return deps.db.transaction(() => {
    if (issue.include_flags) {
      const flags = JSON.parse(issue.include_flags) as { screenshot: boolean; video: boolean; other: boolean };
      pruneIssueMedia(deps, issue, { screenshots: flags.screenshot, videos: flags.video, other: flags.other });
    }
    const now = deps.clock.now().toISOString();
    return updateIssueColumns(deps.db, issue.id, {
      status: 'open',
      published_at: now,
      publish_at: null,
      updated_at: now,
      score: rescore(deps, issue),
    });
  })();
}

export function publishIssue(deps: Deps, caller: Caller, project: ProjectRow, issue: IssueRow, body: Body): Issue {
  if (!canEditDraft(deps, caller, project, issue))
    throw forbidden('Only the reporter, the draft token or the team may publish this issue.');
  const { email_my_report: emailMyReport = false } = PublishBody.parse(body);
  // Publishing a published issue changes nothing (as releases do).
  if (issue.status !== 'hidden') return renderIssue(deps, caller, project, issue);
  assertCustomFieldsComplete(deps, project, issue.id);
  const published = publishRow(deps, issue);
  if (emailMyReport) emailReportCopy(deps, project, published);
  emitIssueWrite(deps, published, 'published');
  return renderIssue(deps, caller, project, published);
}

/** Only when the reporter has a valid email (docs/api/admin.md#notifications). */
function emailReportCopy(deps: Deps, project: ProjectRow, issue: IssueRow): void {
  const reporter = issue.reporter_user_id !== null ? findUserById(deps.db, issue.reporter_user_id) : undefined;
  if (!reporter?.email || !EMAIL_PATTERN.test(reporter.email)) return;
  notify(deps, {
    kind: 'email',
    event: 'issue.report_copy',
    projectId: project.id,
    recipientUserId: reporter.id,
    recipientEmail: reporter.email,
    subject: `Your bug report for ${project.name}: ${issue.title}`,
    body: `Thanks for your report.\n\n${issue.title}\n\n${issue.description}\n\n${issueUrl(deps, project, issue)}`,
    data: { issue_id: issue.id, scoped_id: issue.scoped_id },
  });
}

/** The job: publishes the draft if it is still hidden and its time has come. */
export function runAutoPublish(deps: Deps, payload: { issue_id: number }): void {
  const issue = findIssueByGlobalId(deps.db, payload.issue_id);
  if (issue?.status !== 'hidden' || issue.publish_at === null) return;
  if (issue.publish_at > deps.clock.now().toISOString()) return;
  if (!findProjectById(deps.db, issue.project_id)) return;
  emitIssueWrite(deps, publishRow(deps, issue), 'published');
}
