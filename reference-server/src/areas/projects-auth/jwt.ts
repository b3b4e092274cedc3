// Signs and verifies the service's JWTs with fast-jwt, HS256 named on both sides, expiry judged
// by the server's clock. Three kinds, told apart by their `typ` claim: the issue JWT returned by
// a create (1 hour), the single-use submission token, and the legacy user JWT (`user_id`).
// fast-jwt signs synchronously on node:crypto's HMAC (about 10 µs); WebCrypto through jose took
// about ten times that on every issue create.
import { createSigner, createVerifier } from 'fast-jwt';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.ts';

const ALG = 'HS256';
export const ISSUE_JWT_TTL_SECONDS = 3600;

export interface IssueClaims {
  typ: 'issue';
  issue_id: number;
  project_id: string;
}
export interface SubmissionClaims {
  typ: 'submission';
  jti: string;
  project_id: string;
  email?: string;
  discord_id?: string;
  custom?: Record<string, unknown>;
}
export interface LegacyClaims {
  typ?: undefined;
  user_id: string | number;
  /** A device sign-in token's grant (revocable, areas/device-auth/grants.ts) and the project it is scoped to. */
  dgr?: string;
  project_id?: string | null;
}
/** Draft JWT of a feature request (clients publish with it as `Bearer`), same 1 hour as an issue's. */
export interface FeatureRequestClaims {
  typ: 'feature_request';
  feature_request_id: number;
  project_id: string;
}
export type ServiceClaims = (IssueClaims | SubmissionClaims | LegacyClaims | FeatureRequestClaims) & { exp?: number };

export interface JwtService {
  signIssueToken(issueId: number, projectPublicId: string): Promise<{ token: string; expiresAt: Date }>;
  signSubmissionToken(
    claims: Omit<SubmissionClaims, 'typ' | 'jti'>,
    expiresInSeconds: number,
  ): Promise<{ token: string; jti: string; expiresAt: Date }>;
  signLegacyUserToken(
    userPublicId: string,
    expiresInSeconds?: number,
    grant?: { dgr: string; project_id: string | null },
  ): Promise<string>;
  signFeatureRequestToken(
    featureRequestId: number,
    projectPublicId: string,
  ): Promise<{ token: string; expiresAt: Date }>;
  /**
   * The claims of a valid token of ours, or null (forged, expired, malformed). `graceSeconds`
   * also accepts a token expired at most that long ago (a stale draft JWT, caller.ts).
   */
  verify(token: string, options?: { graceSeconds?: number }): Promise<ServiceClaims | null>;
}

export function looksLikeJwt(text: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(text);
}

export function createJwtService(secret: string, clock: Clock): JwtService {
  // iat and exp come from the server's clock (the payload's own values are kept by fast-jwt).
  const signer = createSigner({ key: secret, algorithm: ALG });
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const sign = async (payload: Record<string, unknown>, ttl: number): Promise<string> => {
    const now = nowSeconds();
    return signer({ ...payload, iat: now, exp: now + ttl });
  };

  return {
    async signIssueToken(issueId, projectPublicId) {
      const token = await sign({ typ: 'issue', issue_id: issueId, project_id: projectPublicId }, ISSUE_JWT_TTL_SECONDS);
      return { token, expiresAt: new Date((nowSeconds() + ISSUE_JWT_TTL_SECONDS) * 1000) };
    },
    async signSubmissionToken(claims, expiresInSeconds) {
      const jti = randomUUID();
      const token = await sign({ ...claims, typ: 'submission', jti }, expiresInSeconds);
      return { token, jti, expiresAt: new Date((nowSeconds() + expiresInSeconds) * 1000) };
    },
    signLegacyUserToken(userPublicId, expiresInSeconds = 30 * 86400, grant) {
      return sign({ user_id: userPublicId, ...grant }, expiresInSeconds);
    },
    async signFeatureRequestToken(featureRequestId, projectPublicId) {
      const token = await sign(
        { typ: 'feature_request', feature_request_id: featureRequestId, project_id: projectPublicId },
        ISSUE_JWT_TTL_SECONDS,
      );
      return { token, expiresAt: new Date((nowSeconds() + ISSUE_JWT_TTL_SECONDS) * 1000) };
    },
    async verify(token, options = {}) {
      try {
        // A verifier per call: fast-jwt takes "now" when the verifier is made, and ours is the server clock.
        const now = clock.now().getTime() - (options.graceSeconds ?? 0) * 1000;
        const verifier = createVerifier({ key: secret, algorithms: [ALG], clockTimestamp: now, cache: false });
        return verifier(token) as ServiceClaims;
      } catch {
        return null;
      }
    },
  };
}
