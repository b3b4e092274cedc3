// /__admin is private to the machine: no CORS, a loopback Host (no DNS rebinding), no foreign
// Origin, and state changes only with a header a plain form or a no-cors fetch cannot send.
// Requests go through node:http so that Host and Origin are exactly what an attacker's browser sends.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATS, PROJECT_ID } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: server.port, method, path, headers, setHost: !('Host' in headers) },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const projectStillThere = async () =>
  (await server.request('GET', `/projects/${PROJECT_ID}.json`, { auth: `Bearer ${PATS.owner}` })).status === 200;
const mint = JSON.stringify({ users: [{ key: 'evil', name: 'Evil', pat: 'pat-evil', site_admin: true }] });
const minted = async () => (await server.request('GET', '/projects.json', { auth: 'Bearer pat-evil' })).status === 200;
const host = () => `127.0.0.1:${server.port}`;

describe('no CORS on /__admin', () => {
  it('sends no Access-Control-* header on answers or preflights, while the API keeps its CORS', async () => {
    const origin = 'http://127.0.0.1:5173';
    const get = await send('GET', '/__admin/clock', { Origin: `http://${host()}` });
    expect(get.status).toBe(200);
    expect(Object.keys(get.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    const preflight = await send('OPTIONS', '/__admin/reset', {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    });
    expect(Object.keys(preflight.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    expect(preflight.status).toBeGreaterThanOrEqual(400);
    const api = await send('OPTIONS', `/projects/${PROJECT_ID}.json`, {
      Origin: origin,
      'Access-Control-Request-Method': 'GET',
    });
    expect(api.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('DNS rebinding', () => {
  it('refuses a Host that is not loopback, for reads and writes, and changes nothing', async () => {
    for (const evil of [
      'evil.example',
      `evil.example:${server.port}`,
      `attacker.test:80`,
      `127.0.0.1.nip.io:${server.port}`,
    ]) {
      const reset = await send('POST', '/__admin/reset', { Host: evil, 'Content-Type': 'application/json' }, '{}');
      expect(reset.status, evil).toBe(403);
      expect(JSON.parse(reset.body).error).toMatch(/Host/);
      expect((await send('GET', '/__admin/notifications', { Host: evil })).status, evil).toBe(403);
      expect(
        (await send('POST', '/__admin/fixtures', { Host: evil, 'Content-Type': 'application/json' }, mint)).status,
        evil,
      ).toBe(403);
    }
    expect(await projectStillThere()).toBe(true);
    expect(await minted()).toBe(false);
  });

  it('accepts the loopback names: 127.0.0.1, localhost and [::1]', async () => {
    for (const name of [host(), `localhost:${server.port}`, `[::1]:${server.port}`, 'localhost']) {
      expect((await send('GET', '/__admin/clock', { Host: name })).status, name).toBe(200);
    }
  });
});

describe('a page of another origin', () => {
  const foreign = ['http://127.0.0.1:5173', 'http://localhost:8080', 'https://evil.example', 'null'];

  it('cannot wipe the database with a simple text/plain POST (no preflight), nor with JSON', async () => {
    for (const origin of foreign) {
      const plain = await send(
        'POST',
        '/__admin/reset',
        { Host: host(), Origin: origin, 'Content-Type': 'text/plain' },
        '{}',
      );
      expect(plain.status, origin).toBe(403);
      const json = await send(
        'POST',
        '/__admin/reset',
        { Host: host(), Origin: origin, 'Content-Type': 'application/json' },
        '{}',
      );
      expect(json.status, origin).toBe(403);
      expect(JSON.parse(json.body).error).toMatch(/Origin/);
    }
    expect(await projectStillThere()).toBe(true);
  });

  it('cannot mint a site admin through /__admin/fixtures, nor read the notifications', async () => {
    for (const origin of foreign) {
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json',
      ]) {
        expect(
          (await send('POST', '/__admin/fixtures', { Host: host(), Origin: origin, 'Content-Type': type }, mint))
            .status,
          `${origin} ${type}`,
        ).toBe(403);
      }
      expect((await send('GET', '/__admin/notifications', { Host: host(), Origin: origin })).status, origin).toBe(403);
    }
    expect(await minted()).toBe(false);
  });
});

describe('state changes need a header a form cannot send', () => {
  it('refuses the simple-request content types even from the machine itself, with 415 naming the rule', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      for (const path of ['/__admin/reset', '/__admin/fixtures', '/__admin/clock', '/__admin/jobs/run']) {
        const r = await send(
          'POST',
          path,
          { Host: host(), 'Content-Type': type },
          type.startsWith('text') ? mint : 'a=1',
        );
        expect(r.status, `${path} ${type}`).toBe(415);
        expect(JSON.parse(r.body).error).toMatch(/application\/json/);
      }
    }
    expect(await projectStillThere()).toBe(true);
    expect(await minted()).toBe(false);
  });

  it('refuses a body-less POST that carries an Origin (a no-cors fetch), even a same-origin one', async () => {
    const r = await send('POST', '/__admin/jobs/run', { Host: host(), Origin: `http://${host()}` });
    expect(r.status).toBe(415);
  });

  it('accepts JSON from the machine (with its own Origin or none), and a body-less POST from curl', async () => {
    expect(
      (await send('POST', '/__admin/clock', { Host: host(), 'Content-Type': 'application/json' }, '{"advance":"1s"}'))
        .status,
    ).toBe(200);
    expect(
      (
        await send(
          'POST',
          '/__admin/clock',
          { Host: host(), Origin: `http://${host()}`, 'Content-Type': 'application/json' },
          '{"advance":"1s"}',
        )
      ).status,
    ).toBe(200);
    expect((await send('POST', '/__admin/jobs/run', { Host: host() })).status).toBe(200);
    expect(
      (
        await send(
          'POST',
          '/__admin/fixtures',
          { Host: host(), 'Content-Type': 'application/json; charset=utf-8' },
          JSON.stringify({ users: [{ key: 'ok', name: 'Ok' }] }),
        )
      ).status,
    ).toBe(201);
  });
});
