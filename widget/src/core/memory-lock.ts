// An in-process SyncLock: one pass at a time inside one JavaScript realm. Browsers add a Web Locks
// lock (delivery/sync-lock.ts) and Node a lock file (node/file-lock.ts) across tabs and processes.
import type { SyncLock } from './types.ts';

export function createMemoryLock(): SyncLock {
  let held = false;
  return {
    async withLock(fn) {
      if (held) return false;
      held = true;
      try {
        await fn();
      } finally {
        held = false;
      }
      return true;
    },
  };
}
