// Expiry: upload URLs live 5 minutes (docs/api-choices.md#storage-and-media-urls) and the draft JWT 1 hour
// (docs/reporter-core.md#how-the-1-hour-draft-jwt-expiry-is-handled). The server clock is moved forward while
// the engine is stopped.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createMemoryOutbox,
  createReporter,
  type OutboxStore,
  type ReporterEvent,
} from '../../widget/src/core/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { PROJECT_ID, TOKENS } from '../helpers/seed.ts';
import { createFastClock, downloadMd5, md5Hex, pngBytes, roomySeed, seeded, showIssue } from './helpers.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ seed: roomySeed() });
});
afterEach(async () => {
  await server.close();
});

/** A reporter whose injected fetch records every request's method, path, auth scheme and status. */
function recordingReporter(outbox: OutboxStore, clock = createFastClock()) {
  const requests: Array<{ method: string; path: string; auth: string; status: number }> = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const method = request?.method ?? init?.method ?? 'GET';
    const url = request?.url ?? String(input);
    const authorization =
      request?.headers.get('authorization') ?? new Headers(init?.headers).get('authorization') ?? '';
    const response = await fetch(input as RequestInfo, init);
    requests.push({
      method,
      path: new URL(url).pathname,
      auth: authorization
        .split(/[ ,]/)
        .slice(0, 2)
        .join(' ')
        .replace(/^(Bearer) .*/, '$1 <jwt>'),
      status: response.status,
    });
    return response;
  };
  const reporter = createReporter({
    endpoint: server.url,
    projectId: PROJECT_ID,
    token: TOKENS.all,
    outbox,
    fetch: recordingFetch,
    clock,
    random: seeded(4),
    backoff: { baseMs: 5, maxMs: 50 },
  });
  const sent: ReporterEvent[] = [];
  reporter.on('sent', (e) => sent.push(e));
  return { reporter, requests, sent, clock };
}

/** Runs a reporter until the named step, then stops it (the tab was closed). */
async function stopAfter(
  outbox: OutboxStore,
  step: string,
  input: Parameters<ReturnType<typeof createReporter>['submit']>[0],
) {
  const { reporter } = recordingReporter(outbox);
  reporter.on('progress', (e) => {
    if (e.step === step && e.loaded === undefined) reporter.stop();
  });
  await reporter.submit(input);
  await reporter.syncNow();
}

const screenshot = pngBytes(50_000, seeded(9));
const bugWithShot = (email?: string) => ({
  kind: 'bug' as const,
  description: 'Cargo bay doors open by themselves in orbit.',
  email,
  attachments: [{ kind: 'screenshot' as const, name: 'bay.png', contentType: 'image/png', data: screenshot }],
});

describe('expired upload URL', () => {
  it('signs the upload again when storage refuses an expired URL', async () => {
    const outbox = createMemoryOutbox();
    await stopAfter(outbox, 'presigned', bugWithShot());
    await server.advance('6m');

    const { reporter, requests, sent } = recordingReporter(outbox);
    await reporter.syncNow();
    const puts = requests.filter((r) => r.method === 'PUT').map((r) => r.status);
    expect(puts).toEqual([403, 200]);
    expect(requests.filter((r) => r.path.endsWith('/presigned_upload'))).toHaveLength(1);
    expect(sent[0].report.attachments[0].represigns).toBe(1);
    const issue = await showIssue(server, sent[0].report.remote!.id);
    expect(await downloadMd5(issue.screenshots[0].url)).toBe(md5Hex(screenshot));
  });

  it('signs again without trying a URL it knows is too old', async () => {
    const outbox = createMemoryOutbox();
    await stopAfter(outbox, 'presigned', bugWithShot());
    await server.advance('6m');
    const clock = createFastClock();
    clock.skipped = 6 * 60_000; // the device clock moved on as well
    const { reporter, requests, sent } = recordingReporter(outbox, clock);
    await reporter.syncNow();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.status)).toEqual([200]);
    expect(sent).toHaveLength(1);
  });
});

