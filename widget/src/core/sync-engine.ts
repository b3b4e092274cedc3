// The sync engine: a loop that drains the outbox one report at a time, advancing each report's
// state machine (create → attachments → contact → publish) and persisting after every step.
// Failures are handled by class: offline/retry back off (jitter, Retry-After), rejected is kept.
import type { ApiClient } from './api-client.ts';
import { syncAttachment } from './attachment-sync.ts';
import { backoffDelay, type BackoffPolicy } from './backoff.ts';
import type { Emitter } from './emitter.ts';
import { createRemote, publish, setContact, updateRemote } from './report-steps.ts';
import type { Failure, StepContext, StepResult } from './step-context.ts';
import { persist } from './step-context.ts';
import type { Clock, Md5Hasher, OutboxStore, StoredReport, SyncLock } from './types.ts';

export interface SyncEngineOptions {
  client: ApiClient;
  outbox: OutboxStore;
  token: string;
  hasher: Md5Hasher;
  clock: Clock;
  random: () => number;
  lock: SyncLock;
  emitter: Emitter;
  publishAfter?: string;
  backoff: BackoffPolicy;
  /** When another tab or process holds the lock, look again after this long (ms). */
  lockPollMs?: number;
}

export interface SyncEngine {
  start(): void;
  stop(): void;
  /** Wakes the loop now (new report, back online, page visible). */
  kick(): void;
  /** One pass over every pending report now, ignoring backoff; resolves when it is done. */
  syncNow(): Promise<void>;
  readonly running: boolean;
}

type Verdict = 'sent' | 'next' | 'stop';
const MAX_SLEEP_MS = 2_147_483_647;

