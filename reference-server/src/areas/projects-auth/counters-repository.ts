// The per-IP daily counter, keyed by token, IP, operation and UTC day
// (docs/api/projects-auth.md#permissions-and-limits).
import { stmt, type Db } from '../../db/database.ts';

/** Adds one to the counter and answers the new count. */
export function incrementDailyCounter(
  db: Db,
  key: { token: string; ip: string; operation: string; day: string },
): number {
  return stmt(
    db,
    `INSERT INTO daily_counters (token_key, ip, operation, day, count) VALUES (?, ?, ?, ?, 1)
    ON CONFLICT (token_key, ip, operation, day) DO UPDATE SET count = count + 1 RETURNING count`,
  )
    .pluck()
    .get(key.token, key.ip, key.operation, key.day) as number;
}
