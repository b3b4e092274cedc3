// The conformance report's own behaviour: what it does not record (unknown routes, preflights, the
// admin surface), its bound on distinct clients, browser clients told apart by origin, the page escaping
// what clients send, and clearing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { clientsFixture, PROJECT_ID, TOKENS } from './fixture.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: clientsFixture() });
});
afterAll(() => server.close());

const report = async () => (await server.request('GET', '/__admin/conformance')).body;
const get = (path: string, headers: Record<string, string>) => fetch(server.url + path, { headers });

it('records API requests only: not unknown routes, preflights or /__admin', async () => {
  await server.request('DELETE', '/__admin/conformance');
  await get('/projects/pr-1001/nothing-here.json', { 'User-Agent': 'probe' });
  await fetch(`${server.url}/projects/${PROJECT_ID}.json`, { method: 'OPTIONS', headers: { 'User-Agent': 'probe' } });
  await get('/__admin/clock', { 'User-Agent': 'probe' });
  expect((await report()).clients).toEqual([]);
  await get(`/projects/${PROJECT_ID}`, { 'User-Agent': 'probe', Authorization: `FormUser ${TOKENS.all}` });
  const [client] = (await report()).clients;
  expect(client).toMatchObject({ user_agent: 'probe', credential: 'project_token', requests: 1 });
  expect(client.findings.map((f: { rule: string }) => f.rule)).toEqual(['json-less-path', 'project-header-missing']);
});

it('keeps at most 200 clients; later ones share one entry', async () => {
  await server.request('DELETE', '/__admin/conformance');
  for (let i = 0; i < 205; i += 1)
    await get(`/projects/${PROJECT_ID}.json`, { 'User-Agent': `bot-${i}`, Authorization: TOKENS.all });
  const { clients } = await report();
  expect(clients).toHaveLength(201);
  expect(clients.at(-1)).toMatchObject({ user_agent: '(other clients)', credential: 'any', requests: 5 });
});

it('shows what a client sent as text on the page', async () => {
  await server.request('DELETE', '/__admin/conformance');
  await get(`/projects/${PROJECT_ID}.json`, { 'User-Agent': '<script>alert(1)</script>', Authorization: TOKENS.all });
  const page = await (await get('/__admin/conformance', { Accept: 'text/html' })).text();
  expect(page).not.toContain('<script>alert(1)</script>');
  expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(await (await get('/__admin/conformance?format=json', { Accept: 'text/html' })).json()).toMatchObject({
    mode: 'default',
  });
});

it('tells two web games in one browser apart by Origin, or by the origin of Referer', async () => {
  await server.request('DELETE', '/__admin/conformance');
  const browser = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0';
  const auth = `FormUser ${TOKENS.all}`;
  await get(`/projects/${PROJECT_ID}.json`, {
    'User-Agent': browser,
    Authorization: auth,
    Origin: 'https://a.example',
  });
  await get(`/projects/${PROJECT_ID}.json`, {
    'User-Agent': browser,
    Authorization: auth,
    Origin: 'https://b.example',
  });
  await get(`/projects/${PROJECT_ID}.json`, {
    'User-Agent': browser,
    Authorization: auth,
    Referer: 'https://a.example/play/level-2?x=1',
  });
  const { clients } = await report();
  expect(clients.map((c: any) => [c.origin, c.requests])).toEqual([
    ['https://a.example', 2],
    ['https://b.example', 1],
  ]);
});
