// Credential verification for clients that check a token before use. Never an HTTP error:
// an invalid credential answers {valid: false, error}.
import type { VerifyResponse } from '../../../../widget/src/protocol/auth.ts';
import type { Deps } from '../../deps.ts';
import { ServiceError } from '../../errors.ts';
import { findProjectById, findProjectByPublicId } from './repository.ts';
import { resolveCaller, type Caller } from './caller.ts';

export async function verifyCredential(deps: Deps, header: string | undefined, ip: string): Promise<VerifyResponse> {
  let caller: Caller;
  try {
    caller = await resolveCaller(deps, header, ip);
  } catch (error) {
    if (error instanceof ServiceError)
      return { valid: false, token_type: null, user: null, project: null, expires_at: null, error: error.message };
    throw error;
  }
  const project = caller.token
    ? findProjectById(deps.db, caller.token.project_id)
    : caller.issueGrant
      ? findProjectByPublicId(deps.db, caller.issueGrant.projectPublicId)
      : caller.featureRequestGrant
        ? findProjectByPublicId(deps.db, caller.featureRequestGrant.projectPublicId)
        : undefined;
  const expiresAt =
    caller.submission?.expiresAt ??
    caller.issueGrant?.expiresAt ??
    caller.featureRequestGrant?.expiresAt ??
    caller.userTokenExpiresAt;
  const tokenType = caller.submission
    ? 'submission_token'
    : caller.scheme === 'project_token'
      ? 'project_token'
      : caller.featureRequestGrant && caller.scheme === 'issue_jwt'
        ? 'feature_request_jwt'
        : caller.scheme === 'issue_jwt'
          ? 'issue_jwt'
          : caller.scheme === 'legacy_jwt'
            ? 'legacy_jwt'
            : caller.scheme === 'personal_access_token'
              ? 'personal_access_token'
              : 'anonymous';
  return {
    valid: !caller.ignored,
    token_type: tokenType,
    user: caller.user
      ? {
          id: caller.user.public_id,
          name: caller.user.name,
          email: caller.user.email,
          virtual: caller.user.virtual === 1,
        }
      : null,
    project: project ? { id: project.public_id, name: project.name } : null,
    expires_at: expiresAt ? new Date(expiresAt).toISOString() : null,
    error: caller.ignored,
  };
}
