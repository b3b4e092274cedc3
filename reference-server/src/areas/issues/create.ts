// POST /projects/{pid}/issues: checks in the order of docs/api/issues.md#create-the-order-of-checks (permission,
// NDA, quota, body,
// caps, counter), then one transaction that writes the issue with its custom values, tags,
// device, inline log and automatic-publish job; the draft JWT is signed after it commits.
import type { Issue } from '../../../../widget/src/protocol/issues.ts';
import { ISSUE_PRIORITIES } from '../../../../widget/src/protocol/issues.ts';
import { inTransaction } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { unprocessable } from '../../errors.ts';
import type { Body } from '../../input.ts';
import { useSubmissionToken } from '../submission-tokens/repository.ts';
import { addIssueTag, existingTagIds, insertDevice, insertFullIssue, type IssueRow } from './repository.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { insertRelease } from '../releases/repository.ts';
import { assertMonthlyQuota, assertNdaAccepted, consumeDailyLimit } from '../projects-auth/access.ts';
import type { Caller } from '../projects-auth/caller.ts';
import { emitIssueWrite } from './write-hooks.ts';
import { applyCustomFields, planCustomFields, type CustomFieldPath } from './custom-fields.ts';
import { readCreateInput, withTextParts, type CreateInput } from './create-input.ts';
import {
  assertMayReport,
  assertTesterCaps,
  chooseDevice,
  chooseRelease,
  chooseReporter,
  discordStyled,
} from './create-rules.ts';
import { AUTO_PUBLISH_JOB, defaultPublishDelay } from './publish.ts';
import { renderIssue } from './render.ts';
import { computeScore, predictPriority } from './stand-ins.ts';
import { viewerOf } from './visibility.ts';
import { attachInlineLog, pruneIssueMedia } from '../media/attachments.ts';
import { notifyReleasePublished } from '../releases/publish-notice.ts';
import { notify } from '../notifications/notify.ts';

export type BodyEncoding = 'json' | 'form';

export async function createIssue(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  body: Body,
  encoding: BodyEncoding,
): Promise<Issue> {
  const discordBot = (body.issue as Record<string, unknown> | undefined)?.source === 'discord_bot';
  try {
    return await create(deps, caller, project, body, encoding, discordBot);
  } catch (error) {
    throw discordBot ? discordStyled(error) : error;
  }
}

