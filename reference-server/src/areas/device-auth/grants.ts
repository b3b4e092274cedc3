// Device grants: what a device sign-in becomes once its token is handed out. The token carries the
// grant's id; the grant says whether it still works (not revoked, not purged) and is what its owner
// lists and revokes, and what the device revokes when it signs out.
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { notFound, unauthenticated } from '../../errors.ts';
import type { Caller } from '../projects-auth/caller.ts';
import { findGrant, listGrantsOf, revokeGrant, type DeviceAuthRow } from './repository.ts';

export interface DeviceGrantView {
  id: string;
  entity_kind: string;
  entity_name: string;
  project_id: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** Whether a token naming this grant (and this user) still works. */
export function isGrantLive(db: Db, grantId: string, userId: number): boolean {
  const row = findGrant(db, grantId);
  return row !== undefined && row.user_id === userId && row.status === 'delivered' && row.revoked_at === null;
}

const toView = (row: DeviceAuthRow): DeviceGrantView => ({
  id: row.grant_id!,
  entity_kind: row.entity_kind,
  entity_name: row.entity_name,
  project_id: row.project_public_id,
  created_at: row.delivered_at!,
  expires_at: row.token_expires_at!,
  revoked_at: row.revoked_at,
});

/** The caller's own account, proven by a personal access token (a device token cannot manage other devices). */
function ownerOf(caller: Caller) {
  if (caller.scheme !== 'personal_access_token' || !caller.user)
    throw unauthenticated('Send your personal access token (Bearer pat-…) to manage your device sign-ins.');
  return caller.user;
}

export function listDeviceGrants(deps: Deps, caller: Caller): { grants: DeviceGrantView[] } {
  return { grants: listGrantsOf(deps.db, ownerOf(caller).id).map(toView) };
}

/** Revokes one of the caller's grants; its token stops working at once. Another account's grant is not found. */
export function revokeDeviceGrant(deps: Deps, caller: Caller, grantId: string): DeviceGrantView {
  const user = ownerOf(caller);
  const row = findGrant(deps.db, grantId);
  if (!row || row.user_id !== user.id) throw notFound('No device sign-in of yours with this id.');
  revokeGrant(deps.db, grantId, deps.clock.now().toISOString());
  return toView(findGrant(deps.db, grantId)!);
}

/** The device signs out: revokes the grant of the token it presents. */
export function revokePresentedToken(deps: Deps, caller: Caller): { status: 'revoked' } {
  if (!caller.deviceGrant || caller.scheme !== 'legacy_jwt')
    throw unauthenticated('Send the device sign-in token to revoke as Bearer <token>.');
  revokeGrant(deps.db, caller.deviceGrant.id, deps.clock.now().toISOString());
  return { status: 'revoked' };
}
