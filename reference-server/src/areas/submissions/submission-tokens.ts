// Generating submission tokens (docs/api-choices.md#operation-paths): a personal access token whose user holds
// `project.api_tokens.manage` asks for a single-use JWT carrying a trusted email, Discord id and
// custom field values; the issue service honours and spends it at issue creation.
import type { z } from 'zod';
import { SubmissionTokenBody, type SubmissionTokenResponse } from '../../../../widget/src/protocol/extras.ts';
import type { Deps } from '../../deps.ts';
import { forbidden } from '../../errors.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { requireScope } from '../projects-auth/access.ts';
import type { Caller } from '../projects-auth/caller.ts';

export async function createSubmissionToken(deps: Deps, caller: Caller, project: ProjectRow, rawBody: unknown): Promise<z.infer<typeof SubmissionTokenResponse>> {
  if (caller.scheme !== 'personal_access_token') {
    throw forbidden('Generating submission tokens needs a personal access token with the project.api_tokens.manage permission.');
  }
  requireScope(deps, caller, project, 'project.api_tokens.manage');
  const body = SubmissionTokenBody.parse(rawBody);
  const { token, expiresAt } = await deps.jwt.signSubmissionToken({
    project_id: project.public_id,
    ...(body.email !== undefined ? { email: body.email } : {}),
    ...(body.discord_id !== undefined ? { discord_id: body.discord_id } : {}),
    ...(body.custom !== undefined ? { custom: body.custom } : {}),
  }, body.expires_in);
  return { token, expires_at: expiresAt.toISOString() };
}
