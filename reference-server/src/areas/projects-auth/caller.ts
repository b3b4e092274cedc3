// Turns the Authorization header into a Caller (docs/api/projects-auth.md#credentials). Invalid email or
// Discord identifiers fall back to the bare token (or plain anonymous), never to an HTTP error
// (docs/api/projects-auth.md#identifiers-and-virtual-users); an unknown token, personal access token
// or bearer JWT is 401, since nothing can be done with it.
import { DISCORD_ID_PATTERN, EMAIL_PATTERN } from '../../../../widget/src/protocol/common.ts';
import type { Deps } from '../../deps.ts';
import { unauthenticated } from '../../errors.ts';
import { rememberedSettings } from '../../db/remembered-rows.ts';
import { findToken, type TokenRow } from './repository.ts';
import {
  findOrCreateVirtualUser,
  findUserByPat,
  findUserById,
  findUserByPublicId,
  type UserRow,
} from './users-repository.ts';
import { looksLikeJwt, type ServiceClaims } from './jwt.ts';

/** How long after its hour a draft JWT still counts next to its project token: the 7-day publish_after cap. */
export const STALE_DRAFT_GRACE_SECONDS = 7 * 86_400;

export type Scheme = 'anonymous' | 'project_token' | 'personal_access_token' | 'issue_jwt' | 'legacy_jwt';

/**
 * A draft JWT's reach. `stale`: expired, but sent after its project token within the grace
 * period; it then reaches its own draft only while that is still hidden (docs/security.md).
 */
export interface IssueGrant {
  issueId: number;
  projectPublicId: string;
  expiresAt: number;
  stale?: boolean;
}
export interface FeatureRequestGrant {
  featureRequestId: number;
  projectPublicId: string;
  expiresAt: number;
  stale?: boolean;
}
export interface SubmissionGrant {
  jti: string;
  projectPublicId: string;
  email?: string;
  discordId?: string;
  custom?: Record<string, unknown>;
  expiresAt: number;
  /** Already used by a create: it creates nothing more and proves no identity any more. */
  spent: boolean;
}

export interface Caller {
  scheme: Scheme;
  /** The project token of a `FormUser tkn-…` header. */
  token: TokenRow | null;
  /** A real user (personal access token, legacy JWT) or a virtual one (email, Discord id). */
  user: UserRow | null;
  /**
   * The user came from an unverified `email:` or `discord_id:` claim: it may be linked to a new
   * report, but proves nothing about reports made earlier (provenUser is null).
   */
  claimed?: boolean;
  /** Draft JWT of one issue: `Bearer <jwt>` or `FormUser tkn-…,<jwt>`. */
  issueGrant: IssueGrant | null;
  /** Draft JWT of one feature request (its create response's `token`). */
  featureRequestGrant?: FeatureRequestGrant | null;
  /** Single-use submission token carrying trusted data. */
  submission: SubmissionGrant | null;
  /** Expiry (ms) of the legacy user JWT that signed this caller in (a device sign-in token, for one). */
  userTokenExpiresAt?: number;
  /** A device sign-in token's grant: revocable, and reaching only its project (null: none). */
  deviceGrant?: { id: string; projectPublicId: string | null };
  /** What was wrong with an identifier that was ignored (reported by /auth/verify). */
  ignored: string | null;
  ip: string;
}

export const ANONYMOUS = (ip: string): Caller => ({
  scheme: 'anonymous',
  token: null,
  user: null,
  issueGrant: null,
  submission: null,
  ignored: null,
  ip,
});

/** A real account, not a virtual user made from an email. */
export function signedInUser(caller: Caller): UserRow | null {
  return caller.user && caller.user.virtual === 0 ? caller.user : null;
}

/**
 * The user whose earlier reports the caller may read and change: a real account, the user of a
 * legacy JWT, or the contact of an unspent submission token; never one named by an email or
 * Discord id claim, which anyone holding the project token can type.
 */
export function provenUser(caller: Caller): UserRow | null {
  if (!caller.user || caller.claimed) return null;
  if (caller.submission?.spent) return null;
  return caller.user;
}

/** A credential in the other scheme (docs/clients.md#common-mistakes): the answer says where each goes. */
const WRONG_SCHEME =
  'Wrong Authorization scheme: project tokens go in `FormUser tkn-…`, ' + 'personal access tokens in `Bearer pat-…`.';

export async function resolveCaller(deps: Deps, header: string | undefined, ip: string): Promise<Caller> {
  const caller = ANONYMOUS(ip);
  const value = header?.trim();
  if (!value) return caller;

  const bearer = /^Bearer\s+(.+)$/i.exec(value);
  if (bearer) {
    const credential = bearer[1].trim();
    if (credential.startsWith('pat-')) {
      const user = findUserByPat(deps.db, credential);
      if (!user) throw unauthenticated('Invalid personal access token.');
      return { ...caller, scheme: 'personal_access_token', user };
    }
    if (/^tkn-/i.test(credential)) throw unauthenticated(WRONG_SCHEME);
    const claims = looksLikeJwt(credential) ? await deps.jwt.verify(credential) : null;
    if (!claims) throw unauthenticated('Invalid or expired token.');
    return applyClaims(deps, caller, claims, true);
  }

  // The official API client sends a project token raw (`Authorization: tkn-…`): read as `FormUser tkn-…`.
  const formUser = /^FormUser\s+(.+)$/i.exec(value) ?? (/^tkn-/i.test(value) ? [value, value] : null);
  if (!formUser) throw unauthenticated('Unsupported Authorization scheme: use FormUser or Bearer.');
  const [tokenText, ...extras] = formUser[1].split(',');
  const extra = extras.join(',').trim();
  // `FormUser anonymous,email:<email>` (or `,discord_id:<id>`): an anonymous caller giving contact
  // info, as ticket creation rule 5 expects; never a 401 (Authentication rule 2).
  if (tokenText.trim().toLowerCase() === 'anonymous') return withIdentifier(deps, caller, extra, false);

  const text = tokenText.trim();
  if (/^pat-/i.test(text)) throw unauthenticated(WRONG_SCHEME);
  const token = rememberedSettings(deps.db, 'token', text, () => findToken(deps.db, text));
  if (!token) throw unauthenticated('Invalid auth token.');
  return withIdentifier(deps, { ...caller, scheme: 'project_token', token }, extra, true);
}

