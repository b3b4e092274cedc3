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
      return {
        valid: false,
        token_type: null,
        jwt_type: null,
        user: null,
        project: null,
        expires_at: null,
        error: error.message,
      };
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
  // The service's names (its API client's type): a project token, with or without a JWT after it, is a
  // project_auth_token; a Bearer JWT is a jwt; jwt_type says which JWT it is.
  const tokenType =
    caller.scheme === 'project_token'
      ? 'project_auth_token'
      : caller.scheme === 'issue_jwt' || caller.scheme === 'legacy_jwt'
        ? 'jwt'
        : caller.scheme === 'personal_access_token'
          ? 'personal_access_token'
          : 'anonymous';
  const jwtType = caller.submission
    ? 'submission'
    : caller.featureRequestGrant
      ? 'feature_request'
      : caller.issueGrant
        ? 'issue'
        : caller.scheme === 'legacy_jwt' || (caller.token && caller.user && !caller.claimed)
          ? 'legacy'
          : null;
  return {
    valid: !caller.ignored,
    token_type: tokenType,
    jwt_type: jwtType,
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
