// Which credential each draft write uses, and what happens when the 1-hour draft JWT expires
// (docs/reporter-core.md#how-the-1-hour-draft-jwt-expiry-is-handled): every draft write falls back to
// `FormUser tkn-…,<expired jwt>`,
// which our server honours for a draft that is still hidden (docs/security.md), and then to the create's own
// credential (the token, with the player's email if any) for a service that lets the reporter finish a draft.
import type { Credential } from '../protocol/index.ts';
import type { StoredReport } from './types.ts';

/** Seconds-since-epoch `exp` of a JWT, read without verifying (only the server verifies). */
function jwtExpiry(jwt: string): number | undefined {
  try {
    const part = jwt.split('.')[1];
    if (!part) return undefined;
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : undefined;
  } catch {
    return undefined;
  }
}

/** Margin before `exp` at which the JWT is no longer used: a request must not race its expiry. */
const EXPIRY_MARGIN_MS = 30_000;

function jwtUsable(report: StoredReport, now: number): boolean {
  const jwt = report.remote?.jwt;
  if (!jwt || report.remote?.jwtExpired) return false;
  const exp = jwtExpiry(jwt);
  return exp === undefined || exp * 1000 - EXPIRY_MARGIN_MS > now;
}

/** The credential of the create request; the same caller must repeat it for the Idempotency-Key to match. */
export function creatorCredential(report: StoredReport, token: string): Credential {
  const { email, discordId } = report.fields;
  if (email) return { scheme: 'token', token, email };
  return discordId ? { scheme: 'token', token, discordId } : { scheme: 'token', token };
}

/** Credentials to try, in order, for a write to the created draft (media, contact, publish, show). */
export function draftCredentials(report: StoredReport, token: string, now: number): Credential[] {
  const jwt = report.remote?.jwt;
  if (!jwt) return [creatorCredential(report, token)];
  const list: Credential[] = [];
  if (jwtUsable(report, now)) list.push({ scheme: 'bearer', jwt });
  list.push({ scheme: 'token', token, jwt });
  list.push(creatorCredential(report, token));
  return list;
}
