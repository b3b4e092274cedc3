// Idempotency-Key on the create operations of issues, feature requests and tickets (docs/api-choices.md#idempotency):
// the same key from the same caller within 24 hours answers the first success again and creates
// nothing; the same key with another body is 422. Failures are not stored, so a corrected
// retry can still succeed. A blank key is no key (the header is an extension clients may send
// unset), never a refusal.
import { createHash } from 'node:crypto';
import type { Deps } from '../deps.ts';
import { unprocessable } from '../errors.ts';
import { MAX_NESTING, nestingError } from '../nesting.ts';
import { findIdempotent, saveIdempotent } from '../db/idempotency.ts';
import { stagedObjectOf } from '../storage/staged-files.ts';

const WINDOW_MS = 24 * 3600 * 1000;
const MAX_KEY_LENGTH = 255;

/** What a key is scoped to of the caller (a projects-auth Caller fits): the kernel reads no area's types. */
interface KeyedCaller {
  token: { token: string } | null;
  user: { id: number } | null;
  ip: string;
}

/** Who "the same caller" is: the token and user; the IP as well when neither identifies anyone. */
export function callerKeyOf(caller: KeyedCaller): string {
  const parts = [
    caller.token ? `tkn:${caller.token.token}` : null,
    caller.user ? `usr:${caller.user.id}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join('|') : `ip:${caller.ip}`;
}

/**
 * A stable digest of a normalised body; a file counts by its name, type and content hash. The walk
 * keeps its own stack (no recursion) and stops past MAX_NESTING levels with a 400, so no body can
 * overflow the call stack here.
 */
export async function fingerprint(body: unknown): Promise<string> {
  const hash = createHash('sha256');
  // Either a value to walk at a depth, or text to write once the values pushed after it are done.
  const work: Array<{ value: unknown; depth: number } | string> = [{ value: body, depth: 0 }];
  while (work.length > 0) {
    const item = work.pop()!;
    if (typeof item === 'string') {
      hash.update(item);
      continue;
    }
    const { value, depth } = item;
    if (value instanceof Blob) {
      // A streamed part is known by the MD5 taken while it was stored: no second read of its bytes.
      const staged = stagedObjectOf(value)?.md5;
      const digest =
        staged ??
        createHash('sha256')
          .update(Buffer.from(await value.arrayBuffer()))
          .digest('hex');
      hash.update(`file:${(value as File).name ?? ''}:${value.type}:${digest};`);
      continue;
    }
    if (value === null || typeof value !== 'object') {
      hash.update(`${JSON.stringify(value ?? null)};`);
      continue;
    }
    if (depth >= MAX_NESTING) throw nestingError('request body');
    const record = value as Record<string, unknown>;
    const keys = Array.isArray(value) ? null : Object.keys(record).sort();
    hash.update(keys ? '{' : '[');
    work.push(keys ? '}' : ']');
    // Pushed last to first, so that they come off the stack first to last.
    if (keys) {
      for (let i = keys.length - 1; i >= 0; i -= 1) {
        work.push({ value: record[keys[i]], depth: depth + 1 }, `${JSON.stringify(keys[i])}:`);
      }
    } else {
      const items = value as unknown[];
      for (let i = items.length - 1; i >= 0; i -= 1) work.push({ value: items[i], depth: depth + 1 });
    }
  }
  return hash.digest('hex');
}

export interface StoredResponse {
  status: number;
  body: unknown;
}

/**
 * Creates under way, per database: a second request with the same key that arrives while the
 * first is still being created waits for it instead of creating again (the key is reserved
 * before the create, not saved after it).
 */
const inFlight = new WeakMap<object, Map<string, { hash: string; promise: Promise<StoredResponse> }>>();

/**
 * What a key is scoped to: `<resource>.create:<project id>` (`issue.create:7`), one spelling per resource, since
 * the stored rows are looked up by it (docs/contributing.md#names-stored-in-the-database).
 */
type IdempotentOperation = `${string}.create:${number}`;

/** Runs `create` once per key; a replay answers the stored status and body. */
export async function withIdempotencyKey(
  deps: Pick<Deps, 'db' | 'clock'>,
  caller: KeyedCaller,
  operation: IdempotentOperation,
  key: string | undefined,
  body: unknown,
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
    if (previous.request_hash !== requestHash)
      throw unprocessable('This Idempotency-Key was already used with a different request body.');
    return { status: previous.status, body: JSON.parse(previous.body) as unknown };
  }
  let pending = inFlight.get(deps.db);
  if (!pending) {
    pending = new Map();
    inFlight.set(deps.db, pending);
  }
  const slot = `${callerKey}\u0000${operation}\u0000${trimmed}`;
  const running = pending.get(slot);
  if (running) {
    if (running.hash !== requestHash)
      throw unprocessable('This Idempotency-Key was already used with a different request body.');
    return running.promise;
  }
  const promise = (async () => {
    const response = await create();
    if (response.status < 300) {
      saveIdempotent(deps.db, {
        caller_key: callerKey,
        operation,
        key: trimmed,
        request_hash: requestHash,
        status: response.status,
        body: JSON.stringify(response.body),
        created_at: now.toISOString(),
      });
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
