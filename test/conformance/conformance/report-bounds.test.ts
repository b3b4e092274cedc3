// The conformance report keeps what clients send within bounds (docs/security.md): a 60 MB parameter
// name, long User-Agents and origins, and hundreds of clients each sending many distinct mistakes leave
// GET /__admin/conformance answering in under 1 MiB, and a --strict refusal naming the parameter short.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_FLAGS, PROJECT_ID, seedDocument, TOKENS } from '../../helpers/seed.ts';
import { describeLocal } from '../../helpers/local-only.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

const STRICT = 'starts a server with --strict';

const MiB = 1024 * 1024;
const fixture = () => seedDocument({ project: { tokens: [{ token: TOKENS.all, daily_limit: 10_000, ...ALL_FLAGS }] } });

async function reportBytes(server: TestServer): Promise<{ bytes: number; body: any; pageBytes: number }> {
  const json = await fetch(`${server.url}/__admin/conformance`);
  const text = await json.text();
  const page = await (await fetch(`${server.url}/__admin/conformance`, { headers: { Accept: 'text/html' } })).text();
  return { bytes: Buffer.byteLength(text), body: JSON.parse(text), pageBytes: Buffer.byteLength(page) };
}

/** A form-encoded body on the video upload route, which reads up to 500 MB: the largest name a client can send. */
async function hugeName(server: TestServer, megabytes: number) {
  const draft = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
    auth: `FormUser ${TOKENS.all}`,
    json: { draft: true, issue: { description: 'A draft to upload a video clip to.' } },
  });
  const body = `${'n'.repeat(megabytes * MiB)}=1`;
  return fetch(`${server.url}/projects/${PROJECT_ID}/issues/g-${draft.body.id}/video_clips.json`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${draft.body.token}`,
      'Service-Project-ID': PROJECT_ID,
      Accept: 'application/json',
      'Content-Type': 'application/x-www-form-urlencoded',
      'User-Agent': 'hostile',
    },
    body,
  });
}

for (const strict of [false, true]) {
  // A deployment runs in one mode, the default one the other files assume: --strict is checked in-process.
  const describeMode = strict ? (name: string, body: () => void) => describeLocal(name, STRICT, body) : describe;
  describeMode(`conformance report bounds, ${strict ? '--strict' : 'default mode'}`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(strict ? { seed: fixture(), strict } : { seed: fixture() });
    });
    afterAll(() => server.close());

    it('keeps the report small after a 60 MB parameter name, and clips the longest name a body can carry', async () => {
      const response = await hugeName(server, 60);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect((await response.text()).length).toBeLessThan(2_000);
      expect((await reportBytes(server)).bytes).toBeLessThan(20_000);
      // A JSON body may carry up to 8 MB: a name of 7 MB reaches the parameter check.
      const name = 'n'.repeat(7 * MiB);
      const create = await fetch(`${server.url}/projects/${PROJECT_ID}/issues.json`, {
        method: 'POST',
        headers: {
          Authorization: `FormUser ${TOKENS.all}`,
          'Service-Project-ID': PROJECT_ID,
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'User-Agent': 'hostile',
        },
        body: JSON.stringify({ [name]: 1, issue: { description: 'A bug sent beside a very long name.' } }),
      });
      const answer = await create.text();
      expect(create.status).toBe(strict ? 400 : 201);
      expect(answer.length).toBeLessThan(strict ? 2_000 : 20_000);
      if (strict) expect(JSON.parse(answer).error).toMatch(/rule "unknown-parameter"/);
      const { bytes, body } = await reportBytes(server);
      expect(bytes).toBeLessThan(20_000);
      const hostile = body.clients.find((c: any) => c.user_agent === 'hostile' && c.credential === 'project_token');
      const [finding] = hostile.findings.filter((f: any) => f.rule === 'unknown-parameter');
      expect(finding.example.detail).toContain(`(${7 * MiB} characters)`);
    }, 60_000);

    it('stays under 1 MiB with 250 clients each sending many distinct long mistakes', async () => {
      const long = (seed: string, n: number) => `${seed}-${'x'.repeat(n)}`;
      for (let client = 0; client < 250; client += 1) {
        const headers = {
          'User-Agent': long(`agent-${client}`, 2_000),
          Origin: `https://${long(`game${client}`, 300)}.example`,
          Authorization: `FormUser ${TOKENS.all}`,
          'Content-Type': 'application/json',
        };
        const sends = [];
        for (let i = 0; i < 8; i += 1) {
          const params = new URLSearchParams({ [long(`q${i}`, 3_000)]: '1' });
          sends.push(
            fetch(`${server.url}/projects/${PROJECT_ID}/issues.json?${params}`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ [long(`p${i}`, 3_000)]: 1, issue: { description: 'x', [`k${i}`]: 1 } }),
            }),
          );
        }
        for (const r of await Promise.all(sends)) await r.arrayBuffer();
      }
      const { bytes, body, pageBytes } = await reportBytes(server);
      expect(bytes).toBeLessThan(MiB);
      expect(pageBytes).toBeLessThan(2 * MiB);
      // The first clients are kept whole; the later ones share one entry, and every request is counted.
      expect(body.clients.length).toBeLessThanOrEqual(201);
      const total = body.clients.reduce((n: number, c: any) => n + c.requests, 0);
      expect(total).toBeGreaterThanOrEqual(250 * 8);
      expect(body.clients.at(-1)).toMatchObject({ user_agent: '(other clients)' });
    }, 120_000);
  });
}
