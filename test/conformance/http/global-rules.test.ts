// The general rules of docs/server.md#global-rules: JSON rendering, the .json suffix, CORS, error bodies, unknown
// routes, malformed bodies, timestamps, and strict mode.
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../helpers/server.ts';
import { serveFile, server } from '../../helpers/file-server.ts';
import { PATS, PROJECT_ID, TOKENS } from '../../helpers/seed.ts';
import { itLocal } from '../../helpers/local-only.ts';

serveFile();

describe('rendering', () => {
  it('renders JSON with or without the .json suffix and Accept header', async () => {
    for (const path of [`/projects/${PROJECT_ID}.json`, `/projects/${PROJECT_ID}`]) {
      const response = await fetch(server.url + path, { headers: { Authorization: `FormUser ${TOKENS.all}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('renders timestamps in UTC with milliseconds and Z', async () => {
    const r = await server.request('GET', `/projects/${PROJECT_ID}.json`, { auth: `Bearer ${PATS.owner}` });
    for (const value of [r.body.created_at, r.body.updated_at, r.body.latest_release.created_at]) {
      expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
  });
});

describe('CORS (rule 6)', () => {
  it('answers a preflight for any origin, method and header', async () => {
    const response = await fetch(`${server.url}/projects/${PROJECT_ID}/issues.json`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://game.example',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'authorization, service-project-id, x-custom-thing',
      },
    });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const methods = response.headers.get('access-control-allow-methods') ?? '';
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'])
      expect(methods).toContain(method);
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-custom-thing');
  });

  it('puts the wildcard origin on ordinary and error answers', async () => {
    const ok = await fetch(`${server.url}/projects.json`, { headers: { Origin: 'https://game.example' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    const denied = await fetch(`${server.url}/projects/${PROJECT_ID}.json`, {
      headers: { Origin: 'https://game.example' },
    });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('errors', () => {
  it('answers unknown routes with 404 {error}', async () => {
    const r = await server.request('GET', '/no/such/route.json');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: 'No route for GET /no/such/route.' });
    expect((await server.request('DELETE', '/projects.json')).status).toBe(404);
  });

  it('answers an unknown route or a wrong method with 404 before any credential or project check', async () => {
    for (const [method, path, auth] of [
      ['GET', `/projects/${PROJECT_ID}/no_such_thing.json`, undefined],
      ['DELETE', `/projects/${PROJECT_ID}.json`, undefined],
      ['POST', `/projects/${PROJECT_ID}/game_facts.json`, undefined],
      ['POST', '/projects.json', 'FormUser tkn-nope'],
      ['GET', `/projects/${PROJECT_ID}/no_such_thing.json`, 'Bearer pat-nope'],
    ] as const) {
      const r = await server.request(method, path, { auth });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body.error).toMatch(/^No route for /);
    }
    // The same paths with a real method still check credentials first.
    expect((await server.request('GET', `/projects/${PROJECT_ID}.json`)).status).toBe(401);
    expect((await server.request('PATCH', `/projects/${PROJECT_ID}/game_facts.json`)).status).toBe(401);
  });

  it('answers malformed JSON with 400 {error}', async () => {
    const r = await server.request('POST', '/__admin/fixtures', {
      raw: '{"users": [',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: 'The request body is not valid JSON.' });
  });

  it('answers a JSON body that is not an object with 400', async () => {
    const r = await server.request('POST', '/__admin/fixtures', {
      raw: '[1, 2]',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(r.status).toBe(400);
  });

  it('answers a body in an unsupported encoding with 400 naming the encodings', async () => {
    const r = await server.request('POST', `/projects/${PROJECT_ID}/issues/search.json`, {
      auth: `Bearer ${PATS.owner}`,
      raw: 'query=1',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/Unsupported Content-Type text\/plain/);
  });

  it('answers a body over the hard cap with 413 before parsing', async () => {
    const r = await server.request('POST', '/auth/verify', {
      headers: { 'Content-Type': 'application/json' },
      raw: 'x'.repeat(10),
    });
    expect(r.status).toBe(200);
    const big = await fetch(`${server.url}/__admin/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `{"advance":"1s","pad":"${'x'.repeat(9 * 1024 * 1024)}"}`,
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: expect.stringMatching(/larger than/) });
  });

  it('caps a chunked multipart body (no Content-Length) as it reads: 413 over the cap, parsed under it', async () => {
    const boundary = 'gb-chunked-boundary';
    const multipart = (pad: number) => {
      const text =
        `--${boundary}\r\nContent-Disposition: form-data; name="query"\r\n\r\ndocking\r\n` +
        (pad ? `--${boundary}\r\nContent-Disposition: form-data; name="pad"\r\n\r\n${'x'.repeat(pad)}\r\n` : '') +
        `--${boundary}--\r\n`;
      const bytes = new TextEncoder().encode(text);
      // A stream body goes out with Transfer-Encoding: chunked, so the server sees no Content-Length.
      return new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.subarray(i, i + 64 * 1024));
          controller.close();
        },
      });
    };
    // Issue search by POST reads its body under the default 8 MB cap (/__admin takes JSON only).
    const send = (pad: number) =>
      fetch(`${server.url}/projects/${PROJECT_ID}/issues/search.json`, {
        method: 'POST',
        headers: {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          Authorization: `Bearer ${PATS.owner}`,
          Accept: 'application/json',
        },
        body: multipart(pad),
        duplex: 'half',
      } as RequestInit & { duplex: 'half' });
    const small = await send(0);
    expect(small.status).toBe(200);
    expect((await small.json()).issues).toEqual(expect.any(Array));
    const big = await send(9 * 1024 * 1024);
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: expect.stringMatching(/too large/) });
  });
});

