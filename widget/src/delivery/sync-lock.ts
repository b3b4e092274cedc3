// One syncing tab per outbox: the Web Locks API (`ifAvailable`: a busy lock means another tab is
// syncing, so skip), with a BroadcastChannel election where Web Locks are missing.
import { createMemoryLock } from '../core/memory-lock.ts';
import type { SyncLock } from '../core/types.ts';

export function createWebLock(name: string): SyncLock {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (locks) {
    return {
      async withLock(fn) {
        let ran = false;
        await locks.request(name, { ifAvailable: true }, async (lock) => {
          if (!lock) return;
          ran = true;
          await fn();
        });
        return ran;
      },
    };
  }
  if (typeof BroadcastChannel !== 'undefined') return createBroadcastLock(name);
  return createMemoryLock();
}

/**
 * Election over a BroadcastChannel: a claimant announces itself and waits `settleMs`; a holder
 * answers every claim with `held`; of two simultaneous claimants the lower random ticket wins.
 */
export function createBroadcastLock(name: string, settleMs = 60): SyncLock {
  const channel = new BroadcastChannel(`glitchbox-lock:${name}`);
  const local = createMemoryLock();
  let holding = false;
  let claimTicket: number | undefined;
  let lost = false;
  channel.onmessage = (event: MessageEvent<{ type: 'claim' | 'held'; ticket: number }>) => {
    const msg = event.data;
    if (msg.type === 'claim') {
      if (holding) channel.postMessage({ type: 'held', ticket: msg.ticket });
      else if (claimTicket !== undefined && msg.ticket < claimTicket) lost = true;
    } else if (msg.type === 'held' || (claimTicket !== undefined && msg.ticket < claimTicket)) {
      lost = true;
    }
  };
  return {
    withLock: (fn) =>
      local
        .withLock(async () => {
          lost = false;
          claimTicket = Math.random();
          channel.postMessage({ type: 'claim', ticket: claimTicket });
          await new Promise((r) => setTimeout(r, settleMs));
          const won = !lost;
          claimTicket = undefined;
          if (!won) throw new LockBusy();
          holding = true;
          try {
            await fn();
          } finally {
            holding = false;
          }
        })
        .then(
          (ran) => ran,
          (error) => {
            if (error instanceof LockBusy) return false;
            throw error;
          },
        ),
  };
}

class LockBusy extends Error {}
