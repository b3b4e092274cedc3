// Exponential backoff with full jitter (AWS architecture blog "Exponential Backoff And Jitter"):
// delay = random(0.5..1) × min(max, base × 2^attempt), never below a server's Retry-After.

export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1_000, maxMs: 300_000 };

export function backoffDelay(
  attempt: number,
  policy: BackoffPolicy,
  random: () => number,
  retryAfterMs?: number,
): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(attempt, 30));
  // Half fixed, half jitter: never hammers in lockstep, never collapses to zero.
  const jittered = ceiling / 2 + random() * (ceiling / 2);
  return Math.max(Math.round(jittered), retryAfterMs ?? 0);
}
