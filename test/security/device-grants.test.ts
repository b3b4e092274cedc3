// Device sign-in as a device grant: the token reaches only the project that asked and stops at
// revocation; only the game that asked collects it (a second poller who saw the URL does not);
// creates are rate-limited per address, and lapsed requests are purged.
import { request as httpRequest } from 'node:http';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { PATS, PROJECT_ID, PUBLIC_PROJECT_ID, TOKENS } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const headers = { 'BetaHub-Project-ID': PROJECT_ID };
const create = (id: string) =>
  server.request('POST', '/device_auth/create', {
    json: { request_id: id, entity_kind: 'game', entity_name: 'Star Courier' },
    headers,
  });
const approve = (id: string) =>
  server.request('POST', `/__admin/device_auth/${id}/approve`, { json: { user: 'tess@players.test' } });
const poll = (id: string, extra: Record<string, string> = {}) =>
  server.request('GET', `/device_auth/${id}/poll`, { headers: { ...headers, ...extra } });

/** A poll sent from another loopback address (127.0.0.2), as a second machine that saw the approval URL. */
function pollFromElsewhere(id: string, extra: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${server.url}/device_auth/${id}/poll`,
      { localAddress: '127.0.0.2', headers: { Accept: 'application/json', ...headers, ...extra } },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function signIn(): Promise<string> {
  const id = crypto.randomUUID();
  expect((await create(id)).status).toBe(201);
  await approve(id);
  const r = await poll(id);
  expect(r.body.status).toBe('approved');
  return r.body.token as string;
}

it('reaches the project that asked and is refused with 403 on another project', async () => {
  const token = await signIn();
  expect((await server.request('GET', `/projects/${PROJECT_ID}.json`, { auth: `Bearer ${token}` })).status).toBe(200);
  // Tess's personal access token reaches the public project; her device token for another project does not.
  const path = `/projects/${PUBLIC_PROJECT_ID}/issues.json`;
  expect((await server.request('GET', path, { auth: `Bearer ${PATS.tester}` })).status).toBe(200);
  const elsewhere = await server.request('GET', path, { auth: `Bearer ${token}` });
  expect(elsewhere).toMatchObject({
    status: 403,
    body: { error: 'This device sign-in token was granted for another project.' },
  });
});

it('stops working once its owner revokes it through the API, and once the device signs out', async () => {
  const token = await signIn();
  const list = await server.request('GET', '/device_auth/grants', { auth: `Bearer ${PATS.tester}` });
  expect(list.body.grants).toHaveLength(1);
  expect(list.body.grants[0]).toMatchObject({ entity_name: 'Star Courier', project_id: PROJECT_ID, revoked_at: null });
  // Another account cannot see or revoke it; the device token cannot manage grants.
  const id = list.body.grants[0].id as string;
  expect((await server.request('DELETE', `/device_auth/grants/${id}`, { auth: `Bearer ${PATS.owner}` })).status).toBe(
    404,
  );
  expect((await server.request('GET', '/device_auth/grants', { auth: `Bearer ${token}` })).status).toBe(401);
  const revoked = await server.request('DELETE', `/device_auth/grants/${id}`, { auth: `Bearer ${PATS.tester}` });
  expect(revoked.status).toBe(200);
  expect(revoked.body.revoked_at).toEqual(expect.any(String));
  const after = await server.request('GET', `/projects/${PROJECT_ID}.json`, { auth: `Bearer ${token}` });
  expect(after).toMatchObject({ status: 401, body: { error: 'This device sign-in was revoked: sign in again.' } });
  // In `FormUser tkn-…,<jwt>` a revoked token is ignored: the report is the project token's, not the player's.
  const issue = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
    auth: `FormUser ${TOKENS.all},${token}`,
    json: { issue: { description: 'The dock lights flicker after a reload.' } },
  });
  expect(issue.status).toBe(201);
  const seen = await server.request('GET', `/projects/${PROJECT_ID}/issues/g-${issue.body.id}.json`, {
    auth: `Bearer ${PATS.owner}`,
  });
  expect(seen.body.reported_by?.name).not.toBe('Tess Tester');

  const second = await signIn();
  expect((await server.request('DELETE', '/device_auth/token', { auth: `Bearer ${second}` })).body).toEqual({
    status: 'revoked',
  });
  expect((await server.request('GET', `/projects/${PROJECT_ID}.json`, { auth: `Bearer ${second}` })).status).toBe(401);
});

it('hands the token to the game that asked, not to a second poller who saw the approval URL', async () => {
  const id = crypto.randomUUID();
  const created = await create(id);
  const secret = created.headers.get('device-poll-secret');
  expect(secret).toMatch(/^[\w-]{32}$/);
  expect(secret).not.toContain(id);
  await approve(id);
  // The stranger's poll is answered as an unknown id, and takes nothing.
  expect(await pollFromElsewhere(id)).toMatchObject({ status: 404, body: { status: 'not_found' } });
  expect(await pollFromElsewhere(id, { 'Device-Poll-Secret': 'not-the-secret' })).toMatchObject({ status: 404 });
  const game = await poll(id);
  expect(game.body).toMatchObject({ status: 'approved', token: expect.any(String) });
});

it('lets a game that keeps the poll secret poll from another address', async () => {
  const id = crypto.randomUUID();
  const secret = (await create(id)).headers.get('device-poll-secret')!;
  await approve(id);
  const r = await pollFromElsewhere(id, { 'Device-Poll-Secret': secret });
  expect(r.body).toMatchObject({ status: 'approved', token: expect.any(String) });
});

it('refuses anonymous creates past 30 per address in 10 minutes with 429, out of 2,000 sent', async () => {
  const statuses: number[] = [];
  const errors = new Set<string>();
  for (let batch = 0; batch < 40; batch += 1) {
    const answers = await Promise.all(Array.from({ length: 50 }, () => create(crypto.randomUUID())));
    for (const a of answers) {
      statuses.push(a.status);
      if (a.status !== 201) errors.add(a.body.error);
    }
  }
  expect(statuses.filter((s) => s === 201)).toHaveLength(30);
  expect(statuses.filter((s) => s === 429)).toHaveLength(1_970);
  expect([...errors]).toEqual([
    'Too many device sign-ins from this address: at most 30 per 10 minutes. Try again later.',
  ]);
  await server.advance('11m');
  expect((await create(crypto.randomUUID())).status).toBe(201);
}, 240_000); // 2,000 requests on a shared 2-core machine

it('purges a request nobody approved an hour after it lapsed', async () => {
  const id = crypto.randomUUID();
  await create(id);
  await server.advance('11m');
  expect((await poll(id)).body.status).toBe('expired');
  await server.advance('2h');
  await create(crypto.randomUUID()); // any create purges
  expect((await poll(id)).status).toBe(404);
  const rows = server.deps.db.prepare('SELECT count(*) FROM device_auth_requests WHERE request_id = ?').pluck().get(id);
  expect(rows).toBe(0);
});
