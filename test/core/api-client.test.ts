// The API client over real HTTP: the report flow's operations come from the table the reporter ships,
// every other operation from the table loaded on demand, and both reach the right method and path;
// query strings reach the server, and a server that never answers (or stalls mid-body) is offline
// after the timeout, as is a call the caller aborts; a storage PUT is abandoned only when it stops
// making progress.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../widget/src/core/api-client.ts';
import { otherPaths } from '../../widget/src/protocol/other-paths.ts';
import { paths } from '../../widget/src/protocol/paths.ts';
import { reportPaths } from '../../widget/src/protocol/report-paths.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { PATS, PROJECT_ID, TOKENS } from '../helpers/seed.ts';
import { createFastClock } from './helpers.ts';

let server: TestServer;
const sent: { method: string; path: string; search?: string }[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const client = () =>
  createApiClient({
    endpoint: server.url,
    projectId: PROJECT_ID,
    clock: createFastClock(),
    fetch: (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      sent.push({ method: request.method, path: url.pathname, ...(url.search ? { search: url.search } : {}) });
      return fetch(input, init);
    },
  });

describe('operation tables', () => {
  it('splits every operation between the report table and the on-demand table, none in both', () => {
    const report = Object.keys(reportPaths);
    const other = Object.keys(otherPaths);
    expect(report.filter((id) => other.includes(id))).toEqual([]);
    expect([...report, ...other].sort()).toEqual(Object.keys(paths).sort());
    expect(report).toContain('createIssue');
  });
});

describe('client.call', () => {
  it('sends a report-flow operation and one from the on-demand table to their paths', async () => {
    const api = client();
    sent.length = 0;
    const created = await api.call('createIssue', {
      auth: { scheme: 'token', token: TOKENS.all },
      json: { issue: { description: 'The client test: the minimap flickers when the map is zoomed.' } },
    });
    expect(created).toMatchObject({ kind: 'sent', status: 201 });
    expect(sent.at(-1)).toEqual({ method: 'POST', path: `/projects/${PROJECT_ID}/issues` });

    const project = await api.call<{ id: string }>('showProject', { auth: { scheme: 'pat', token: PATS.owner } });
    expect(project.kind).toBe('sent');
    expect(sent.at(-1)).toEqual({ method: 'GET', path: `/projects/${PROJECT_ID}` });
    if (project.kind === 'sent') expect(project.body.id).toBe(PROJECT_ID);

    const releases = await api.call('listReleases', { auth: { scheme: 'pat', token: PATS.owner } });
    expect(releases.kind).toBe('sent');
    expect(sent.at(-1)).toEqual({ method: 'GET', path: `/projects/${PROJECT_ID}/releases` });

    const verified = await api.call('verifyCredential', { auth: { scheme: 'pat', token: PATS.owner } });
    expect(verified.kind).toBe('sent');
    expect(sent.at(-1)).toEqual({ method: 'POST', path: '/auth/verify' });
  });

  it("classifies a refusal from an on-demand operation with the server's reason", async () => {
    const outcome = await client().call('listIssues', {
      auth: { scheme: 'pat', token: 'pat-does-not-exist' },
    });
    expect(outcome.kind).toBe('rejected');
    if (outcome.kind === 'rejected') {
      expect(outcome.status).toBe(401);
      expect(outcome.error).toMatch(/\w/);
    }
  });
});

describe('client.call over a slow or cut connection', () => {
  /** A loopback server that answers the way `respond` says, or never. */
  async function rawServer(
    respond: (res: import('node:http').ServerResponse) => void,
  ): Promise<{ url: string; close: () => Promise<void> }> {
    const srv: Server = createServer((_req, res) => respond(res));
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
    return {
      url,
      close: () =>
        new Promise<void>((r) => {
          srv.closeAllConnections();
          srv.close(() => r());
        }),
    };
  }
  const against = (endpoint: string, timeoutMs: number, uploadStallMs?: number) =>
    createApiClient({ endpoint, projectId: PROJECT_ID, clock: createFastClock(), fetch, timeoutMs, uploadStallMs });

  it('sends the query string: a filtered list reaches the server with its parameters', async () => {
    const api = client();
    const outcome = await api.call<{ issues: unknown[] }>('listIssues', {
      auth: { scheme: 'pat', token: PATS.owner },
      query: { per_page: 2, status: 'new', q: undefined },
    });
    expect(outcome.kind).toBe('sent');
    expect(sent.at(-1)).toEqual({
      method: 'GET',
      path: `/projects/${PROJECT_ID}/issues`,
      search: '?per_page=2&status=new',
    });
    if (outcome.kind === 'sent') expect(outcome.body.issues.length).toBeLessThanOrEqual(2);
  });

  it('gives up on a server that never answers: offline, with a timeout, after timeoutMs', async () => {
    const silent = await rawServer(() => {});
    try {
      const started = Date.now();
      const outcome = await against(silent.url, 300).call('createIssue', {
        auth: { scheme: 'token', token: TOKENS.all },
        json: { issue: { description: 'never answered' } },
      });
      expect(outcome).toMatchObject({ kind: 'offline', error: expect.stringMatching(/TimeoutError/) });
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await silent.close();
    }
  });

  it('counts a body that stalls after the status line as offline, not as sent', async () => {
    const stalls = await rawServer((res) => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.write('{"id": 1, "scoped_id"'); // and nothing more
    });
    try {
      const outcome = await against(stalls.url, 300).call('createIssue', {
        auth: { scheme: 'token', token: TOKENS.all },
        json: { issue: { description: 'half an answer' } },
      });
      expect(outcome.kind).toBe('offline');
    } finally {
      await stalls.close();
    }
  });

  it('stops when the caller aborts, long before the timeout', async () => {
    const silent = await rawServer(() => {});
    try {
      const controller = new AbortController();
      const started = Date.now();
      setTimeout(() => controller.abort(new Error('player closed the tab')), 50);
      const outcome = await against(silent.url, 30_000).call('showProject', {
        auth: { scheme: 'pat', token: PATS.owner },
        signal: controller.signal,
      });
      expect(outcome).toMatchObject({ kind: 'offline', error: expect.stringMatching(/player closed the tab/) });
      expect(Date.now() - started).toBeLessThan(5_000);
      const already = await against(silent.url, 30_000).call('showProject', {
        auth: { scheme: 'pat', token: PATS.owner },
        signal: controller.signal,
      });
      expect(already.kind).toBe('offline');
    } finally {
      await silent.close();
    }
  });

  it('abandons a storage PUT that stops progressing (offline, retried later); no overall timeout', async () => {
    const silent = await rawServer(() => {});
    try {
      const started = Date.now();
      const outcome = await against(silent.url, 30_000, 300).put(
        '/storage/x',
        { 'Content-Type': 'image/png' },
        new Blob([new Uint8Array(1024)]),
      );
      expect(outcome).toMatchObject({ kind: 'offline', error: expect.stringMatching(/TimeoutError: upload stalled/) });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await silent.close();
    }
  });

  it('lets a slow upload that keeps making progress run longer than the stall time', async () => {
    let received = 0;
    const slow = await rawServer((res) => {
      res.req.on('data', (chunk: Buffer) => {
        received += chunk.length;
      });
      res.req.on('end', () => {
        res.writeHead(200);
        res.end();
      });
    });
    try {
      let sentChunks = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (sentChunks === 8) return controller.close();
          await new Promise((r) => setTimeout(r, 100)); // 8 chunks, 100 ms apart: 800 ms against a 300 ms stall time
          sentChunks += 1;
          controller.enqueue(new Uint8Array(4096).fill(sentChunks));
        },
      });
      const seen: number[] = [];
      const outcome = await against(slow.url, 30_000, 300).put('/storage/y', { 'Content-Type': 'video/webm' }, body, {
        onProgress: (n) => seen.push(n),
      });
      expect(outcome).toMatchObject({ kind: 'sent', status: 200 });
      expect(received).toBe(8 * 4096);
      expect(seen.at(-1)).toBe(8 * 4096);
    } finally {
      await slow.close();
    }
  });
});
