// SQL of device sign-in requests, and the account lookups approval needs.
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
}

/** Inserts a request; false when the id is already taken. */
export function insertDeviceAuth(
  db: Db,
  row: Omit<DeviceAuthRow, 'status' | 'user_id' | 'decided_at' | 'delivered_at'>,
): boolean {
  const result = stmt(
    db,
    `INSERT OR IGNORE INTO device_auth_requests
    (request_id, project_public_id, entity_kind, entity_name, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(row.request_id, row.project_public_id, row.entity_kind, row.entity_name, row.created_at, row.expires_at);
  return result.changes === 1;
}

export function findDeviceAuth(db: Db, requestId: string): DeviceAuthRow | undefined {
  return stmt(db, 'SELECT * FROM device_auth_requests WHERE request_id = ?').get(requestId) as
    | DeviceAuthRow
    | undefined;
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

/** Marks the token handed out; false when another poll took it first. */
export function markDelivered(db: Db, requestId: string, at: string): boolean {
  return (
    stmt(
      db,
      `UPDATE device_auth_requests SET status = 'delivered', delivered_at = ?
    WHERE request_id = ? AND status = 'approved'`,
    ).run(at, requestId).changes === 1
  );
}

/** A real (not virtual) account by public id or email, for the /__admin approve hook. */
export function findAccount(db: Db, key: string): UserRow | undefined {
  return stmt(
    db,
    'SELECT * FROM users WHERE virtual = 0 AND (public_id = ? OR lower(email) = lower(?)) ORDER BY id LIMIT 1',
  ).get(key, key) as UserRow | undefined;
}
