// Our own reporter holds itself to the canonical shapes (docs/api-choices.md#strict-mode): its whole draft flow
// (create, direct upload, contact, publish) passes a --strict server, and the conformance report finds nothing to fix.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMemoryOutbox, createReporter, type ReporterEvent } from '../../widget/src/core/index.ts';
import { createFastClock, roomySeed, seeded } from '../core/helpers.ts';
import { PROJECT_ID, TOKENS } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: roomySeed(), strict: true });
});
afterAll(() => server.close());

it('sends a bug with a log file through a strict server and leaves a clean report', async () => {
  const reporter = createReporter({
    endpoint: server.url,
    projectId: PROJECT_ID,
    token: TOKENS.all,
    outbox: createMemoryOutbox(),
    clock: createFastClock(),
    random: seeded(3),
    backoff: { baseMs: 5, maxMs: 50 },
  });
  const events: ReporterEvent[] = [];
  for (const type of ['sent', 'rejected'] as const) reporter.on(type, (e) => events.push(e));
  await reporter.submit({
    kind: 'bug',
    title: 'Ship falls through the floor',
    description: 'After docking at station 3 the ship falls through.',
    steps: ['Dock at station 3'],
    email: 'player@example.test',
    attachments: [
      { kind: 'log_file', name: 'game.log', contentType: 'text/plain', data: new TextEncoder().encode('boot ok\n') },
    ],
  });
  await reporter.syncNow();
  expect(events.map((e) => e.type)).toEqual(['sent']);

  const report = (await server.request('GET', '/__admin/conformance')).body;
  // Create, presign, confirm, contact, publish: every request of the flow was recorded, none bent a rule.
  const requests = report.clients.reduce((sum: number, c: { requests: number }) => sum + c.requests, 0);
  expect(requests).toBeGreaterThanOrEqual(5);
  for (const client of report.clients)
    expect({ findings: client.findings, refused: client.refused }).toEqual({ findings: [], refused: 0 });
});
