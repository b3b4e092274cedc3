// Server-wide settings kept in the database (the JWT signing secret survives restarts).
import { randomBytes } from 'node:crypto';
import { stmt, type Db } from './database.ts';

export function getOrCreateSetting(db: Db, key: string, create: () => string): string {
  const found = getSetting(db, key);
  if (found !== undefined) return found;
  const value = create();
  stmt(db, 'INSERT INTO settings (key, value) VALUES (?, ?)').run(key, value);
  return value;
}

export function getSetting(db: Db, key: string): string | undefined {
  return stmt(db, 'SELECT value FROM settings WHERE key = ?').pluck().get(key) as string | undefined;
}

export function putSetting(db: Db, key: string, value: string): void {
  stmt(
    db,
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(key, value);
}

/** How far /__admin/clock moved the server clock from real time, kept across restarts. */
const CLOCK_OFFSET = 'clock_offset_ms';

export function getClockOffset(db: Db): number {
  const offset = Number(getSetting(db, CLOCK_OFFSET) ?? 0);
  return Number.isFinite(offset) ? offset : 0;
}

export function putClockOffset(db: Db, offsetMs: number): void {
  putSetting(db, CLOCK_OFFSET, String(offsetMs));
}

export function getJwtSecret(db: Db): string {
  return getOrCreateSetting(db, 'jwt_secret', () => randomBytes(32).toString('base64url'));
}
