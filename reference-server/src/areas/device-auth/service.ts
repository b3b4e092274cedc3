// Device sign-in rules: a game creates a request under its own uuid (10 minutes to approve, by the
// server clock; a few per address, lapsed ones purged); a signed-in player approves or denies it; the
// first poll after approval from the game that asked receives a JWT acting as that player, on the
// project that asked only, for 24 hours (the Unity plugin keeps it as long) unless revoked (grants.ts).
import type { DeviceAuthCreateBody, DeviceAuthPollResponse } from '../../../../widget/src/protocol/device-auth.ts';
import type { Deps } from '../../deps.ts';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { notFound, ServiceError, tooManyRequests, unauthenticated, unprocessable } from '../../errors.ts';
import { findProjectByPublicId } from '../projects-auth/repository.ts';
import { findUserById, findUserByPat, type UserRow } from '../projects-auth/users-repository.ts';
import {
  decideDeviceAuth,
  findAccount,
  findDeviceAuth,
  insertDeviceAuth,
  markDelivered,
  countCreatedSince,
  purgeLapsed,
  type DeviceAuthRow,
} from './repository.ts';

export const DEVICE_AUTH_REQUEST_TTL_MS = 10 * 60 * 1000;
export const DEVICE_AUTH_TOKEN_TTL_SECONDS = 24 * 3600;
/** Requests one address may create per window (docs/security.md#caps-and-limits). */
export const DEVICE_AUTH_RATE = { max: 30, windowMs: 10 * 60 * 1000 };
/** How long a lapsed request stays answerable as `expired` before it is purged. */
export const DEVICE_AUTH_PURGE_AFTER_MS = 60 * 60 * 1000;

/** Who polls: the address, and the poll secret when the game kept it (the `Device-Poll-Secret` header). */
export interface Poller {
  ip: string;
  secret?: string;
}

export function createDeviceAuth(
  deps: Deps,
  input: DeviceAuthCreateBody,
  projectHeader: string | undefined,
  ip: string,
): { status: 'created'; pollSecret: string } {
  const now = deps.clock.now();
  purgeLapsed(deps.db, new Date(now.getTime() - DEVICE_AUTH_PURGE_AFTER_MS).toISOString());
  const since = new Date(now.getTime() - DEVICE_AUTH_RATE.windowMs).toISOString();
  if (countCreatedSince(deps.db, ip, since) >= DEVICE_AUTH_RATE.max) {
    throw tooManyRequests(
      `Too many device sign-ins from this address: at most ${DEVICE_AUTH_RATE.max} per ` +
        `${DEVICE_AUTH_RATE.windowMs / 60_000} minutes. Try again later.`,
    );
  }
  const project = projectHeader?.trim() ? findProjectByPublicId(deps.db, projectHeader.trim()) : undefined;
  if (projectHeader?.trim() && !project) throw unprocessable(`Unknown project ${projectHeader.trim()}.`);
  const pollSecret = randomBytes(24).toString('base64url');
  const inserted = insertDeviceAuth(deps.db, {
    creator_ip: ip,
    poll_secret: pollSecret,
    request_id: input.request_id.toLowerCase(),
    project_public_id: project?.public_id ?? null,
    entity_kind: input.entity_kind,
    entity_name: input.entity_name,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + DEVICE_AUTH_REQUEST_TTL_MS).toISOString(),
  });
  if (!inserted) throw unprocessable('request_id is already in use: generate a new UUID for each sign-in.');
  return { status: 'created', pollSecret };
}

const UNKNOWN_REQUEST = 'No device sign-in with this id (it may have been created against another server).';

export type DeviceAuthView = DeviceAuthRow & {
  state: 'pending' | 'approved' | 'denied' | 'delivered' | 'expired';
  user_name: string | null;
};

