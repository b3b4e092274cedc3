// One syncer per outbox directory across processes: an exclusive lock file (O_EXCL) holding the
// owner's pid; a lock whose process is gone is taken over.
import { openSync, closeSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { SyncLock } from '../core/types.ts';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function tryAcquire(path: string): boolean {
  try {
    const fd = openSync(path, 'wx');
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const owner = Number(readFileSync(path, 'utf8').trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) return false;
    if (owner === process.pid) return false; // held by another pass of this process
    try {
      unlinkSync(path); // stale: its process is gone
    } catch {
      return false;
    }
    return tryAcquire(path);
  }
}

export function createFileLock(dir: string): SyncLock {
  const path = join(dir, 'sync.lock');
  return {
    async withLock(fn) {
      if (!tryAcquire(path)) return false;
      try {
        await fn();
      } finally {
        try {
          unlinkSync(path);
        } catch {
          // already gone
        }
      }
      return true;
    },
  };
}
