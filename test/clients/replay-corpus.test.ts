// Replays the corpus against a real server twice: in the default mode every request is answered as
// its client expects and each non-canonical shape lands in the conformance report once per client;
// under --strict the same requests are refused with 400 naming the first rule they bend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialKind } from '../../reference-server/src/http/conformance-recorder.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { CORPUS } from './corpus.ts';
import { clientsFixture, PROJECT_ID } from './fixture.ts';
import { prepareApi, send, type Replay } from './replay.ts';

const titleOf = (r: Replay) => `${r.client}: ${r.name} (${r.note})`;

/** The report's group of a replay's request: its User-Agent and the kind of its Authorization. */
function groupOf(replay: Replay) {
  const request = replay.request({ id: 1, jwt: 'x.y.z', scoped: 1, cutoff: '' });
  return { user_agent: request.headers['User-Agent'], credential: credentialKind(request.headers.Authorization) };
}

describe('replay corpus, default mode', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: clientsFixture() });
  });
  afterAll(() => server.close());

  /** The status each replay was answered, for the report's count of failed answers per client. */
  const statuses = new Map<Replay, number>();
  for (const replay of CORPUS) {
    it(titleOf(replay), async () => {
      const ctx = (await replay.prepare?.(prepareApi(server.url, PROJECT_ID))) ?? {};
      const response = await send(server.url, replay.request(ctx));
      statuses.set(replay, response.status);
      replay.expectAnswer(response, ctx);
    });
  }

  it('lists each tolerated shape once per client, with its rule, in GET /__admin/conformance', async () => {
    const report = (await server.request('GET', '/__admin/conformance')).body;
    expect(report.mode).toBe('default');
    const expected = new Map<string, Map<string, number>>();
    const failed = new Map<string, number>();
    for (const replay of CORPUS) {
      const { user_agent, credential } = groupOf(replay);
      const key = `${user_agent} | ${credential}`;
      const rules = expected.get(key) ?? new Map<string, number>();
      for (const rule of replay.tolerated) rules.set(rule, (rules.get(rule) ?? 0) + 1);
      expected.set(key, rules);
      failed.set(key, (failed.get(key) ?? 0) + ((statuses.get(replay) ?? 0) >= 400 ? 1 : 0));
    }
    for (const [key, rules] of expected) {
      const client = report.clients.find((c: any) => `${c.user_agent} | ${c.credential}` === key);
      expect(client, key).toBeDefined();
      // A request answered 4xx (the third-party client's expected 403) is refused, never tolerated.
      expect(client.refused, key).toBe(failed.get(key));
      const listed = client.findings.map((f: any) => f.rule);
      expect(new Set(listed).size, `${key}: each rule once`).toBe(listed.length);
      expect(Object.fromEntries(client.findings.map((f: any) => [f.rule, f.count])), key).toEqual(
        Object.fromEntries(rules),
      );
      for (const finding of client.findings) {
        expect(finding).toMatchObject({
          outcome: client.refused > 0 ? expect.stringMatching(/^(tolerated|refused)$/) : 'tolerated',
          rule_text: expect.any(String),
          fix: expect.any(String),
          title: expect.any(String),
        });
      }
    }
    // The canonical requests that prepared the replays bend nothing.
    const setup = report.clients.filter((c: any) => c.user_agent === 'corpus-setup');
    expect(setup.length).toBeGreaterThan(0);
    for (const client of setup) expect(client.findings).toEqual([]);
  });

  it('serves the same report as a page to a browser', async () => {
    const page = await fetch(`${server.url}/__admin/conformance`, { headers: { Accept: 'text/html' } });
    expect(page.headers.get('content-type')).toContain('text/html');
    const text = await page.text();
    expect(text).toContain('betahub-mcp-server/1.0');
    expect(text).toContain('raw-project-token');
    expect(text).toContain('Send `Authorization: FormUser tkn-…`.');
  });
});

describe('replay corpus, --strict', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: clientsFixture(), strict: true });
  });
  afterAll(() => server.close());

  for (const replay of CORPUS) {
    const rule = replay.tolerated[0];
    const outcome = rule ? `refused, naming ${rule}` : 'canonical, answered as in the default mode';
    it(`${titleOf(replay)}: ${outcome}`, async () => {
      const ctx = (await replay.prepare?.(prepareApi(server.url, PROJECT_ID))) ?? {};
      const response = await send(server.url, replay.request(ctx));
      if (!rule) return replay.expectAnswer(response, ctx);
      expect(response.status).toBe(400);
      expect(response.body.error).toContain(`rule "${rule}"`);
    });
  }

  it('reports the refusals per client with their rule', async () => {
    const report = (await server.request('GET', '/__admin/conformance')).body;
    expect(report.mode).toBe('strict');
    for (const replay of CORPUS.filter((r) => r.tolerated.length > 0)) {
      const { user_agent, credential } = groupOf(replay);
      const client = report.clients.find((c: any) => c.user_agent === user_agent && c.credential === credential);
      expect(client.refused).toBeGreaterThan(0);
      expect(client.findings).toContainEqual(
        expect.objectContaining({ rule: replay.tolerated[0], outcome: 'refused' }),
      );
    }
  });
});