/** The request as the page and the poll see it; a lapsed pending or undelivered request is expired. */
export function viewDeviceAuth(deps: Deps, requestId: string): DeviceAuthView {
  const row = findDeviceAuth(deps.db, requestId.toLowerCase());
  if (!row) throw notFound(UNKNOWN_REQUEST);
  const lapsed =
    (row.status === 'pending' || row.status === 'approved') && deps.clock.now().toISOString() >= row.expires_at;
  const user = row.user_id === null ? undefined : findUserById(deps.db, row.user_id);
  return { ...row, state: lapsed ? 'expired' : row.status, user_name: user ? displayName(user) : null };
}

function displayName(user: UserRow): string {
  return user.name ?? user.email ?? user.public_id;
}

/**
 * Only the game that asked collects the token: a poll carrying the secret of the create answer, or (a client that
 * does not keep it, as the Unity plugin) one from the address that created the request. Anyone else who saw the
 * approval URL gets the answer of an unknown id.
 */
function mayPoll(row: DeviceAuthRow, poller: Poller): boolean {
  if (row.poll_secret === null) return true; // a request from before polls were bound
  if (poller.secret === undefined) return row.creator_ip === poller.ip;
  const [a, b] = [Buffer.from(poller.secret), Buffer.from(row.poll_secret)];
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function pollDeviceAuth(deps: Deps, requestId: string, poller: Poller): Promise<DeviceAuthPollResponse> {
  const view = viewDeviceAuth(deps, requestId);
  if (!mayPoll(view, poller)) throw notFound(UNKNOWN_REQUEST);
  switch (view.state) {
    case 'pending':
      return { status: 'pending' };
    case 'denied':
      return { status: 'denied', error: 'The player declined this sign-in.' };
    case 'expired':
      return { status: 'expired', error: 'This sign-in request expired: start a new one.' };
    case 'delivered':
      return { status: 'expired', error: 'This sign-in was already completed: start a new one to get another token.' };
    case 'approved': {
      const user = findUserById(deps.db, view.user_id!)!;
      const grantId = `dg-${randomBytes(12).toString('hex')}`;
      const expiresAt = new Date(deps.clock.now().getTime() + DEVICE_AUTH_TOKEN_TTL_SECONDS * 1000).toISOString();
      if (!markDelivered(deps.db, view.request_id, deps.clock.now().toISOString(), grantId, expiresAt)) {
        return {
          status: 'expired',
          error: 'This sign-in was already completed: start a new one to get another token.',
        };
      }
      const token = await deps.jwt.signLegacyUserToken(user.public_id, DEVICE_AUTH_TOKEN_TTL_SECONDS, {
        dgr: grantId,
        project_id: view.project_public_id,
      });
      return { status: 'approved', token, user_name: displayName(user), expires_at: expiresAt };
    }
  }
}

/** The account behind a personal access token typed on the approval page (or sent as Bearer). */
export function approverOf(deps: Deps, personalAccessToken: string | undefined): UserRow {
  const token = personalAccessToken?.trim().replace(/^Bearer\s+/i, '');
  if (!token) throw unauthenticated('Sign in with your personal access token to approve this device.');
  const user = findUserByPat(deps.db, token);
  if (!user) throw unauthenticated('Invalid personal access token.');
  return user;
}

/** The /__admin hook's approver: a real account by public id or email. */
export function accountOf(deps: Deps, key: string): UserRow {
  const user = findAccount(deps.db, key.trim());
  if (!user) throw unprocessable(`No account ${JSON.stringify(key)} (give a user's usr- id or email).`);
  return user;
}

export function decide(deps: Deps, requestId: string, user: UserRow, decision: 'approve' | 'deny'): DeviceAuthView {
  const view = viewDeviceAuth(deps, requestId);
  if (view.state !== 'pending')
    throw new ServiceError(
      'conflict',
      `This sign-in is ${view.state === 'delivered' ? 'already completed' : view.state} and cannot be ` +
        `${decision === 'approve' ? 'approved' : 'denied'}.`,
    );
  const at = deps.clock.now().toISOString();
  if (!decideDeviceAuth(deps.db, view.request_id, decision === 'approve' ? 'approved' : 'denied', user.id, at)) {
    throw new ServiceError('conflict', 'This sign-in was decided meanwhile.');
  }
  return viewDeviceAuth(deps, requestId);
}
