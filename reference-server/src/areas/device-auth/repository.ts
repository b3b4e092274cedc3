// SQL of device sign-in requests and the grants they become, and the account lookups approval needs.
import { stmt, type Db } from '../../db/database.ts';
import type { UserRow } from '../projects-auth/users-repository.ts';

export interface DeviceAuthRow {
  request_id: string;
  project_public_id: string | null;
  entity_kind: string;
  entity_name: string;
  status: 'pending' | 'approved' | 'denied' | 'delivered';
  user_id: number | null;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
  delivered_at: string | null;
  creator_ip: string | null;
  poll_secret: string | null;
  grant_id: string | null;
  token_expires_at: string | null;
  revoked_at: string | null;
}

type NewRow = Pick<
  DeviceAuthRow,
  'request_id' | 'project_public_id' | 'entity_kind' | 'entity_name' | 'created_at' | 'expires_at'
> & { creator_ip: string; poll_secret: string };

/** Inserts a request; false when the id is already taken. */
export function insertDeviceAuth(db: Db, row: NewRow): boolean {
  const result = stmt(
    db,
    `INSERT OR IGNORE INTO device_auth_requests (request_id, project_public_id, entity_kind, entity_name, created_at,
    expires_at, creator_ip, poll_secret) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    row.request_id,
    row.project_public_id,
    row.entity_kind,
    row.entity_name,
    row.created_at,
    row.expires_at,
    row.creator_ip,
    row.poll_secret,
  );
  return result.changes === 1;
}

/** Requests one address created since `since` (the rate limit's window). */
export function countCreatedSince(db: Db, ip: string, since: string): number {
  return stmt(db, 'SELECT count(*) FROM device_auth_requests WHERE creator_ip = ? AND created_at >= ?')
    .pluck()
    .get(ip, since) as number;
}

/**
 * Deletes requests never turned into a token once they lapsed before `lapsedBefore`, and grants whose token expired
 * before it; answers how many.
 */
export function purgeLapsed(db: Db, lapsedBefore: string): number {
  return stmt(
    db,
    `DELETE FROM device_auth_requests WHERE (status != 'delivered' AND expires_at < ?)
    OR (status = 'delivered' AND token_expires_at < ?)`,
  ).run(lapsedBefore, lapsedBefore).changes;
}

export function findDeviceAuth(db: Db, requestId: string): DeviceAuthRow | undefined {
  return stmt(db, 'SELECT * FROM device_auth_requests WHERE request_id = ?').get(requestId) as
    | DeviceAuthRow
    | undefined;
}

export function findGrant(db: Db, grantId: string): DeviceAuthRow | undefined {
  return stmt(db, 'SELECT * FROM device_auth_requests WHERE grant_id = ?').get(grantId) as DeviceAuthRow | undefined;
}

/** The grants (tokens handed out) of one account, newest first. */
export function listGrantsOf(db: Db, userId: number): DeviceAuthRow[] {
  return stmt(
    db,
    `SELECT * FROM device_auth_requests WHERE user_id = ? AND status = 'delivered' ORDER BY delivered_at DESC`,
  ).all(userId) as DeviceAuthRow[];
}

/** Decides a pending request; false when it was no longer pending (a race lost). */
export function decideDeviceAuth(
  db: Db,
  requestId: string,
  status: 'approved' | 'denied',
  userId: number,
  at: string,
): boolean {
  return (
    stmt(
      db,
      `UPDATE device_auth_requests SET status = ?, user_id = ?, decided_at = ?
    WHERE request_id = ? AND status = 'pending'`,
    ).run(status, userId, at, requestId).changes === 1
  );
}

/** Marks the token handed out under its grant id; false when another poll took it first. */
export function markDelivered(db: Db, requestId: string, at: string, grantId: string, tokenExpiresAt: string): boolean {
  return (
    stmt(
      db,
      `UPDATE device_auth_requests SET status = 'delivered', delivered_at = ?, grant_id = ?, token_expires_at = ?
    WHERE request_id = ? AND status = 'approved'`,
    ).run(at, grantId, tokenExpiresAt, requestId).changes === 1
  );
}

/** Revokes a grant; false when it was already revoked or does not exist. */
export function revokeGrant(db: Db, grantId: string, at: string): boolean {
  return (
    stmt(db, 'UPDATE device_auth_requests SET revoked_at = ? WHERE grant_id = ? AND revoked_at IS NULL').run(
      at,
      grantId,
    ).changes === 1
  );
}

/** A real (not virtual) account by public id or email, for the /__admin approve hook. */
export function findAccount(db: Db, key: string): UserRow | undefined {
  return stmt(
    db,
    'SELECT * FROM users WHERE virtual = 0 AND (public_id = ? OR lower(email) = lower(?)) ORDER BY id LIMIT 1',
  ).get(key, key) as UserRow | undefined;
}