describe('expired draft JWT', () => {
  it('finishes the draft as `FormUser tkn-…,<expired jwt>`: uploads, contact and publish', async () => {
    const outbox = createMemoryOutbox();
    await stopAfter(outbox, 'created', bugWithShot('cadet@example.test'));
    await server.advance('2h');

    const { reporter, requests, sent } = recordingReporter(outbox);
    await reporter.syncNow();
    expect(sent).toHaveLength(1);
    expect(sent[0].report.remote).toMatchObject({ jwtExpired: true });
    expect(sent[0].report.remote?.autoPublish).toBeUndefined();
    const writes = requests
      .filter((r) => r.method === 'POST')
      .map((r) => `${r.path.split('/').pop()} ${r.auth} ${r.status}`);
    expect(writes[0]).toMatch(/^presigned_upload Bearer <jwt> 40[13]$/);
    expect(writes.slice(1)).toEqual([
      'presigned_upload FormUser tkn-all 200',
      'confirm_upload FormUser tkn-all 201',
      'set_contact_info FormUser tkn-all 200',
      'publish FormUser tkn-all 200',
    ]);
    const issue = await showIssue(server, sent[0].report.remote!.id);
    expect(issue.status).toBe('open');
    expect(issue.screenshots).toHaveLength(1);
  });

  it('finishes an anonymous draft the same way, and never falls back to the bare project token', async () => {
    const outbox = createMemoryOutbox();
    await stopAfter(outbox, 'created', bugWithShot());
    await server.advance('2h');

    const { reporter, sent, requests } = recordingReporter(outbox);
    await reporter.syncNow();
    expect(sent).toHaveLength(1);
    expect(sent[0].report.remote).toMatchObject({ jwtExpired: true });
    expect(sent[0].report.remote?.autoPublish).toBeUndefined();
    const id = sent[0].report.remote!.id;
    expect((await showIssue(server, id)).status).toBe('open');
    expect((await showIssue(server, id)).screenshots).toHaveLength(1);
    const accepted = requests.filter((r) => r.method === 'POST' && r.status < 300);
    expect(accepted.every((r) => r.auth === 'FormUser tkn-all')).toBe(true);
  });

  it("tries the create's own credential once when the token with the stale JWT is refused too", async () => {
    const outbox = createMemoryOutbox();
    const bug = { kind: 'bug' as const, description: 'Cargo bay doors open by themselves in orbit.' };
    await stopAfter(outbox, 'created', bug);
    await server.advance('8d');

    const forms: string[] = [];
    const reporter = createReporter({
      endpoint: server.url,
      projectId: PROJECT_ID,
      token: TOKENS.all,
      outbox,
      clock: createFastClock(),
      random: seeded(4),
      backoff: { baseMs: 5, maxMs: 50 },
      fetch: async (input, init) => {
        const request = input instanceof Request ? input : undefined;
        const auth = request?.headers.get('authorization') ?? new Headers(init?.headers).get('authorization') ?? '';
        const response = await fetch(input as RequestInfo, init);
        const form = auth.startsWith('Bearer') ? 'Bearer <jwt>' : auth.includes(',') ? 'FormUser tkn,<jwt>' : auth;
        forms.push(`${form} ${response.status}`);
        return response;
      },
    });
    await reporter.syncNow();
    // A service that honours neither the stale JWT nor the bare token for a hidden draft refuses all three;
    // one that lets the token (or the reporter) finish a draft accepts the third.
    expect(forms.slice(0, 3)).toEqual(['Bearer <jwt> 401', 'FormUser tkn,<jwt> 404', 'FormUser tkn-all 404']);
  });

  it('leaves a draft to its publish_after timer once even the expired JWT is past its grace (7 days)', async () => {
    const outbox = createMemoryOutbox();
    const bug = { kind: 'bug' as const, description: 'Cargo bay doors open by themselves in orbit.' };
    await stopAfter(outbox, 'created', bug);
    await server.advance('8d');

    const { reporter, sent } = recordingReporter(outbox);
    await reporter.syncNow();
    expect(sent).toHaveLength(1);
    expect(sent[0].report.remote).toMatchObject({ jwtExpired: true, autoPublish: true });
  });
});
