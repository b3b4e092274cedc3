// Durable jobs (docs/api-choices.md#background-jobs) on a real SQLite file: due by the server clock, exponential
// backoff, a crash mid-job (the lease lapses, the job runs again), survival across a restart,
// kinds this server does not know left alone, the loop, and /__admin/jobs/run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { findJob, listJobs } from '../../../reference-server/src/jobs/repository.ts';
import { createDeps } from '../../../reference-server/src/server.ts';
import type { Deps } from '../../../reference-server/src/deps.ts';
import { LEASE_MS } from '../../../reference-server/src/jobs/runner.ts';
import { startTestServer } from '../../helpers/server.ts';
import { PATS, PROJECT_ID, seedDocument, TOKENS } from '../../helpers/seed.ts';
import { describeLocal } from '../../helpers/local-only.ts';

const T0 = new Date('2030-01-01T00:00:00.000Z');
let dir: string;
let file: string;
const opened: Deps[] = [];

function open(now = T0): Deps {
  const deps = createDeps({ db: file, now, storageDir: join(dir, 'storage') });
  opened.push(deps);
  return deps;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'glitchbox-jobs-'));
  file = join(dir, 'jobs.db');
});
afterEach(async () => {
  for (const deps of opened.splice(0)) {
    await Promise.race([deps.jobs.stop(), new Promise((resolve) => setTimeout(resolve, 50))]);
    if (deps.db.open) deps.db.close();
  }
  rmSync(dir, { recursive: true, force: true });
});

