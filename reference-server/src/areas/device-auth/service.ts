// Device sign-in rules: a game creates a request under its own uuid (10 minutes to approve, by the
// server clock); a signed-in player approves or denies it; the first poll after approval receives a
// JWT acting as that player for 24 hours (the Unity plugin keeps it as long), later polls do not.
import type { DeviceAuthCreateBody, DeviceAuthPollResponse } from '../../../../widget/src/protocol/device-auth.ts';
import type { Deps } from '../../deps.ts';
import { notFound, ServiceError, unauthenticated, unprocessable } from '../../errors.ts';
import { findProjectByPublicId } from '../projects-auth/repository.ts';
import { findUserById, findUserByPat, type UserRow } from '../projects-auth/users-repository.ts';
import {
  decideDeviceAuth,
  findAccount,
  findDeviceAuth,
  insertDeviceAuth,
  markDelivered,
  type DeviceAuthRow,
} from './repository.ts';

export const DEVICE_AUTH_REQUEST_TTL_MS = 10 * 60 * 1000;
export const DEVICE_AUTH_TOKEN_TTL_SECONDS = 24 * 3600;

export function createDeviceAuth(
  deps: Deps,
  input: DeviceAuthCreateBody,
  projectHeader: string | undefined,
): { status: 'created' } {
  const project = projectHeader?.trim() ? findProjectByPublicId(deps.db, projectHeader.trim()) : undefined;
  if (projectHeader?.trim() && !project) throw unprocessable(`Unknown project ${projectHeader.trim()}.`);
  const now = deps.clock.now();
  const inserted = insertDeviceAuth(deps.db, {
    request_id: input.request_id.toLowerCase(),
    project_public_id: project?.public_id ?? null,
    entity_kind: input.entity_kind,
    entity_name: input.entity_name,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + DEVICE_AUTH_REQUEST_TTL_MS).toISOString(),
  });
  if (!inserted) throw unprocessable('request_id is already in use: generate a new UUID for each sign-in.');
  return { status: 'created' };
}

export type DeviceAuthView = DeviceAuthRow & {
  state: 'pending' | 'approved' | 'denied' | 'delivered' | 'expired';
  user_name: string | null;
};

/** The request as the page and the poll see it; a lapsed pending or undelivered request is expired. */
export function viewDeviceAuth(deps: Deps, requestId: string): DeviceAuthView {
  const row = findDeviceAuth(deps.db, requestId.toLowerCase());
  if (!row) throw notFound('No device sign-in with this id (it may have been created against another server).');
  const lapsed =
    (row.status === 'pending' || row.status === 'approved') && deps.clock.now().toISOString() >= row.expires_at;
  const user = row.user_id === null ? undefined : findUserById(deps.db, row.user_id);
  return { ...row, state: lapsed ? 'expired' : row.status, user_name: user ? displayName(user) : null };
}

function displayName(user: UserRow): string {
  return user.name ?? user.email ?? user.public_id;
}

export async function pollDeviceAuth(deps: Deps, requestId: string): Promise<DeviceAuthPollResponse> {
  const view = viewDeviceAuth(deps, requestId);
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
      if (!markDelivered(deps.db, view.request_id, deps.clock.now().toISOString())) {
        return {
          status: 'expired',
          error: 'This sign-in was already completed: start a new one to get another token.',
        };
      }
      const token = await deps.jwt.signLegacyUserToken(user.public_id, DEVICE_AUTH_TOKEN_TTL_SECONDS);
      const expiresAt = new Date(deps.clock.now().getTime() + DEVICE_AUTH_TOKEN_TTL_SECONDS * 1000).toISOString();
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
