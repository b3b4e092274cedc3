// The API client over real HTTP: the report flow's operations come from the table the reporter ships,
// every other operation from the table loaded on demand, and both reach the right method and path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../widget/src/core/api-client.ts';
import { otherPaths } from '../../widget/src/protocol/other-paths.ts';
import { paths } from '../../widget/src/protocol/paths.ts';
import { reportPaths } from '../../widget/src/protocol/report-paths.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { PATS, PROJECT_ID, TOKENS } from '../helpers/seed.ts';
import { createFastClock } from './helpers.ts';

let server: TestServer;
const sent: { method: string; path: string }[] = [];
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
      sent.push({ method: request.method, path: new URL(request.url).pathname });
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

    const project = await api.call('showProject', { auth: { scheme: 'pat', token: PATS.owner } });
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

  it('classifies a refusal from an on-demand operation with the server\'s reason', async () => {
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
