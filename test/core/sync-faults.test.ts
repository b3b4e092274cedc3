// The sync engine under network trouble, against the real reference server behind a loopback fault
// proxy: offline then online, 503 bursts with Retry-After, refusals kept with their reason.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createMemoryOutbox,
  createReporter,
  type OutboxStore,
  type ReporterEvent,
} from '../../widget/src/core/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { PROJECT_ID, TOKENS } from '../helpers/seed.ts';
import { startFaultProxy, type FaultProxy } from './fault-proxy.ts';
import { allIssues, createFastClock, roomySeed, seeded, waitFor } from './helpers.ts';

let server: TestServer;
let proxy: FaultProxy;
beforeEach(async () => {
  server = await startTestServer({ seed: roomySeed() });
  proxy = await startFaultProxy(server.url, seeded(3));
  server.deps.config.publicUrl = proxy.url; // upload URLs go through the proxy too
});
afterEach(async () => {
  await proxy.close();
  await server.close();
});

function reporterFor(outbox: OutboxStore, token: string = TOKENS.all, clock = createFastClock()) {
  const reporter = createReporter({
    endpoint: proxy.url,
    projectId: PROJECT_ID,
    token,
    outbox,
    clock,
    random: seeded(5),
    backoff: { baseMs: 1000, maxMs: 60_000 },
  });
  const events: ReporterEvent[] = [];
  for (const type of ['queued', 'progress', 'sent', 'rejected'] as const) reporter.on(type, (e) => events.push(e));
  return { reporter, events, clock };
}

const bug = (description = 'The map screen flickers when zooming out quickly.') => ({
  kind: 'bug' as const,
  description,
});

describe('offline, then online', () => {
  it('keeps the report while the network is down and delivers it once it is back', async () => {
    const outbox = createMemoryOutbox();
    const { reporter, events, clock } = reporterFor(outbox);
    proxy.plan.offline = true;
    const { id } = await reporter.submit(bug());
    await reporter.syncNow();

    const [kept] = await outbox.list();
    expect(kept).toMatchObject({ id, status: 'pending', step: 'queued', attempts: 1 });
    expect(kept.lastError).toMatch(/^create: /);
    const offline = events.find((e) => e.type === 'progress' && e.step === 'offline')!;
    expect(offline.retryAt! - clock.now()).toBeGreaterThanOrEqual(400); // backed off: 0.5..1 × base
    expect(await allIssues(server)).toHaveLength(0);

    proxy.plan.offline = false;
    await reporter.syncNow(); // what the browser's `online` event triggers
    expect(events.filter((e) => e.type === 'sent').map((e) => e.id)).toEqual([id]);
    expect(await allIssues(server)).toHaveLength(1);
    expect(await outbox.list()).toEqual([]);
  });
});

describe('503 bursts', () => {
  it('waits at least Retry-After between attempts and delivers the report once', async () => {
    const outbox = createMemoryOutbox();
    const { reporter, events, clock } = reporterFor(outbox);
    proxy.plan.unavailable = { count: 3, retryAfter: '120' };
    const start = clock.now();
    await reporter.submit(bug());
    reporter.start();
    await waitFor<ReporterEvent>(
      (l) => reporter.on('sent', l),
      () => true,
    );
    reporter.stop();

    const retries = events.filter((e) => e.type === 'progress' && e.step === 'retry');
    expect(retries.map((e) => e.status)).toEqual([503, 503, 503]);
    for (const e of retries) expect(e.retryAt! - e.report.updatedAt).toBeGreaterThanOrEqual(120_000);
    expect(clock.now() - start).toBeGreaterThanOrEqual(360_000); // three Retry-After waits in virtual time
    expect(proxy.log.filter((l) => l.fate === '503')).toHaveLength(3);
    expect(await allIssues(server)).toHaveLength(1);
  });

  it('reads Retry-After as an HTTP date too', async () => {
    const outbox = createMemoryOutbox();
    const { reporter, events, clock } = reporterFor(outbox);
    proxy.plan.unavailable = { count: 1, retryAfter: new Date(clock.now() + 300_000).toUTCString() };
    await reporter.submit(bug());
    await reporter.syncNow();
    const retry = events.find((e) => e.step === 'retry')!;
    expect(retry.retryAt! - retry.report.updatedAt).toBeGreaterThan(295_000);
  });
});

describe('refusals', () => {
  it('keeps a refused report with the server reason and never retries it on its own', async () => {
    const outbox = createMemoryOutbox();
    const { reporter, events } = reporterFor(outbox, TOKENS.none);
    const { id } = await reporter.submit(bug());
    await reporter.syncNow();
    const [kept] = await outbox.list();
    expect(kept).toMatchObject({ id, status: 'rejected', rejection: { status: 403, step: 'create' } });
    expect(kept.rejection!.error).toMatch(/not allowed/i);
    expect(events.filter((e) => e.type === 'rejected').map((e) => e.error)).toEqual([kept.rejection!.error]);

    const requests = proxy.log.length;
    await reporter.syncNow();
    await reporter.syncNow();
    expect(proxy.log.length).toBe(requests); // kept, not hammered
    expect(await outbox.list()).toHaveLength(1);
  });

  it('delivers a refused report once the player edits it and asks to retry', async () => {
    const outbox = createMemoryOutbox();
    const { reporter, events } = reporterFor(outbox);
    const { id } = await reporter.submit(bug('Too short'));
    await reporter.syncNow();
    const [kept] = await outbox.list();
    expect(kept.rejection).toMatchObject({ status: 422, step: 'create' });

    await reporter.retry(id, { description: 'The map screen flickers when zooming out quickly.' });
    await reporter.syncNow();
    expect(events.filter((e) => e.type === 'sent').map((e) => e.id)).toEqual([id]);
    const issues = await allIssues(server);
    expect(issues.map((i) => i.description)).toEqual(['The map screen flickers when zooming out quickly.']);
  });
});
