// Idempotency-Key on the create operations of issues, feature requests and tickets (docs/api-choices.md#idempotency):
// the same key from the same caller within 24 hours answers the first success again and creates
// nothing; the same key with another body is 422. Failures are not stored, so a corrected
// retry can still succeed. A blank key is no key (the header is an extension clients may send
// unset), never a refusal.
import { createHash } from 'node:crypto';
import type { Deps } from '../deps.ts';
import { unprocessable } from '../errors.ts';
import { findIdempotent, saveIdempotent } from '../db/idempotency.ts';
import type { Caller } from '../areas/projects-auth/caller.ts';

const WINDOW_MS = 24 * 3600 * 1000;
const MAX_KEY_LENGTH = 255;

/** Who "the same caller" is: the token and user; the IP as well when neither identifies anyone. */
export function callerKeyOf(caller: Caller): string {
  const parts = [caller.token ? `tkn:${caller.token.token}` : null, caller.user ? `usr:${caller.user.id}` : null].filter(Boolean);
  return parts.length ? parts.join('|') : `ip:${caller.ip}`;
}

/** A stable digest of a normalised body; a file counts by its name, type and content hash. */
export async function fingerprint(body: unknown): Promise<string> {
  const hash = createHash('sha256');
  const walk = async (value: unknown): Promise<void> => {
    if (value instanceof Blob) {
      const bytes = Buffer.from(await value.arrayBuffer());
      hash.update(`file:${(value as File).name ?? ''}:${value.type}:${createHash('sha256').update(bytes).digest('hex')};`);
    } else if (Array.isArray(value)) {
      hash.update('[');
      for (const item of value) await walk(item);
      hash.update(']');
    } else if (value !== null && typeof value === 'object') {
      hash.update('{');
      for (const key of Object.keys(value).sort()) { hash.update(`${JSON.stringify(key)}:`); await walk((value as Record<string, unknown>)[key]); }
      hash.update('}');
    } else {
      hash.update(`${JSON.stringify(value ?? null)};`);
    }
  };
  await walk(body);
  return hash.digest('hex');
}

export interface StoredResponse { status: number; body: unknown }

/**
 * Creates under way, per database: a second request with the same key that arrives while the
 * first is still being created waits for it instead of creating again (the key is reserved
 * before the create, not saved after it).
 */
const inFlight = new WeakMap<object, Map<string, { hash: string; promise: Promise<StoredResponse> }>>();

/** Runs `create` once per key; a replay answers the stored status and body. */
export async function withIdempotencyKey(
  deps: Pick<Deps, 'db' | 'clock'>, caller: Caller, operation: string, key: string | undefined, body: unknown,
  create: () => Promise<StoredResponse>,
): Promise<StoredResponse> {
  // The key is an extension the real service lacks, so no value of it refuses a create: a blank
  // header is no key at all, and a key too long to store is kept by its digest (docs/api-choices.md#idempotency).
  const given = key?.trim() ?? '';
  if (given.length === 0) return create();
  const trimmed = given.length > MAX_KEY_LENGTH ? `sha256:${createHash('sha256').update(given).digest('hex')}` : given;
  const callerKey = callerKeyOf(caller);
  const requestHash = await fingerprint(body);
  const now = deps.clock.now();
  const since = new Date(now.getTime() - WINDOW_MS).toISOString();
  const previous = findIdempotent(deps.db, callerKey, operation, trimmed, since);
  if (previous) {
    if (previous.request_hash !== requestHash) throw unprocessable('This Idempotency-Key was already used with a different request body.');
    return { status: previous.status, body: JSON.parse(previous.body) as unknown };
  }
  let pending = inFlight.get(deps.db);
  if (!pending) inFlight.set(deps.db, (pending = new Map()));
  const slot = `${callerKey}\u0000${operation}\u0000${trimmed}`;
  const running = pending.get(slot);
  if (running) {
    if (running.hash !== requestHash) throw unprocessable('This Idempotency-Key was already used with a different request body.');
    return running.promise;
  }
  const promise = (async () => {
    const response = await create();
    if (response.status < 300) {
      saveIdempotent(deps.db, { caller_key: callerKey, operation, key: trimmed, request_hash: requestHash, status: response.status, body: JSON.stringify(response.body), created_at: now.toISOString() });
    }
    return response;
  })();
  pending.set(slot, { hash: requestHash, promise });
  try {
    return await promise;
  } finally {
    pending.delete(slot);
  }
}
