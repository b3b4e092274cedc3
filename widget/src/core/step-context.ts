// What every step of the sync state machine shares: dependencies, the abort signal of the current
// pass, persisting a step, and sending a draft write with the right credential (remote-auth.ts).
import type { Credential } from '../protocol/index.ts';
import type { ApiClient } from './api-client.ts';
import type { Outcome } from './classify.ts';
import type { Emitter } from './emitter.ts';
import { draftCredentials } from './remote-auth.ts';
import type { Clock, Md5Hasher, OutboxStore, StoredReport } from './types.ts';

export interface StepContext {
  client: ApiClient;
  outbox: OutboxStore;
  token: string;
  hasher: Md5Hasher;
  clock: Clock;
  emitter: Emitter;
  publishAfter?: string;
  signal: AbortSignal;
}

export type Failure = Exclude<Outcome, { kind: 'sent' }>;
export type StepResult = { ok: true } | { ok: false; outcome: Failure; step: string };

/** Persists the report after a step; the next step only begins once this resolved. */
/** Saves the report's state; `at` is the time the step's answer came, when the caller read it. */
export async function persist(ctx: StepContext, r: StoredReport, at = ctx.clock.now()): Promise<void> {
  r.updatedAt = at;
  await ctx.outbox.update(r);
}

/**
 * Sends a write to the created draft. A 401/403 to the draft JWT means it expired (1 hour): it is
 * marked so and the same write goes out once as `FormUser tkn-…,<that jwt>`, and if that is refused too, once with
 * the create's own credential (remote-auth.ts). Each earlier request was refused, so nothing happened and the next
 * is not a blind repeat.
 */
export async function callDraft<T = unknown>(
  ctx: StepContext,
  r: StoredReport,
  send: (auth: Credential) => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  const credentials = draftCredentials(r, ctx.token, ctx.clock.now());
  let outcome: Outcome<T> = { kind: 'offline', error: 'no credential' };
  for (const auth of credentials) {
    outcome = await send(auth);
    const refused = outcome.kind === 'rejected' && (outcome.status === 401 || outcome.status === 403);
    if (refused && auth.scheme === 'bearer') {
      r.remote!.jwtExpired = true;
      await persist(ctx, r);
      continue;
    }
    // The stale JWT after the token was refused (a service that does not honour it): try the create's credential.
    if (auth.scheme === 'token' && auth.jwt && (refused || (outcome.kind === 'rejected' && outcome.status === 404))) {
      continue;
    }
    return outcome;
  }
  return outcome;
}
