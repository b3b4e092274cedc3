// Deeply nested input is a client mistake: 400 {error}, never a 500 from a recursive walk (the
// Idempotency-Key fingerprint, the fixture loader), whatever the encoding it came in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATS, PROJECT_ID, TOKENS } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const nested = (depth: number, leaf: unknown = 'x') =>
  `${'{"a":'.repeat(depth)}${JSON.stringify(leaf)}${'}'.repeat(depth)}`;
const nestedArray = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
const DEEP = /nested deeper than \d+ levels/;

describe('a JSON body 8,000 levels deep', () => {
  const creates = ['issues.json', 'feature_requests.json', 'tickets.json'];

  it('is 400 on every create, with and without an Idempotency-Key, and nothing is created', async () => {
    const count = () =>
      (
        server.deps.db
          .prepare(
            `SELECT (SELECT COUNT(*) FROM issues) + (SELECT COUNT(*) FROM feature_requests)
              + (SELECT COUNT(*) FROM tickets) AS n`,
          )
          .get() as { n: number }
      ).n;
    const before = count();
    for (const path of creates) {
      for (const body of [
        `{"issue":{"description":"deep enough","x":${nested(8000)}}}`,
        `{"x":${nestedArray(8000)}}`,
      ]) {
        for (const headers of [{ 'Idempotency-Key': `deep-${path}` }, {}] as Array<Record<string, string>>) {
          const r = await server.request('POST', `/projects/${PROJECT_ID}/${path}`, {
            auth: `FormUser ${TOKENS.all}`,
            raw: body,
            headers: { 'Content-Type': 'application/json', ...headers },
          });
          expect(r.status, `${path} ${JSON.stringify(headers)}`).toBe(400);
          expect(r.body.error).toMatch(DEEP);
        }
      }
    }
    expect(count()).toBe(before);
  });

  it('is 400 on every other body-reading route too (game facts, search, releases)', async () => {
    for (const [method, path] of [
      ['PUT', 'game_facts.json'],
      ['POST', 'issues/search.json'],
      ['POST', 'releases.json'],
      ['POST', 'submission_tokens.json'],
    ] as const) {
      const r = await server.request(method, `/projects/${PROJECT_ID}/${path}`, {
        auth: `Bearer ${PATS.owner}`,
        raw: `{"x":${nested(8000)}}`,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(r.status, path).toBe(400);
      expect(r.body.error).toMatch(DEEP);
    }
  });

  it('accepts ordinary nesting: a custom field object a few levels deep', async () => {
    const r = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
      auth: `FormUser ${TOKENS.all}`,
      json: {
        issue: {
          description: 'Shallow enough to be fine.',
          debug_trace: { steps: [{ severity: 'info', description: nested(20) }] },
        },
      },
      headers: { 'Idempotency-Key': 'shallow-1' },
    });
    expect(r.status).toBe(201);
  });
});

describe('form and query keys nested thousands deep', () => {
  it('is 400 for a form body and for a query string', async () => {
    const key = `issue${'[a]'.repeat(3000)}`;
    const form = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
      auth: `FormUser ${TOKENS.all}`,
      form: { [key]: 'x', 'issue[description]': 'deep form' },
      headers: { 'Idempotency-Key': 'deep-form' },
    });
    expect(form.status).toBe(400);
    expect(form.body.error).toMatch(DEEP);
    const query = await server.request(
      'GET',
      `/projects/${PROJECT_ID}/issues.json?${encodeURIComponent(`x${'[a]'.repeat(1000)}`)}=1`,
      { auth: `Bearer ${PATS.owner}` },
    );
    expect(query.status).toBe(400);
    expect(query.body.error).toMatch(DEEP);
  });
});

describe('fixtures nested 5,000 deep', () => {
  /** A fixture project whose game facts hold `member` nested 5,000 deep. */
  const project = (member: string) =>
    JSON.stringify({
      key: 'p',
      name: 'P',
      organization: 'o',
      access: 'public',
      modules: [],
      platforms: [],
      min_description_length: 0,
      min_suggestion_length: 0,
      game_facts: { [member]: '@' },
    }).replace('"@"', nested(5000));

  it('are 400 through /__admin/fixtures, and load nothing', async () => {
    const doc = `{"users":[{"key":"deep","name":"Deep","extra":${nested(5000)}}],"projects":[${project('glossary')}]}`;
    const r = await server.request('POST', '/__admin/fixtures', {
      raw: doc,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(DEEP);
  });

  it('are refused by the fixture loader itself (the CLI path), not with a stack overflow', async () => {
    const { loadFixtures } = await import('../../reference-server/src/areas/admin/fixtures.ts');
    const doc = JSON.parse(`{"users":[],"projects":[${project('description')}]}`);
    let thrown: unknown;
    try {
      loadFixtures(server.deps, doc);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).not.toBeInstanceOf(RangeError);
    expect((thrown as Error).message).toMatch(DEEP);
  });
});
