// Playtime sessions (docs/api/playtime.md, docs/api-choices.md#operation-paths): create with tags and extra
// key=value pairs, heartbeats keeping start, last-seen and duration, unknown ids and bad input.
import { describe, expect, it } from 'vitest';
import { PlaytimeSession, PlaytimeSessionRef } from '../../../widget/src/protocol/playtime.ts';
import { serveFile, server } from '../../helpers/file-server.ts';
import { OTHER_PROJECT_ID, PATS, PROJECT_ID, PUBLIC_PROJECT_ID, TOKENS } from '../../helpers/seed.ts';

serveFile();

const base = `/projects/${PROJECT_ID}/playtime_sessions`;
const TOKEN = `FormUser ${TOKENS.all}`;
const DEV = `Bearer ${PATS.developer}`;

async function start(body: unknown = { playtime_session: { tags: 'platform=windows, build=42' } }) {
  return server.request('POST', `${base}.json`, { auth: TOKEN, json: body });
}
const read = async (id: string) =>
  PlaytimeSession.parse((await server.request('GET', `${base}/${id}.json`, { auth: DEV })).body);

describe('POST /projects/{pid}/playtime_sessions.json', () => {
  it('answers 201 with a uuid and keeps the tags of the string and of every extra key', async () => {
    const r = await start({ playtime_session: { tags: 'platform=windows; build=42', level: 'forest', checkpoint: 7 } });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body)).toEqual(['id']);
    const { id } = PlaytimeSessionRef.parse(r.body);
    const session = await read(id);
    expect(session.tags).toEqual({ platform: 'windows', build: '42', level: 'forest', checkpoint: '7' });
    expect(session.started_at).toBe(session.last_seen_at);
    expect(session.duration_seconds).toBe(0);
  });

  it('accepts a form body as the game SDKs send it', async () => {
    const r = await server.request('POST', `${base}.json`, {
      auth: TOKEN,
      form: { 'playtime_session[tags]': 'os=linux', 'playtime_session[gpu]': 'RTX 3060' },
    });
    expect(r.status).toBe(201);
    expect((await read(r.body.id)).tags).toEqual({ os: 'linux', gpu: 'RTX 3060' });
  });

  it('accepts an empty tag string (no pairs) and an anonymous caller on a public project', async () => {
    expect((await start({ playtime_session: { tags: '' } })).status).toBe(201);
    const anonymous = await server.request('POST', `/projects/${PUBLIC_PROJECT_ID}/playtime_sessions.json`, {
      auth: 'FormUser anonymous',
      json: { playtime_session: { tags: 'a=b' } },
    });
    expect(anonymous.status).toBe(201);
  });

  it.each([
    [
      'tags missing',
      { playtime_session: { level: 'forest' } },
      'playtime_session.tags: is required (a string of key=value pairs)',
    ],
    ['no playtime_session', {}, 'playtime_session: is required'],
    [
      'tags not a string',
      { playtime_session: { tags: 42 } },
      'playtime_session.tags: must be a string of key=value pairs',
    ],
    [
      'a word without =',
      { playtime_session: { tags: 'platform=windows, justaword' } },
      'playtime_session.tags: "justaword" is not a key=value pair.',
    ],
    [
      'an empty key',
      { playtime_session: { tags: '=value' } },
      'playtime_session.tags: "=value" is not a key=value pair.',
    ],
    [
      'a nested extra key',
      { playtime_session: { tags: 'a=b', nested: { x: 1 } } },
      'playtime_session.nested: must be a string, number or boolean',
    ],
    ['a tag string over 4096 characters', { playtime_session: { tags: 'x'.repeat(4097) } }, /^playtime_session\.tags:/],
    [
      'more than 50 tags',
      { playtime_session: { tags: Array.from({ length: 51 }, (_, i) => `k${i}=v`).join(',') } },
      'playtime_session.tags: a session carries at most 50 tags.',
    ],
  ])('refuses %s with 422', async (_name, body, message) => {
    const r = await start(body);
    expect(r.status).toBe(422);
    if (typeof message === 'string') expect(r.body).toEqual({ error: message });
    else expect(r.body.error).toMatch(message);
  });

  it('is 401 anonymous on a private project and 403 for a token of another project', async () => {
    expect(
      (
        await server.request('POST', `${base}.json`, {
          auth: 'FormUser anonymous',
          json: { playtime_session: { tags: 'a=b' } },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await server.request('POST', `${base}.json`, {
          auth: `FormUser ${TOKENS.other}`,
          json: { playtime_session: { tags: 'a=b' } },
        })
      ).status,
    ).toBe(403);
  });
});

