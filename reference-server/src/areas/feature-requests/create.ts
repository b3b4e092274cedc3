// Creating a feature request: who may (token flag, per-IP counter, NDA), the title rule
// (developers only, else generated), min_suggestion_length, drafts, the Discord bot's user
// fields, files, custom fields, and the draft JWT for project-token callers.
import type { FeatureRequest, FeatureRequestCreateBody } from '../../../../widget/src/protocol/feature-requests.ts';
import type { Deps } from '../../deps.ts';
import { forbidden, unprocessable } from '../../errors.ts';
import {
  addFeatureRequestVote,
  addSubscriber,
  insertFeatureRequest,
  featureRequestFiles,
  setFeatureRequestCustomValue,
} from './repository.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import {
  assertNdaAccepted,
  consumeDailyLimit,
  FLAG_REFUSALS,
  isDeveloperLevel,
  requireTokenFlag,
} from '../projects-auth/access.ts';
import { signedInUser, type Caller } from '../projects-auth/caller.ts';
import { planSubmissionCustomFields, writeSubmissionCustomFields } from './custom-fields.ts';
import { discordBotReporter, mayActAsDiscordBot, titleFromDescription } from './reporter.ts';
import { assertSubmissionTokenUnspent, spendSubmissionToken } from '../submission-tokens/service.ts';
import { toFeatureRequest } from './render.ts';
import { asFileList, checkUploads, storeUploads, withStoredUploads } from '../../storage/attached-files.ts';

/**
 * Refusals that come before the body is read: a project token needs `can_create_feature_request`;
 * without a token, a signed-in user may post, and an anonymous caller only on a public project.
 */
export function assertMayCreateFeatureRequest(deps: Pick<Deps, 'db'>, caller: Caller, project: ProjectRow): void {
  if (caller.token) requireTokenFlag(caller, project, 'can_create_feature_request');
  else if (!signedInUser(caller) && project.access !== 'public')
    throw forbidden(FLAG_REFUSALS.can_create_feature_request);
  assertNdaAccepted(deps, caller, project);
}

export async function createFeatureRequest(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  input: FeatureRequestCreateBody,
  encoding: 'json' | 'form',
): Promise<FeatureRequest> {
  const fr = input.feature_request;
  const warnings: string[] = [];
  assertSubmissionTokenUnspent(caller);
  if (fr.description.length < project.min_suggestion_length) {
    throw unprocessable(
      `Description is too short: this project needs at least ${project.min_suggestion_length} characters.`,
    );
  }
  const draft = input.draft ?? false;
  const now = deps.clock.now().toISOString();

  let title = titleFromDescription(fr.description);
  if (fr.title !== undefined) {
    if (isDeveloperLevel(deps, caller, project)) title = fr.title;
    else
      warnings.push('feature_request[title] is set only by developers; the title was generated from the description.');
  }

  const botAllowed = mayActAsDiscordBot(deps, caller, project);
  if (input.user?.discord_id && !botAllowed)
    warnings.push('user[...] fields are honoured only for the Discord bot and were ignored.');
  checkUploads('feature_request[files]', asFileList(fr.files));
  const discord = botAllowed && input.user?.discord_id ? input.user : null;
  // Custom values (and a submission token's) are checked before the daily counter counts.
  const custom = planSubmissionCustomFields(deps, caller, project, 'feature_request', fr, {
    encoding,
    draft,
    discordBot: discord !== null,
  });
  warnings.push(...custom.plan.warnings);
  consumeDailyLimit(deps, caller, 'feature_request');
  const files = await storeUploads(deps, 'feature_request[files]', asFileList(fr.files));

  const row = await withStoredUploads(deps, files, () =>
    deps.db.transaction(() => {
      spendSubmissionToken(deps, caller, now);
      const bot = discord ? discordBotReporter(deps, discord, now) : null;
      const reporter = bot?.user ?? caller.user;
      const created = insertFeatureRequest(deps.db, {
        project_id: project.id,
        title,
        description: fr.description,
        status: draft ? 'hidden' : 'open',
        source: bot ? 'discord_bot' : null,
        reporter_user_id: reporter?.id ?? null,
        discord_username: bot?.displayName ?? null,
        created_at: now,
        updated_at: now,
      });
      for (const file of files)
        featureRequestFiles.insert(deps.db, created.id, { ...file, user_id: reporter?.id ?? null, created_at: now });
      const notCreated = writeSubmissionCustomFields(deps, project, custom, (fieldId, value) =>
        setFeatureRequestCustomValue(deps.db, created.id, fieldId, value),
      );
      warnings.push(...notCreated);
      if (reporter) {
        // The author's own vote counts, and the author hears about changes.
        addFeatureRequestVote(deps.db, created.id, reporter.id, now);
        addSubscriber(deps.db, created.id, reporter.id);
      }
      return created;
    })(),
  );

  const token = caller.token ? (await deps.jwt.signFeatureRequestToken(row.id, project.public_id)).token : undefined;
  return toFeatureRequest(deps, caller, project, row, { token, warnings });
}
