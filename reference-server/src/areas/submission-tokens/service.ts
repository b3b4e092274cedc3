// Generating submission tokens (docs/api-choices.md#operation-paths): a personal access token whose user holds
// `project.api_tokens.manage` asks for a single-use JWT carrying a trusted email, Discord id and
// custom field values; each create (issue, feature request, ticket) honours and spends it.
import type { z } from 'zod';
import { SubmissionTokenBody, type SubmissionTokenResponse } from '../../../../widget/src/protocol/extras.ts';
import type { Deps } from '../../deps.ts';
import { forbidden, unprocessable } from '../../errors.ts';
import { useSubmissionToken } from './repository.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { requireScope } from '../projects-auth/access.ts';
import type { Caller } from '../projects-auth/caller.ts';

export async function createSubmissionToken(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  rawBody: unknown,
): Promise<z.infer<typeof SubmissionTokenResponse>> {
  if (caller.scheme !== 'personal_access_token') {
    throw forbidden(
      'Generating submission tokens needs a personal access token with the project.api_tokens.manage permission.',
    );
  }
  requireScope(deps, caller, project, 'project.api_tokens.manage');
  const body = SubmissionTokenBody.parse(rawBody);
  const { token, expiresAt } = await deps.jwt.signSubmissionToken(
    {
      project_id: project.public_id,
      ...(body.email !== undefined ? { email: body.email } : {}),
      ...(body.discord_id !== undefined ? { discord_id: body.discord_id } : {}),
      ...(body.custom !== undefined ? { custom: body.custom } : {}),
    },
    body.expires_in,
  );
  return { token, expires_at: expiresAt.toISOString() };
}

export const SUBMISSION_TOKEN_USED = 'This submission token has already been used.';

/**
 * Spends the caller's submission token, if any, inside the create's transaction: a second use is
 * 422 (docs/api/issues.md#create-the-order-of-checks). Another project's token never gets here: it is 403
 * on every route of that project (access.ts assertCanViewProject).
 */
export function spendSubmissionToken(deps: Pick<Deps, 'db'>, caller: Caller, at: string): void {
  const submission = caller.submission;
  if (submission && !useSubmissionToken(deps.db, submission.jti, at)) throw unprocessable(SUBMISSION_TOKEN_USED);
}

/** The same refusal before any work is done (files stored, counters counted). */
export function assertSubmissionTokenUnspent(caller: Caller): void {
  if (caller.submission?.spent) throw unprocessable(SUBMISSION_TOKEN_USED);
}