describe('PUT/PATCH /projects/{pid}/playtime_sessions/{uuid}.json', () => {
  it('records heartbeats: last-seen moves and the duration grows by the time between them', async () => {
    const {
      body: { id },
    } = await start();
    await server.advance('5m');
    const first = await server.request('PUT', `${base}/${id}.json`, { auth: TOKEN });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ id });
    await server.advance('4m');
    expect((await server.request('PATCH', `${base}/${id}`, { auth: TOKEN, json: {} })).body).toEqual({ id });
    const session = await read(id);
    expect(session.duration_seconds).toBe(9 * 60);
    expect(session.heartbeats).toBe(2);
    // The server clock keeps running between requests, so allow the milliseconds they took.
    expect(Date.parse(session.last_seen_at) - Date.parse(session.started_at)).toBeGreaterThanOrEqual(9 * 60_000);
    expect(Date.parse(session.last_seen_at) - Date.parse(session.started_at)).toBeLessThan(9 * 60_000 + 1_000);
  });

  it('counts at most ten minutes for a gap between heartbeats (a suspended game)', async () => {
    const {
      body: { id },
    } = await start();
    await server.advance('3h');
    await server.request('PUT', `${base}/${id}.json`, { auth: TOKEN });
    await server.advance('5m');
    await server.request('PUT', `${base}/${id}.json`, { auth: TOKEN });
    expect((await read(id)).duration_seconds).toBe(15 * 60);
  });

  it('merges tags sent with a heartbeat', async () => {
    const {
      body: { id },
    } = await start({ playtime_session: { tags: 'platform=windows,level=1' } });
    await server.request('PATCH', `${base}/${id}.json`, {
      auth: TOKEN,
      form: { 'playtime_session[level]': '2', 'playtime_session[tags]': 'boss=dragon' },
    });
    expect((await read(id)).tags).toEqual({ platform: 'windows', level: '2', boss: 'dragon' });
    const bad = await server.request('PATCH', `${base}/${id}.json`, {
      auth: TOKEN,
      json: { playtime_session: { tags: 'nope' } },
    });
    expect(bad.status).toBe(422);
  });

  it('is 404 for an unknown uuid, a malformed id and a session of another project', async () => {
    expect(
      (await server.request('PUT', `${base}/0b7e5a52-1d8c-4c55-9a2e-1f1f1f1f1f1f.json`, { auth: TOKEN })).status,
    ).toBe(404);
    expect((await server.request('PUT', `${base}/not-a-uuid.json`, { auth: TOKEN })).status).toBe(404);
    const other = await server.request('POST', `/projects/${OTHER_PROJECT_ID}/playtime_sessions.json`, {
      auth: `FormUser ${TOKENS.other}`,
      json: { playtime_session: { tags: 'a=b' } },
    });
    const r = await server.request('PUT', `${base}/${other.body.id}.json`, { auth: TOKEN });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: 'Playtime session not found.' });
  });
});

describe('GET /projects/{pid}/playtime_sessions/{uuid}.json (extension)', () => {
  it('is for the team only: 403 for a tester and a project token', async () => {
    const {
      body: { id },
    } = await start();
    expect((await server.request('GET', `${base}/${id}.json`, { auth: `Bearer ${PATS.support}` })).status).toBe(200);
    expect((await server.request('GET', `${base}/${id}.json`, { auth: `Bearer ${PATS.tester}` })).status).toBe(403);
    expect((await server.request('GET', `${base}/${id}.json`, { auth: TOKEN })).status).toBe(403);
  });
});