describe('Idempotency-Key (docs/api-choices.md#idempotency)', () => {
  const create = (path: string, json: unknown, key: string) =>
    server.request('POST', `/projects/${PROJECT_ID}/${path}`, {
      auth: `FormUser ${TOKENS.all}`,
      json,
      headers: { 'Idempotency-Key': key },
    });

  it('treats a blank key as no key: each create goes through, none is refused', async () => {
    for (const key of ['', '   ']) {
      const a = await create('issues.json', { issue: { description: 'The minimap flickers when zooming out' } }, key);
      const b = await create('issues.json', { issue: { description: 'The minimap flickers when zooming out' } }, key);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(a.body.id).not.toBe(b.body.id);
      const t = await create(
        'tickets.json',
        { ticket: { description: 'Cannot redeem my code', reporter_email: 'p@example.test' } },
        key,
      );
      expect(t.status).toBe(201);
      const f = await create('feature_requests.json', { feature_request: { description: 'A photo mode please' } }, key);
      expect(f.status).toBe(201);
    }
  });

  it('takes a key of any length, replaying the first answer for it', async () => {
    const key = 'k'.repeat(1000);
    const first = await create('issues.json', { issue: { description: 'Long keys still deduplicate creates' } }, key);
    const again = await create('issues.json', { issue: { description: 'Long keys still deduplicate creates' } }, key);
    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 201, body: { id: first.body.id } });
    const other = await create('issues.json', { issue: { description: 'Another body under the same long key' } }, key);
    expect(other.status).toBe(422);
  });
});

