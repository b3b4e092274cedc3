// Server-wide settings kept in the database (the JWT signing secret survives restarts).
import { randomBytes } from 'node:crypto';
import { stmt, type Db } from '../db/database.ts';

export function getOrCreateSetting(db: Db, key: string, create: () => string): string {
  const found = stmt(db, 'SELECT value FROM settings WHERE key = ?').pluck().get(key) as string | undefined;
  if (found !== undefined) return found;
  const value = create();
  stmt(db, 'INSERT INTO settings (key, value) VALUES (?, ?)').run(key, value);
  return value;
}

export function getJwtSecret(db: Db): string {
  return getOrCreateSetting(db, 'jwt_secret', () => randomBytes(32).toString('base64url'));
}
