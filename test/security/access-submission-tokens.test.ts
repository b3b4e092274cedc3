// Submission tokens are single-use (docs/api/projects-auth.md#credentials) and bound to their project on every
// route that accepts them: issue, feature request and ticket create, in any order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_PROJECT_ID, PATS, PROJECT_ID, PUBLIC_PROJECT_ID, TOKENS } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const USED = { error: 'This submission token has already been used.' };

async function submissionToken(email = 'player@players.test'): Promise<string> {
  const r = await server.request('POST', `/projects/${PROJECT_ID}/submission_tokens.json`, {
    auth: `Bearer ${PATS.owner}`,
    json: { email },
  });
  expect(r.status).toBe(201);
  return r.body.token;
}

type Create = 'issue' | 'feature_request' | 'ticket';
const BODIES: Record<Create, { path: string; json: unknown }> = {
  issue: { path: 'issues.json', json: { issue: { description: 'The radar shows ghosts near the gate.' } } },
  feature_request: {
    path: 'feature_requests.json',
    json: { feature_request: { description: 'Please add a photo mode.' } },
  },
  ticket: { path: 'tickets.json', json: { ticket: { description: 'My purchase did not arrive.' } } },
};

function create(kind: Create, auth: string, project = PROJECT_ID) {
  return server.request('POST', `/projects/${project}/${BODIES[kind].path}`, { auth, json: BODIES[kind].json });
}

const count = async (kind: Create) => {
  const table = { issue: 'issues', feature_request: 'feature_requests', ticket: 'tickets' }[kind];
  return (server.deps.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
};

describe('single use', () => {
  for (const first of ['issue', 'feature_request', 'ticket'] as const) {
    it(`is spent by one ${first} create; every later create is 422 and creates nothing`, async () => {
      const auth = `FormUser ${TOKENS.all},${await submissionToken()}`;
      expect((await create(first, auth)).status).toBe(201);
      for (const again of ['issue', 'feature_request', 'ticket'] as const) {
        const before = await count(again);
        const r = await create(again, auth);
        expect(r.status, `${first} then ${again}`).toBe(422);
        expect(r.body).toEqual(USED);
        expect(await count(again)).toBe(before);
      }
    });
  }

  it('is spent once when two creates race with it', async () => {
    const auth = `FormUser ${TOKENS.all},${await submissionToken()}`;
    const answers = await Promise.all([create('ticket', auth), create('feature_request', auth), create('issue', auth)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 422, 422]);
  });
});

describe('bound to its project', () => {
  it("is refused with 403 on another project's creates and reads, and stays unspent for its own", async () => {
    const token = await submissionToken();
    for (const [project, projectToken] of [
      [PUBLIC_PROJECT_ID, TOKENS.public],
      [OTHER_PROJECT_ID, TOKENS.other],
    ] as const) {
      for (const kind of ['issue', 'feature_request', 'ticket'] as const) {
        const r = await create(kind, `FormUser ${projectToken},${token}`, project);
        expect(r.status, `${project} ${kind}`).toBe(403);
        expect(r.body).toEqual({ error: 'This submission token belongs to another project.' });
      }
      expect(
        (await server.request('GET', `/projects/${project}.json`, { auth: `FormUser ${projectToken},${token}` }))
          .status,
      ).toBe(403);
    }
    expect((await create('ticket', `FormUser ${TOKENS.all},${token}`)).status).toBe(201);
  });
});