describe('strict mode (docs/api-choices.md#strict-mode)', () => {
  itLocal(
    'refuses a missing project header with 400 naming the rule, while the default accepts it',
    'starts a server with --strict',
    async () => {
      const strict = await startTestServer({ strict: true });
      try {
        const r = await strict.request('GET', `/projects/${PROJECT_ID}.json`, {
          auth: `FormUser ${TOKENS.all}`,
          project: false,
        });
        expect(r.status).toBe(400);
        expect(r.body.error).toMatch(/Service-Project-ID.*rule 5/);
      } finally {
        await strict.close();
      }
      expect(
        (
          await server.request('GET', `/projects/${PROJECT_ID}.json`, {
            auth: `FormUser ${TOKENS.all}`,
            project: false,
          })
        ).status,
      ).toBe(200);
    },
  );

  itLocal(
    'refuses unknown parameters and wrong encodings with 400 naming them; takes every documented one',
    'starts a server with --strict',
    async () => {
      const strict = await startTestServer({ strict: true });
      const issues = `/projects/${PROJECT_ID}/issues.json`;
      const description = 'The game crashes when I open the map screen';
      try {
        const refused = [
          await strict.request('GET', `${issues}?bogus=1`, { auth: `Bearer ${PATS.owner}` }),
          await strict.request('GET', '/projects.json?per_page=10'), // fixed page size, no per-page parameter
          await strict.request('POST', issues, {
            auth: `FormUser ${TOKENS.all}`,
            form: { 'issue[description]': description, 'issue[bogus]': 'x' },
          }),
          await strict.request('POST', issues, {
            auth: `FormUser ${TOKENS.all}`,
            form: { 'issue[description]': description, bogus: 'x' },
          }),
          // JSON bodies nest the values under `issue` (docs/api/issues.md#examples).
          await strict.request('POST', issues, { auth: `FormUser ${TOKENS.all}`, json: { description } }),
          // Top-level form booleans are 1, 0, true or false (custom field rule 2).
          await strict.request('POST', issues, {
            auth: `FormUser ${TOKENS.all}`,
            form: { 'issue[description]': description, draft: 'True' },
          }),
          // A create reads its body only: draft in the query string would be ignored.
          await strict.request('POST', `${issues}?draft=true`, {
            auth: `FormUser ${TOKENS.all}`,
            form: { 'issue[description]': description },
          }),
        ];
        expect(refused.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400, 400]);
        expect(refused.map((r) => r.body.error)).toEqual([
          expect.stringMatching(/"bogus".*unknown-parameter/),
          expect.stringMatching(/"per_page".*unknown-parameter/),
          expect.stringMatching(/"issue\[bogus\]".*unknown-parameter/),
          expect.stringMatching(/"bogus".*unknown-parameter/),
          expect.stringMatching(/"description".*unknown-parameter/),
          expect.stringMatching(/draft=True.*rule 2/),
          expect.stringMatching(/query parameter "draft".*unknown-parameter/),
        ]);

        const accepted = [
          await strict.request('GET', `${issues}?page=1&per_page=10&status[]=open&priority=high&archived=false`, {
            auth: `Bearer ${PATS.owner}`,
          }),
          await strict.request('GET', '/projects.json?page=1&all=true'),
          await strict.request('POST', issues, {
            auth: `FormUser ${TOKENS.all}`,
            form: {
              'issue[description]': description,
              'issue[steps_to_reproduce_array][]': ['Open the map'],
              draft: 'true',
              publish_after: '1h',
            },
          }),
          await strict.request('POST', issues, {
            auth: `FormUser ${TOKENS.all}`,
            json: {
              issue: { description, extras: { device_info: { value: 'Windows 11', validation_mode: 'loose' } } },
              draft: true,
            },
          }),
          await strict.request('GET', `/projects/${PROJECT_ID}/issues/search.json?query=crash&page=1`, {
            auth: `Bearer ${PATS.owner}`,
          }),
          await strict.request('POST', `/projects/${PROJECT_ID}/issues/search.json`, {
            auth: `Bearer ${PATS.owner}`,
            json: { query: 'crash' },
          }),
        ];
        expect(accepted.map((r) => r.status)).toEqual([200, 200, 201, 201, 200, 200]);
      } finally {
        await strict.close();
      }
      // The default mode tolerates all of it, as the real service does.
      const lenient = await server.request('POST', issues, {
        auth: `FormUser ${TOKENS.all}`,
        form: { 'issue[description]': description, 'issue[bogus]': 'x', draft: 'True' },
      });
      expect(lenient.status).toBe(201);
    },
  );
});
