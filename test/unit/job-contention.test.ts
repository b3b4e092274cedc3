// A job cut short because another connection held SQLite's write lock past busy_timeout (the request thread under
// sustained creates) keeps its attempts: it goes back uncounted, and runs once the lock is free. A job that fails
// on its own still counts the attempt. Real SQLite file, two connections.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Deps } from '../../reference-server/src/deps.ts';
import { findJob } from '../../reference-server/src/jobs/repository.ts';
import { createDeps } from '../../reference-server/src/server.ts';

let dir: string;
let deps: Deps;
let other: Database.Database;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'glitchbox-job-contention-'));
  deps = createDeps({ db: join(dir, 'server.db'), storageDir: join(dir, 'storage') });
  other = new Database(join(dir, 'server.db'));
  deps.db.pragma('busy_timeout = 20');
});
afterEach(async () => {
  await deps.jobs.stop();
  if (other.inTransaction) other.exec('ROLLBACK');
  other.close();
  deps.db.close();
  rmSync(dir, { recursive: true, force: true });
});

const write = (key: string) =>
  deps.db.prepare('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)').run(key, 'done');

describe('jobs under write-lock contention', () => {
  it('hands the batch back uncounted, even when the lock is still held, and runs it once the lock is free', async () => {
    let contended = false;
    deps.jobs.register('probe', (payload: { key: string }) => {
      if (!contended) {
        contended = true;
        other.exec('BEGIN IMMEDIATE'); // the request thread takes the lock and keeps it
      }
      write(payload.key);
    });
    const ids = ['a', 'b', 'c'].map((key) => deps.jobs.enqueue('probe', { key }).id);

    expect(await deps.jobs.runDue()).toBe(0);
    // The hand-back could not be written while the lock was held: the jobs are still leased, counted.
    expect(ids.map((id) => findJob(deps.db, id)!.attempts)).toEqual([1, 1, 1]);
    other.exec('COMMIT');

    expect(await deps.jobs.runDue()).toBe(0); // the hand-back is written first; the jobs are due a second later
    expect(ids.map((id) => findJob(deps.db, id))).toEqual(
      ids.map(() => expect.objectContaining({ attempts: 0, locked_until: null, done_at: null, last_error: null })),
    );

    deps.clock.advance(2_000);
    expect(await deps.jobs.runDue()).toBe(3);
    for (const id of ids) expect(findJob(deps.db, id)).toMatchObject({ attempts: 1, done_at: expect.any(String) });
    expect(deps.db.prepare("SELECT count(*) FROM settings WHERE key IN ('a', 'b', 'c')").pluck().get()).toBe(3);
  });

  it('still counts the attempt of a job that fails on its own', async () => {
    deps.jobs.register('broken', () => {
      throw new Error('the payload names an issue that is gone');
    });
    const id = deps.jobs.enqueue('broken', {}).id;
    expect(await deps.jobs.runDue()).toBe(1);
    expect(findJob(deps.db, id)).toMatchObject({ attempts: 1, last_error: 'the payload names an issue that is gone' });
  });
});