async function create(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  body: Body,
  encoding: BodyEncoding,
  discordBot: boolean,
): Promise<Issue> {
  assertMayReport(caller, project);
  assertNdaAccepted(deps, caller, project);
  assertMonthlyQuota(deps, project);
  const viewer = viewerOf(deps, caller, project);
  const input = readCreateInput(await withTextParts(body), project);
  const warnings: string[] = [];

  const path: CustomFieldPath = discordBot ? 'discord' : caller.token ? 'sdk' : 'user';
  const submission =
    caller.submission && caller.submission.projectPublicId === project.public_id ? caller.submission : null;
  const plan = planCustomFields(deps, project, {
    values: input.custom,
    trusted: submission?.custom,
    encoding,
    deferValidation: input.draft,
    checkRequired: true,
    path,
    team: viewer.team,
  });
  warnings.push(...plan.warnings);
  const release = chooseRelease(deps, caller, project, input);
  const device = chooseDevice(deps, caller, input);
  warnings.push(...device.warnings);
  const reporter = chooseReporter(deps, caller, project, input);
  warnings.push(...reporter.warnings);
  const tagIds = chooseTags(deps, caller, project, input, warnings);
  const priority = choosePriority(caller, viewer.developer, input, warnings);

  const now = deps.clock.now();
  const stamp = now.toISOString();
  const delay = input.draft ? (input.publishAfterMs ?? defaultPublishDelay(project)) : null;
  const publishAt = delay !== null ? new Date(now.getTime() + delay).toISOString() : null;
  const keepsLog = input.logs !== null && (!input.includeFlags.process || input.includeFlags.other);

  const issue = inTransaction(deps.db, (): IssueRow => {
    assertTesterCaps(deps, project, viewer, reporter.userId);
    if (submission && !useSubmissionToken(deps.db, submission.jti, stamp))
      throw unprocessable('This submission token has already been used.');
    consumeDailyLimit(deps, caller, 'bug_report');
    let releaseId = release.releaseId;
    if (release.createLabel !== null) {
      const created = insertRelease(deps.db, { project_id: project.id, label: release.createLabel, created_at: stamp });
      notifyReleasePublished(deps, project, created, caller);
      releaseId = created.id;
    }
    let deviceJson: string | null = null;
    if (device.existing) deviceJson = JSON.stringify(device.existing);
    else if (device.parsed) {
      const row = insertDevice(deps.db, {
        user_id: reporter.userId,
        device_type: device.parsed.device_type,
        configuration: JSON.stringify(device.parsed.configuration),
        created_at: stamp,
      });
      deviceJson = JSON.stringify({
        id: row.id,
        device_type: row.device_type,
        configuration: device.parsed.configuration,
      });
    }
    const row = insertFullIssue(deps.db, {
      project_id: project.id,
      title: input.title,
      description: input.description,
      status: input.draft ? 'hidden' : 'open',
      priority,
      score: computeScore({
        description: input.description,
        steps: input.steps.length,
        media: keepsLog ? 1 : 0,
        device: deviceJson !== null,
      }),
      raw: input.raw ? 1 : 0,
      source: input.source,
      discord_message: discordBot ? input.description : null,
      reporter_user_id: reporter.userId,
      assigned_to_user_id: null,
      release_id: releaseId,
      steps: JSON.stringify(input.steps.map((step) => ({ step }))),
      debug_trace: input.debugTrace,
      device: deviceJson,
      publish_at: publishAt,
      discord_user_id: reporter.discordUserId,
      discord_username: reporter.discordUsername,
      include_flags: input.includeFlags.process ? JSON.stringify(input.includeFlags) : null,
      created_at: stamp,
      updated_at: stamp,
    });
    warnings.push(...applyCustomFields(deps, project, row.id, plan, path));
    for (const tagId of tagIds) addIssueTag(deps.db, row.id, tagId);
    if (input.logs !== null) attachInlineLog(deps, row, input.logs, reporter.userId);
    if (input.includeFlags.process)
      pruneIssueMedia(deps, row, {
        screenshots: input.includeFlags.screenshot,
        videos: input.includeFlags.video,
        other: input.includeFlags.other,
      });
    if (publishAt !== null) deps.jobs.enqueue(AUTO_PUBLISH_JOB, { issue_id: row.id }, new Date(publishAt));
    return row;
  });

  // Raw submissions skip notifications (docs/api/admin.md#notifications).
  if (discordBot && release.defaulted && issue.reporter_user_id !== null && issue.raw === 0)
    askToConfirmRelease(deps, project, issue);
  emitIssueWrite(deps, issue, 'created');
  // The JWT goes to project-token callers, draft or not, but not to the Discord bot (docs/api/issues.md, Discord bot).
  const token =
    caller.token && !discordBot ? (await deps.jwt.signIssueToken(issue.id, project.public_id)).token : undefined;
  return renderIssue(deps, caller, project, issue, { token, warnings });
}

/** tag_ids count only for personal-access-token users (this server has no sessions). */
function chooseTags(
  deps: Pick<Deps, 'db'>,
  caller: Caller,
  project: ProjectRow,
  input: CreateInput,
  warnings: string[],
): number[] {
  if (!input.tagIds?.length) return [];
  if (caller.scheme !== 'personal_access_token') {
    warnings.push('issue[tag_ids] were dropped: tags are honoured only for signed-in users.');
    return [];
  }
  const known = existingTagIds(deps.db, project.id, input.tagIds);
  for (const id of input.tagIds)
    if (!known.has(id)) warnings.push(`Tag ${id} does not exist in this project and was dropped.`);
  return [...known];
}

/** Project-token submissions get the predicted priority; a developer's own choice is kept. */
function choosePriority(caller: Caller, developer: boolean, input: CreateInput, warnings: string[]): string {
  const predicted = input.raw ? 'medium' : predictPriority(input.title, input.description);
  if (input.priority === null) return predicted;
  if (!caller.token && developer && (ISSUE_PRIORITIES as readonly string[]).includes(input.priority))
    return input.priority;
  warnings.push(`issue[priority] was ignored: the service predicts the priority of this submission (${predicted}).`);
  return predicted;
}

/** Discord submissions filed against the latest release ask the reporter to confirm it. */
function askToConfirmRelease(deps: Deps, project: ProjectRow, issue: IssueRow): void {
  notify(deps, {
    kind: 'notification',
    event: 'issue.release_confirmation',
    projectId: project.id,
    recipientUserId: issue.reporter_user_id,
    subject: `Which version were you playing? (${issue.title})`,
    body:
      issue.release_id === null
        ? 'Your report was filed without a release; please tell us the version you played.'
        : 'Your report was filed against the latest release; please confirm the version you played.',
    data: { issue_id: issue.id, release_id: issue.release_id },
  });
}
