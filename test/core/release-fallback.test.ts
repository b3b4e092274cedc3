// Unknown release labels against the real reference server: a token that may not create releases gets the
// report through once more without the label (kept in the device block); one that may creates the release.
import { afterEach, expect, it, vi } from 'vitest';
import { createMemoryOutbox, createReporter, type ReporterEvent } from '../../widget/src/core/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { ALL_FLAGS, PROJECT_ID, TOKENS, seedDocument } from '../helpers/seed.ts';
import { allIssues, createFastClock, seeded } from './helpers.ts';

const NO_RELEASES = 'tkn-no-releases';
let server: TestServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
});

async function deliver(token: string, releaseLabel: string) {
  server = await startTestServer({
    seed: seedDocument({
      project: {
        tokens: [
          { token: TOKENS.all, ...ALL_FLAGS },
          { token: NO_RELEASES, ...ALL_FLAGS, can_create_release: false },
        ],
      },
    }),
  });
  const outbox = createMemoryOutbox();
  const reporter = createReporter({
    endpoint: server.url,
    projectId: PROJECT_ID,
    token,
    outbox,
    clock: createFastClock(),
    random: seeded(3),
    backoff: { baseMs: 5, maxMs: 50 },
  });
  const settled = new Promise<ReporterEvent>((resolve) => {
    reporter.on('sent', resolve);
    reporter.on('rejected', resolve);
  });
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const description = `marker-release-${releaseLabel}: the map screen freezes after the cutscene`;
  await reporter.submit({ kind: 'bug', description, releaseLabel, deviceInfo: 'OS: Linux\nBrowser: Chromium 150' });
  await reporter.syncNow();
  const event = await settled;
  const issue = (await allIssues(server)).find((i) => i.description === description);
  return { event, issue, warnings: warn.mock.calls.map((c) => String(c[0])) };
}

it('sends once more without a label the token may not create, keeping it in the device block', async () => {
  const { event, issue, warnings } = await deliver(NO_RELEASES, '0.0.1');
  expect(event.type).toBe('sent');
  expect(issue.release?.label).not.toBe('0.0.1');
  expect(issue.device.configuration.release).toBe('0.0.1');
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toContain('Auth token does not have permission to create releases');
  const releases = await server!.request('GET', `/projects/${PROJECT_ID}/releases.json`, { auth: TOKENS.all });
  expect(releases.body.map((r: { label: string }) => r.label)).not.toContain('0.0.1');
});

it('creates the release as before when the token may', async () => {
  const { event, issue, warnings } = await deliver(TOKENS.all, '0.0.2');
  expect(event.type).toBe('sent');
  expect(issue.release.label).toBe('0.0.2');
  expect(issue.device.configuration.release).toBeUndefined();
  expect(warnings).toEqual([]);
});
