// The request thread's wait for the job thread's write transaction (db/write-turns.ts): with the flag raised by a real
// worker thread's announced transaction, a write begun after waitForWriter never meets the lock (busy_timeout 0 here,
// so SQLite's own wait cannot hide a miss), and without the wait it would have. Real SQLite file, two threads.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../reference-server/src/db/database.ts';
import { createWriterFlag, waitForWriter } from '../../reference-server/src/db/write-turns.ts';
import { startWorker } from '../../reference-server/src/start-worker.ts';

let dir: string;
let db: Db;
let worker: Worker;
const flag = createWriterFlag();
const gate = new Int32Array(new SharedArrayBuffer(4));
const next = (w: Worker) => new Promise<unknown>((resolve) => w.once('message', resolve));

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'glitchbox-write-turns-'));
  const file = join(dir, 'turns.db');
  db = openDatabase(file);
  db.exec('CREATE TABLE turns (id INTEGER PRIMARY KEY, label TEXT NOT NULL)');
  Atomics.store(gate, 0, 0);
  worker = startWorker(
    { bundled: 'none.mjs', source: new URL('./fixtures/announced-writer.ts', import.meta.url) },
    {
      file,
      flag,
      gate,
    },
  );
  await next(worker);
  db.pragma('busy_timeout = 0');
});
afterEach(async () => {
  await worker.terminate();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Sends the worker into its transaction; resolves once it holds it (its flag raised), with its commit to await. */
async function holdInWorker(hold: 'gate' | 'timed', ms?: number): Promise<{ committed: Promise<unknown> }> {
  const holding = next(worker);
  worker.postMessage({ label: hold, hold, ms });
  expect(await holding).toBe('holding');
  return { committed: next(worker) };
}

describe('waiting for the job thread to write', () => {
  it('raises the flag while the other thread writes; a write that does not wait meets the lock', async () => {
    const { committed } = await holdInWorker('gate');
    expect(Atomics.load(flag, 0)).toBe(1);
    expect(() => db.exec('BEGIN IMMEDIATE')).toThrow(/locked|busy/i);
    Atomics.store(gate, 0, 1);
    Atomics.notify(gate, 0);
    await committed;
    expect(Atomics.load(flag, 0)).toBe(0);
  });

  it('wakes a waiting write when the transaction ends: it begins at once and reads what was committed', async () => {
    // Whether the 300 ms are over by the time this runs or not, the write must not meet the lock.
    const { committed } = await holdInWorker('timed', 300);
    waitForWriter(flag);
    db.exec('BEGIN IMMEDIATE');
    expect(db.prepare('SELECT label FROM turns').pluck().all()).toEqual(['timed']);
    db.exec('COMMIT');
    await committed;
  });

  it('returns at once when no transaction runs, and without a flag (an in-memory server)', () => {
    waitForWriter(flag);
    waitForWriter(undefined);
    db.exec('BEGIN IMMEDIATE');
    db.exec('COMMIT');
  });
});