describeLocal('running jobs', 'drives the job runner and a database file in-process', () => {
  it('runs a job once it is due by the server clock, and only once', async () => {
    const deps = open();
    const seen: unknown[] = [];
    deps.jobs.register('test.echo', (payload) => {
      seen.push(payload);
    });
    const job = deps.jobs.enqueue('test.echo', { n: 1 }, new Date(T0.getTime() + 60_000));
    expect(await deps.jobs.runDue()).toBe(0);
    deps.clock.advance(60_000);
    expect(await deps.jobs.runDue()).toBe(1);
    expect(await deps.jobs.runDue()).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
    expect(findJob(deps.db, job.id)).toMatchObject({
      attempts: 1,
      done_at: expect.any(String),
      last_error: null,
      locked_until: null,
    });
  });

  it('runs jobs a handler enqueues in the same pass', async () => {
    const deps = open();
    deps.jobs.register('test.chain', (payload: { left: number }) => {
      if (payload.left > 0) deps.jobs.enqueue('test.chain', { left: payload.left - 1 });
    });
    deps.jobs.enqueue('test.chain', { left: 2 });
    expect(await deps.jobs.runDue()).toBe(3);
  });

  it('retries a failing job with exponential backoff, then closes it with its error', async () => {
    const deps = open();
    let calls = 0;
    deps.jobs.register('test.flaky', () => {
      calls += 1;
      throw new Error(`boom ${calls}`);
    });
    const job = deps.jobs.enqueue('test.flaky', {}, undefined, 3);
    // The server clock is real time plus an offset, so the checks allow for the milliseconds a test takes.
    const retryAt = () => Date.parse(findJob(deps.db, job.id)!.run_at);
    expect(await deps.jobs.runDue()).toBe(1);
    expect(findJob(deps.db, job.id)).toMatchObject({ attempts: 1, done_at: null, last_error: 'boom 1' });
    expect(retryAt() - deps.clock.now().getTime()).toBeGreaterThan(1900);
    expect(retryAt() - deps.clock.now().getTime()).toBeLessThanOrEqual(2000);
    deps.clock.set(new Date(retryAt() - 100));
    expect(await deps.jobs.runDue()).toBe(0);
    deps.clock.set(new Date(retryAt()));
    expect(await deps.jobs.runDue()).toBe(1);
    expect(retryAt() - deps.clock.now().getTime()).toBeGreaterThan(3900);
    expect(retryAt() - deps.clock.now().getTime()).toBeLessThanOrEqual(4000);
    deps.clock.set(new Date(retryAt()));
    expect(await deps.jobs.runDue()).toBe(1);
    expect(findJob(deps.db, job.id)).toMatchObject({ attempts: 3, done_at: expect.any(String), last_error: 'boom 3' });
    deps.clock.advance(3_600_000);
    expect(await deps.jobs.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it('leaves jobs of a kind this server has no handler for, without spending their attempts', async () => {
    const deps = open();
    const job = deps.jobs.enqueue('test.unknown', {});
    expect(await deps.jobs.runDue()).toBe(0);
    expect(findJob(deps.db, job.id)).toMatchObject({ attempts: 0, done_at: null });
  });

  it('runs due jobs from its loop without being asked', async () => {
    const deps = open();
    let ran = false;
    deps.jobs.register('test.loop', () => {
      ran = true;
    });
    deps.jobs.enqueue('test.loop', {});
    deps.jobs.start(10);
    await expect.poll(() => ran, { timeout: 2000 }).toBe(true);
    await deps.jobs.stop();
  });
});

describeLocal('durability', 'drives the job runner and a database file in-process', () => {
  it('keeps a job across a restart of the server (same database file)', async () => {
    const first = open();
    first.jobs.enqueue('test.durable', { note: 'before restart' }, new Date(T0.getTime() + 5000));
    first.db.close();

    const second = open(new Date(T0.getTime() + 10_000));
    const seen: unknown[] = [];
    second.jobs.register('test.durable', (payload) => {
      seen.push(payload);
    });
    expect(await second.jobs.runDue()).toBe(1);
    expect(seen).toEqual([{ note: 'before restart' }]);
  });

  it('runs a job again after a crash mid-run, once its lease has lapsed', async () => {
    const crashed = open();
    crashed.jobs.register(
      'test.crash',
      () =>
        new Promise<void>(() => {
          /* the process dies here */
        }),
    );
    const job = crashed.jobs.enqueue('test.crash', { id: 7 });
    void crashed.jobs.runDue();
    await expect.poll(() => findJob(crashed.db, job.id)!.attempts).toBe(1);
    const lease = Date.parse(findJob(crashed.db, job.id)!.locked_until!) - T0.getTime();
    expect(lease).toBeGreaterThanOrEqual(LEASE_MS);
    expect(lease).toBeLessThan(LEASE_MS + 1000);
    crashed.db.close();

    const restarted = open(new Date(T0.getTime() + 1000));
    const seen: unknown[] = [];
    restarted.jobs.register('test.crash', (payload) => {
      seen.push(payload);
    });
    expect(await restarted.jobs.runDue()).toBe(0);
    restarted.clock.set(new Date(T0.getTime() + LEASE_MS + 1000));
    expect(await restarted.jobs.runDue()).toBe(1);
    expect(seen).toEqual([{ id: 7 }]);
    expect(findJob(restarted.db, job.id)).toMatchObject({ attempts: 2, done_at: expect.any(String) });
  });

  it('closes a job whose last attempt crashed, once the lease lapses', async () => {
    const crashed = open();
    crashed.jobs.register('test.last', () => new Promise<void>(() => undefined));
    const job = crashed.jobs.enqueue('test.last', {}, undefined, 1);
    void crashed.jobs.runDue();
    await expect.poll(() => findJob(crashed.db, job.id)!.attempts).toBe(1);
    crashed.db.close();

    // The clocks tick from their start, so the crashed runner leased a little after T0 (tens of ms under
    // load): restart a minute past the lease, not 1 ms past it.
    const restarted = open(new Date(T0.getTime() + LEASE_MS + 60_000));
    restarted.jobs.register('test.last', () => undefined);
    expect(await restarted.jobs.runDue()).toBe(0);
    expect(findJob(restarted.db, job.id)).toMatchObject({
      done_at: expect.any(String),
      last_error: 'lease lapsed on the last attempt',
    });
  });

  it('resumes a duplicate-detection job queued before a restart, through the API', async () => {
    const seed = seedDocument({
      project: {
        duplicate_detection: true,
        duplicate_threshold: 0.75,
        issues: [
          {
            title: 'Game crashes when opening the galaxy map',
            description: 'Opening the galaxy map crashes the game to desktop with an access violation.',
          },
        ],
      },
    });
    const before = await startTestServer({ db: file, seed, storageDir: join(dir, 'storage') });
    const created = await before.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
      auth: `FormUser ${TOKENS.all}`,
      json: {
        issue: {
          title: 'Galaxy map crashes the game',
          description: 'The game crashes to desktop with an access violation when opening the galaxy map.',
        },
      },
    });
    expect(created.status).toBe(201);
    await before.close();

    const after = await startTestServer({ db: file, seed: false, storageDir: join(dir, 'storage') });
    try {
      expect(listJobs(after.deps.db, 'search.detect_duplicate').filter((j) => !j.done_at)).toHaveLength(1);
      expect(await after.runJobs()).toBeGreaterThanOrEqual(1);
      const shown = await after.request('GET', `/projects/${PROJECT_ID}/issues/${created.body.scoped_id}.json`, {
        auth: `Bearer ${PATS.developer}`,
      });
      expect(shown.body).toMatchObject({ status: 'duplicate', potential_duplicate: { scoped_id: 1 } });
    } finally {
      await after.close();
    }
  });
});
