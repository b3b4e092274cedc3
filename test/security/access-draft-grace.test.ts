// A draft JWT past its hour: refused as Bearer (valid 1 hour, docs/api/projects-auth.md#credentials), but next
// to its own project token it still finishes its own hidden draft for 7 days, so a player who closed the game
// loses nothing, and nobody without that JWT gains anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from '../helpers/media.ts';
import { PATS, PROJECT_ID, TOKENS } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function draft(): Promise<{ path: string; jwt: string }> {
  const r = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
    auth: `FormUser ${TOKENS.all}`,
    json: { draft: true, issue: { title: 'Stale draft', description: 'The map freezes when zooming out.' } },
  });
  expect(r.status).toBe(201);
  return { path: `/projects/${PROJECT_ID}/issues/g-${r.body.id}`, jwt: r.body.token };
}

const shot = () => {
  const form = new FormData();
  form.append('screenshot[image]', new Blob([PNG], { type: 'image/png' }), 'shot.png');
  return form;
};

describe('an expired draft JWT', () => {
  it('is 401 as Bearer; after its project token it reads, adds media to and publishes its hidden draft', async () => {
    const mine = await draft();
    const other = await draft();
    await server.advance('2h');
    expect((await server.request('GET', `${mine.path}.json`, { auth: `Bearer ${mine.jwt}` })).status).toBe(401);
    const auth = `FormUser ${TOKENS.all},${mine.jwt}`;
    expect((await server.request('GET', `${mine.path}.json`, { auth })).status).toBe(200);
    expect((await server.request('GET', `${other.path}.json`, { auth })).status).toBe(404);
    expect((await server.request('POST', `${mine.path}/screenshots`, { auth, multipart: shot() })).status).toBe(201);
    expect((await server.request('POST', `${other.path}/screenshots`, { auth, multipart: shot() })).status).toBe(404);
    expect(
      (await server.request('POST', `${mine.path}/set_contact_info`, { auth, json: { email: 'me@players.test' } }))
        .status,
    ).toBe(200);
    expect((await server.request('POST', `${mine.path}/publish`, { auth, json: {} })).status).toBe(200);
    // Published, the draft is no longer hidden: the expired JWT changes nothing more.
    const late = await server.request('POST', `${mine.path}/set_contact_info`, {
      auth,
      json: { email: 'else@players.test' },
    });
    expect(late.status).toBe(403);
    const verify = await server.request('POST', '/auth/verify', { auth });
    expect(verify.body).toMatchObject({ valid: false });
  });

  it("is no use after another project's token, nor after its 7 days of grace", async () => {
    const mine = await draft();
    await server.advance('2h');
    expect(
      (await server.request('GET', `${mine.path}.json`, { auth: `FormUser ${TOKENS.other},${mine.jwt}` })).status,
    ).toBe(403);
    await server.advance('7d');
    expect(
      (await server.request('GET', `${mine.path}.json`, { auth: `FormUser ${TOKENS.all},${mine.jwt}` })).status,
    ).toBe(404);
    expect((await server.request('GET', `${mine.path}.json`, { auth: `Bearer ${PATS.owner}` })).body.status).toBe(
      'hidden',
    );
  });
});
