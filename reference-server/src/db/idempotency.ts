// Stored first responses for Idempotency-Key (docs/api-choices.md#idempotency), kept 24 hours.
import { stmt, type Db } from './database.ts';

export interface IdempotencyRow {
  caller_key: string;
  operation: string;
  key: string;
  request_hash: string;
  status: number;
  body: string;
  created_at: string;
}

export function findIdempotent(
  db: Db,
  callerKey: string,
  operation: string,
  key: string,
  since: string,
): IdempotencyRow | undefined {
  return stmt(
    db,
    'SELECT * FROM idempotency_keys WHERE caller_key = ? AND operation = ? AND key = ? AND created_at >= ?',
  ).get(callerKey, operation, key, since) as IdempotencyRow | undefined;
}

export function saveIdempotent(db: Db, row: IdempotencyRow): void {
  stmt(
    db,
    `INSERT OR REPLACE INTO idempotency_keys (caller_key, operation, key, request_hash, status, body, created_at)
    VALUES (@caller_key, @operation, @key, @request_hash, @status, @body, @created_at)`,
  ).run(row);
}
