// A report whose trace is over debug_trace's 128 KB limit, against the real reference server: the reporter sends
// the newest steps that fit, so the report is sent instead of refused (the loader hands over every step it kept).
import { afterEach, expect, it } from 'vitest';
import { createMemoryOutbox, createReporter, type ReporterEvent } from '../../widget/src/core/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { PROJECT_ID, TOKENS } from '../helpers/seed.ts';
import { allIssues, createFastClock, seeded, showIssue } from './helpers.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
});

it('sends the newest trace steps within 128 KB when the game kept more', async () => {
  server = await startTestServer();
  const reporter = createReporter({
    endpoint: server.url,
    projectId: PROJECT_ID,
    token: TOKENS.all,
    outbox: createMemoryOutbox(),
    clock: createFastClock(),
    random: seeded(7),
    backoff: { baseMs: 5, maxMs: 50 },
  });
  const settled = new Promise<ReporterEvent>((resolve) => {
    reporter.on('sent', resolve);
    reporter.on('rejected', resolve);
  });
  // 400 steps of about 1 KB: some 400 KB of JSON, three times the limit.
  const debugTrace = Array.from({ length: 400 }, (_, i) => ({
    severity: 'info' as const,
    description: `step ${i} ${'x'.repeat(1000)}`,
  }));
  const description = 'marker-long-trace: the level streams in forever';
  await reporter.submit({ kind: 'bug', description, debugTrace });
  await reporter.syncNow();
  expect((await settled).type).toBe('sent');
  const found = (await allIssues(server)).find((i) => i.description === description);
  const steps: { description: string }[] = (await showIssue(server, found.id)).debug_trace.steps;
  expect(new TextEncoder().encode(JSON.stringify({ steps })).length).toBeLessThanOrEqual(128 * 1024);
  expect(steps.length).toBeGreaterThan(100);
  expect(steps.at(-1)!.description).toMatch(/^step 399 /);
  expect(steps[0].description).toMatch(new RegExp(`^step ${400 - steps.length} `));
});