/**
 * The identifier after `FormUser <token>,`: an email or Discord id makes a virtual user; after a
 * project token, a JWT of ours applies its claims. Anything invalid is ignored (rule 2).
 */
async function withIdentifier(deps: Deps, caller: Caller, extra: string, jwtAllowed: boolean): Promise<Caller> {
  if (!extra) return caller;
  const now = deps.clock.now().toISOString();
  if (extra.startsWith('email:')) {
    const email = extra.slice('email:'.length).trim();
    // A comma separates what follows the token, so `email:a@b.c,discord_id:1` is not the email `a@b.c,discord_id:1`.
    if (!EMAIL_PATTERN.test(email) || email.includes(','))
      return { ...caller, ignored: `ignored invalid email ${JSON.stringify(email)}` };
    return { ...caller, user: findOrCreateVirtualUser(deps.db, { email }, now), claimed: true };
  }
  if (extra.startsWith('discord_id:')) {
    const discordId = extra.slice('discord_id:'.length).trim();
    if (!DISCORD_ID_PATTERN.test(discordId))
      return { ...caller, ignored: `ignored invalid discord id ${JSON.stringify(discordId)}` };
    return { ...caller, user: findOrCreateVirtualUser(deps.db, { discordId }, now), claimed: true };
  }
  if (!jwtAllowed)
    return { ...caller, ignored: 'ignored an identifier after anonymous that is neither email: nor discord_id:' };
  if (!looksLikeJwt(extra)) return { ...caller, ignored: 'ignored an invalid or expired JWT' };
  const claims = await deps.jwt.verify(extra);
  if (claims) return applyClaims(deps, caller, claims, false);
  // An expired draft JWT next to its project token still proves the draft is the caller's: a
  // player whose game was closed for more than the hour can finish the draft (docs/security.md).
  const stale = await deps.jwt.verify(extra, { graceSeconds: STALE_DRAFT_GRACE_SECONDS });
  if (stale?.typ === 'issue' || stale?.typ === 'feature_request') {
    // Still reported as expired (auth/verify says valid: false), though its draft accepts it.
    const granted = await applyClaims(deps, caller, stale, false, true);
    return { ...granted, ignored: 'an expired JWT: it reaches only its own hidden draft' };
  }
  return { ...caller, ignored: 'ignored an invalid or expired JWT' };
}

async function applyClaims(
  deps: Deps,
  caller: Caller,
  claims: ServiceClaims,
  bearer: boolean,
  stale = false,
): Promise<Caller> {
  const expiresAt = (claims.exp ?? 0) * 1000;
  const now = deps.clock.now().toISOString();
  const scheme = bearer ? 'issue_jwt' : caller.scheme;
  if (claims.typ === 'issue') {
    const issueGrant = { issueId: claims.issue_id, projectPublicId: claims.project_id, expiresAt, stale };
    return { ...caller, scheme, issueGrant };
  }
  if (claims.typ === 'feature_request') {
    const featureRequestGrant = {
      featureRequestId: claims.feature_request_id,
      projectPublicId: claims.project_id,
      expiresAt,
      stale,
    };
    return { ...caller, scheme, featureRequestGrant };
  }
  if (claims.typ === 'submission') {
    const submission: SubmissionGrant = {
      jti: claims.jti,
      projectPublicId: claims.project_id,
      email: claims.email,
      discordId: claims.discord_id,
      custom: claims.custom,
      expiresAt,
      spent: deps.identity.isSubmissionTokenSpent(deps.db, claims.jti),
    };
    const contact =
      claims.email && EMAIL_PATTERN.test(claims.email)
        ? { email: claims.email }
        : claims.discord_id
          ? { discordId: claims.discord_id }
          : null;
    return { ...caller, submission, user: contact ? findOrCreateVirtualUser(deps.db, contact, now) : caller.user };
  }
  if (claims.user_id !== undefined) {
    const user =
      typeof claims.user_id === 'number'
        ? findUserById(deps.db, claims.user_id)
        : findUserByPublicId(deps.db, String(claims.user_id));
    if (!user) {
      if (bearer) throw unauthenticated('The token names an unknown user.');
      return { ...caller, ignored: 'ignored a legacy JWT for an unknown user' };
    }
    let deviceGrant: Caller['deviceGrant'];
    if (claims.dgr !== undefined) {
      if (!deps.identity.isDeviceGrantLive(deps.db, claims.dgr, user.id)) {
        if (bearer) throw unauthenticated('This device sign-in was revoked: sign in again.');
        return { ...caller, ignored: 'ignored a revoked device sign-in token' };
      }
      deviceGrant = { id: claims.dgr, projectPublicId: claims.project_id ?? null };
    }
    return {
      ...caller,
      scheme: bearer ? 'legacy_jwt' : caller.scheme,
      user,
      userTokenExpiresAt: expiresAt || undefined,
      ...(deviceGrant ? { deviceGrant } : {}),
    };
  }
  if (bearer) throw unauthenticated('Invalid or expired token.');
  return { ...caller, ignored: 'ignored a JWT with no known claims' };
}