export function createSyncEngine(o: SyncEngineOptions): SyncEngine {
  let running = false;
  let passAbort = new AbortController();
  let wake = new AbortController();
  let kicked = false;
  let loopDone: Promise<void> = Promise.resolve();
  let passChain: Promise<unknown> = Promise.resolve();
  /** Passes started by syncNow outside the loop; stop() aborts them too. */
  const adhoc = new Set<AbortController>();
  /** Set when a pass ended on a local storage error: the loop then never spins without a pause. */
  let localFailure = false;

  async function fail(ctx: StepContext, r: StoredReport, result: { outcome: Failure; step: string }): Promise<Verdict> {
    const { outcome, step } = result;
    if (ctx.signal.aborted) return 'stop'; // stopped mid-request: the persisted step says where to resume
    const now = o.clock.now();
    if (outcome.kind === 'rejected') {
      r.status = 'rejected';
      r.rejection = { status: outcome.status, error: outcome.error, step, at: now };
      await persist(ctx, r);
      o.emitter.emit({ type: 'rejected', id: r.id, report: r, status: outcome.status, error: outcome.error });
      return 'next';
    }
    r.attempts += 1;
    const retryAfter = outcome.kind === 'retry' ? outcome.retryAfterMs : undefined;
    r.nextAttemptAt = now + backoffDelay(r.attempts - 1, o.backoff, o.random, retryAfter);
    r.lastError =
      outcome.kind === 'retry' ? `${step}: HTTP ${outcome.status} ${outcome.error}` : `${step}: ${outcome.error}`;
    await persist(ctx, r, now); // nextAttemptAt and updatedAt from the same instant
    o.emitter.emit({
      type: 'progress',
      id: r.id,
      report: r,
      step: outcome.kind,
      error: outcome.error,
      status: outcome.kind === 'retry' ? outcome.status : undefined,
      retryAt: r.nextAttemptAt,
    });
    // The service is unreachable or overloaded: the other reports would fare no better now.
    return 'stop';
  }

  async function runStep(ctx: StepContext, r: StoredReport): Promise<StepResult> {
    if (r.pendingUpdate && r.remote && r.step !== 'published') return updateRemote(ctx, r);
    switch (r.step) {
      case 'queued':
        return createRemote(ctx, r);
      case 'created': {
        for (const a of r.attachments) {
          if (a.step === 'confirmed') continue;
          const result = await syncAttachment(ctx, r, a);
          if (!result.ok) return result;
        }
        r.step = 'attachments_done';
        await persist(ctx, r);
        return { ok: true };
      }
      case 'attachments_done':
        return setContact(ctx, r);
      case 'contact_set':
        return publish(ctx, r);
      case 'published':
        return { ok: true };
    }
  }

  async function deliver(ctx: StepContext, r: StoredReport): Promise<Verdict> {
    while (r.step !== 'published') {
      if (ctx.signal.aborted) return 'stop';
      const result = await runStep(ctx, r);
      if (!result.ok) return fail(ctx, r, result);
      if (r.attempts) r.attempts = 0;
    }
    if (ctx.signal.aborted) return 'stop'; // published is persisted: the next start only tidies up
    r.status = 'sent';
    r.attempts = 0;
    o.emitter.emit({ type: 'sent', id: r.id, report: r });
    // Delivered: the report and its files leave the outbox only now, never before.
    await o.outbox.remove(r.id);
    return 'sent';
  }

  async function pass(force: boolean, signal: AbortSignal): Promise<boolean> {
    return o.lock.withLock(async () => {
      const ctx: StepContext = {
        client: o.client,
        outbox: o.outbox,
        token: o.token,
        hasher: o.hasher,
        clock: o.clock,
        emitter: o.emitter,
        publishAfter: o.publishAfter,
        signal,
      };
      for (const report of await o.outbox.list()) {
        if (signal.aborted) return;
        if (report.status !== 'pending' || (!force && report.nextAttemptAt > o.clock.now())) continue;
        let verdict: Verdict;
        try {
          verdict = await deliver(ctx, report);
        } catch (error) {
          // Local storage failed (quota, a removed record or file): keep everything, try again later.
          localFailure = true;
          report.attempts += 1;
          report.nextAttemptAt = o.clock.now() + backoffDelay(report.attempts - 1, o.backoff, o.random);
          report.lastError = `outbox: ${error instanceof Error ? error.message : String(error)}`;
          await o.outbox.update(report).catch(() => undefined);
          o.emitter.emit({
            type: 'progress',
            id: report.id,
            report,
            step: 'offline',
            error: report.lastError,
            retryAt: report.nextAttemptAt,
          });
          verdict = 'stop';
        }
        if (verdict === 'stop') return;
      }
    });
  }

  /** Serialises passes inside this realm; the SyncLock serialises them across tabs/processes. */
  function queuePass(force: boolean, signal: AbortSignal): Promise<boolean> {
    const next = passChain.then(() => pass(force, signal));
    passChain = next.catch(() => undefined);
    return next;
  }

  async function nextWakeIn(): Promise<number> {
    const pending = (await o.outbox.list()).filter((r) => r.status === 'pending');
    if (!pending.length) return MAX_SLEEP_MS;
    return Math.max(0, Math.min(...pending.map((r) => r.nextAttemptAt)) - o.clock.now());
  }

  async function loop(signal: AbortSignal): Promise<void> {
    while (running && !signal.aborted) {
      kicked = false;
      let acquired = true;
      try {
        acquired = await queuePass(false, signal);
      } catch {
        acquired = true;
      }
      if (!running || signal.aborted) break;
      if (kicked) continue;
      let wait = await nextWakeIn().catch(() => o.backoff.baseMs);
      if (localFailure) wait = Math.max(wait, o.backoff.baseMs);
      localFailure = false;
      if (!acquired) wait = Math.min(wait, o.lockPollMs ?? 5_000);
      wake = new AbortController();
      if (kicked) continue;
      await o.clock.sleep(Math.min(wait, MAX_SLEEP_MS), AbortSignal.any([wake.signal, signal]));
    }
  }

  return {
    get running() {
      return running;
    },
    start() {
      if (running) return;
      running = true;
      passAbort = new AbortController();
      const signal = passAbort.signal;
      const previous = loopDone;
      loopDone = previous.then(() => loop(signal));
    },
    stop() {
      running = false;
      passAbort.abort();
      wake.abort();
      for (const controller of adhoc) controller.abort();
    },
    kick() {
      kicked = true;
      wake.abort();
    },
    async syncNow() {
      const controller = new AbortController();
      adhoc.add(controller);
      try {
        await queuePass(true, running ? AbortSignal.any([passAbort.signal, controller.signal]) : controller.signal);
      } finally {
        adhoc.delete(controller);
      }
    },
  };
}
