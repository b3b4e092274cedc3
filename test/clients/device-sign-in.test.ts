// Device sign-in end to end against a real server: a poll loop written as the Unity plugin's, the
// /__admin approve hook, the token acting as the approving player until the server clock passes
// its expiry, and the refusals (expired, denied, already delivered, reused or malformed ids).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATS, PROJECT_ID, TOKENS } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { clientsFixture } from './fixture.ts';
import { unityDeviceSignIn } from './unity-device-auth.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: clientsFixture() });
});
afterAll(() => server.close());

const requestIdOf = (url: string) => /\/device_auth\/([^/]+)\/authorize$/.exec(url)![1];
const approve = (id: string, user = 'tess@players.test', decision = 'approve') =>
  server.request('POST', `/__admin/device_auth/${id}/approve`, { json: { user, decision } });
const poll = (id: string) =>
  server.request('GET', `/device_auth/${id}/poll`, { headers: { 'BetaHub-Project-ID': PROJECT_ID } });
const create = (body: unknown) => server.request('POST', '/device_auth/create', { json: body });

describe('the Unity poll loop', () => {
  it('signs the player in once approved, and the token acts as that player', async () => {
    let approval: Promise<unknown> | undefined;
    const result = await unityDeviceSignIn({
      endpoint: server.url,
      projectId: PROJECT_ID,
      entityName: 'Star Courier',
      pollIntervalMs: 40,
      timeoutMs: 10_000,
      // The player approves in the browser a little after the game opened the page.
      openUrl: (url) => {
        approval = new Promise((r) => setTimeout(r, 150)).then(() => approve(requestIdOf(url)));
      },
    });
    expect(((await approval) as { status: number }).status).toBe(200);
    expect(result).toMatchObject({ state: 'signed_in', userName: 'Tess Tester', token: expect.any(String) });
    expect(result.polls).toBeGreaterThan(1);

    // Bearer <jwt> (DeviceAuthManager.GetAuthHeaderValue) and FormUser tkn-…,<jwt> (the plugin's issue create).
    const verify = await server.request('POST', '/auth/verify', { auth: `Bearer ${result.token}` });
    expect(verify.body).toMatchObject({
      valid: true,
      token_type: 'jwt',
      jwt_type: 'legacy',
      user: { name: 'Tess Tester', virtual: false },
    });
    // /auth/verify tells the game when the token lapses, 24 hours ahead by the server clock.
    const now = Date.parse((await server.request('GET', '/__admin/clock')).body.now);
    expect(Math.abs(Date.parse(verify.body.expires_at) - (now + 86_400_000))).toBeLessThan(5_000);
    const issue = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
      auth: `FormUser ${TOKENS.all},${result.token}`,
      form: { 'issue[description]': 'Signed-in player report: the dock lights flicker.' },
    });
    expect(issue.status).toBe(201);
    const seen = await server.request('GET', `/projects/${PROJECT_ID}/issues/g-${issue.body.id}.json`, {
      auth: `Bearer ${PATS.owner}`,
    });
    expect(seen.body.reported_by.name).toBe('Tess Tester');

    // 24 hours by the server clock, then the token no longer signs anyone in.
    await server.advance('25h');
    expect((await server.request('POST', '/auth/verify', { auth: `Bearer ${result.token}` })).body).toMatchObject({
      valid: false,
    });
    expect(
      (await server.request('GET', `/projects/${PROJECT_ID}.json`, { auth: `Bearer ${result.token}` })).status,
    ).toBe(401);
  });

  it('ends with the plugin\'s "expired" error when nobody approves in time', async () => {
    const result = await unityDeviceSignIn({
      endpoint: server.url,
      projectId: PROJECT_ID,
      pollIntervalMs: 30,
      timeoutMs: 10_000,
      openUrl: () => {
        setTimeout(() => void server.advance('11m'), 100);
      },
    });
    expect(result).toMatchObject({ state: 'error', error: 'Authentication request expired' });
  });

  it("shows the server's sentence when the player denies", async () => {
    const result = await unityDeviceSignIn({
      endpoint: server.url,
      projectId: PROJECT_ID,
      pollIntervalMs: 30,
      timeoutMs: 10_000,
      openUrl: (url) => {
        setTimeout(() => void approve(requestIdOf(url), 'tess@players.test', 'deny'), 80);
      },
    });
    expect(result).toMatchObject({ state: 'error', error: 'The player declined this sign-in.' });
  });
});

describe('device sign-in refusals', () => {
  it('hands the token out once: a second poll is expired', async () => {
    const id = crypto.randomUUID();
    expect((await create({ request_id: id, entity_kind: 'game', entity_name: 'Star Courier' })).status).toBe(201);
    expect((await poll(id)).body).toEqual({ status: 'pending' });
    expect((await approve(id, 'usr-doesnotexist')).status).toBe(422);
    expect((await approve(id)).body).toEqual({ status: 'approved', user_name: 'Tess Tester' });
    const approved = await poll(id);
    expect(approved.body).toMatchObject({ status: 'approved', token: expect.any(String), user_name: 'Tess Tester' });
    // Expiry by the server clock: 24 hours from the poll that handed the token out.
    const now = Date.parse((await server.request('GET', '/__admin/clock')).body.now);
    expect(Math.abs(Date.parse(approved.body.expires_at) - (now + 86_400_000))).toBeLessThan(5_000);
    expect((await poll(id)).body).toEqual({
      status: 'expired',
      error: 'This sign-in was already completed: start a new one to get another token.',
    });
    expect((await approve(id)).status).toBe(409);
  });

  it('refuses a reused or malformed id and an unknown project with 422; an unknown id polls 404', async () => {
    const id = crypto.randomUUID();
    expect((await create({ request_id: id, entity_name: 'Star Courier' })).status).toBe(201);
    const reused = await create({ request_id: id, entity_kind: 'game', entity_name: 'Star Courier' });
    expect(reused.status).toBe(422);
    expect(reused.body.error).toBe('request_id is already in use: generate a new UUID for each sign-in.');
    expect((await create({ request_id: 'not-a-uuid', entity_kind: 'game', entity_name: 'X' })).status).toBe(422);
    expect((await create({ request_id: crypto.randomUUID(), entity_kind: 'game' })).status).toBe(422);
    const unknownProject = await server.request('POST', '/device_auth/create', {
      json: { request_id: crypto.randomUUID(), entity_kind: 'game', entity_name: 'X' },
      headers: { 'BetaHub-Project-ID': 'pr-999999' },
    });
    expect(unknownProject.status).toBe(422);
    const missing = await poll(crypto.randomUUID());
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 'not_found', error: expect.any(String) });
  });

  it("approves through the page's POST only with a valid personal access token", async () => {
    const id = crypto.randomUUID();
    await create({ request_id: id, entity_kind: 'game', entity_name: 'Star Courier' });
    const noToken = await server.request('POST', `/device_auth/${id}/authorize`, { json: { decision: 'approve' } });
    expect(noToken.status).toBe(401);
    const badToken = await server.request('POST', `/device_auth/${id}/authorize`, {
      json: { decision: 'approve' },
      auth: 'Bearer pat-nobody',
    });
    expect(badToken.status).toBe(401);
    const ok = await server.request('POST', `/device_auth/${id}/authorize`, {
      json: { decision: 'approve' },
      auth: `Bearer ${PATS.developer}`,
    });
    expect(ok.body).toEqual({ status: 'approved', user_name: 'Dev Eloper' });
  });
});
