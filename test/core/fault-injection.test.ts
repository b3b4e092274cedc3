// Exactly once under chaos: 200 reports, each with a screenshot, through a proxy that drops 20% of
// requests and 20% of responses (seeded), while the sync engine is stopped and replaced every few
// hundred milliseconds. Every report must arrive once, with its bytes intact, and leave the outbox.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMemoryOutbox, createReporter, type Reporter } from '../../widget/src/core/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { PATS, PROJECT_ID, TOKENS } from '../helpers/seed.ts';
import { startFaultProxy, type FaultProxy } from './fault-proxy.ts';
import { allIssues, createFastClock, downloadMd5, md5Hex, pngBytes, roomySeed, seeded } from './helpers.ts';

const REPORTS = 200;
let server: TestServer;
let proxy: FaultProxy;
beforeAll(async () => {
  server = await startTestServer({ seed: roomySeed() });
  proxy = await startFaultProxy(server.url, seeded(2024));
  server.deps.config.publicUrl = proxy.url; // storage PUTs and media URLs go through the proxy too
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});

it('delivers 200 reports exactly once through 20% lost requests, 20% lost responses and engine restarts', {
  timeout: 60_000,
}, async () => {
  const outbox = createMemoryOutbox();
  const random = seeded(77);
  const shots = Array.from({ length: REPORTS }, (_, i) =>
    pngBytes(2_000 + Math.floor(random() * 6_000), seeded(i + 1)),
  );
  const clock = createFastClock();
  const make = (n: number): Reporter =>
    createReporter({
      endpoint: proxy.url,
      projectId: PROJECT_ID,
      token: TOKENS.all,
      outbox,
      clock,
      random: seeded(1000 + n),
      backoff: { baseMs: 2, maxMs: 20 },
    });

  // Queue everything first (offline-first), then let the network misbehave.
  const queuing = make(0);
  for (let i = 0; i < REPORTS; i++) {
    await queuing.submit({
      kind: 'bug',
      description: `Chaos report #${i}: the docking clamp releases too early.`,
      attachments: [{ kind: 'screenshot', name: `chaos-${i}.png`, contentType: 'image/png', data: shots[i] }],
    });
  }
  proxy.plan.dropRequest = 0.2;
  proxy.plan.dropResponse = 0.2;

  let restarts = 0;
  let reporter = make(++restarts);
  reporter.start();
  const deadline = Date.now() + 50_000;
  while ((await outbox.usage()).reports > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    reporter.stop(); // the tab closes mid-flight: in-flight requests are aborted
    // The page comes back at once, while the server may still be working on what it received:
    // a create repeated under the same Idempotency-Key waits for the first (README, Known limits).
    reporter = make(++restarts);
    reporter.start();
  }
  reporter.stop();
  proxy.plan.dropRequest = 0;
  proxy.plan.dropResponse = 0;

  expect(await outbox.list()).toEqual([]);
  expect(restarts).toBeGreaterThan(3);
  const lost = proxy.log.filter((l) => l.fate !== 'forwarded');
  expect(lost.filter((l) => l.fate === 'dropped-response').length).toBeGreaterThan(100);
  expect(lost.filter((l) => l.fate === 'dropped-request').length).toBeGreaterThan(100);

  const issues = await allIssues(server);
  const byReport = new Map<number, any[]>();
  for (const issue of issues) {
    const n = Number(/^Chaos report #(\d+):/.exec(issue.description)?.[1]);
    byReport.set(n, [...(byReport.get(n) ?? []), issue]);
  }
  expect(issues).toHaveLength(REPORTS);
  for (let i = 0; i < REPORTS; i++) {
    const [issue, ...duplicates] = byReport.get(i) ?? [];
    expect(duplicates, `report #${i}`).toEqual([]);
    expect(issue?.status, `report #${i}`).toBe('open');
    expect(issue.screenshots, `report #${i}`).toHaveLength(1);
    expect(await downloadMd5(issue.screenshots[0].url.replace(proxy.url, server.url)), `report #${i}`).toBe(
      md5Hex(shots[i]),
    );
  }
  // The owner's view agrees: no stray hidden drafts left behind by lost create responses.
  const hidden = await server.request('GET', `/projects/${PROJECT_ID}/issues.json?status=hidden`, {
    auth: `Bearer ${PATS.owner}`,
  });
  expect(hidden.body.issues).toEqual([]);
});
