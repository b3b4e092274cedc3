// Issue search (GET and POST /projects/{pid}/issues/search): typo tolerance, ranking, visibility
// and total_count, scoped_id lookups, skip_ids, sort, pages, partial, who may search, bad input,
// and the index following writes made through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Issue } from '../../../widget/src/protocol/issues.ts';
import { searchIssuesResponse } from '../../../widget/src/protocol/search.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { PATS, PROJECT_ID, PUBLIC_PROJECT_ID, seedDocument, TOKENS } from '../../helpers/seed.ts';

const SEARCH = `/projects/${PROJECT_ID}/issues/search.json`;
const dev = `Bearer ${PATS.developer}`;

const filler = (word: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    title: `${word} physics glitch number ${i + 1}`,
    description: `A ${word} behaves oddly (case ${i + 1}).`,
  }));

let server: TestServer;
let ids: Record<string, { id: number; scoped_id: number; path_id: string }>;

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  ids = server.fixtures(
    seedDocument({
      project: {
        issues: [
          {
            key: 'inDescription',
            title: 'Lava river glows',
            description: 'The bloom effect on the lava river is far too bright at dusk.',
          },
          {
            key: 'inTitle',
            title: 'Bloom too strong near stations',
            description: 'Everything turns white when docking.',
          },
          {
            key: 'hook',
            title: 'Grappling hook snaps over lava',
            description: 'The hook breaks when swinging across the river.',
          },
          {
            key: 'testerDraft',
            title: 'Grappling hook draft',
            description: 'A draft the tester has not published.',
            status: 'hidden',
            reporter: 'tester',
          },
          {
            key: 'moderated',
            title: 'Grappling hook spam',
            description: 'Waiting for moderation.',
            status: 'pending_moderation',
          },
          { key: 'raw', title: 'Grappling hook telemetry', description: 'Automated grappling report.', raw: true },
          {
            key: 'devDraft',
            title: 'Grappling secret',
            description: 'Hidden from players.',
            status: 'hidden',
            reporter: 'developer',
          },
          {
            key: 'inventory',
            title: 'Inventory freezes when sorting',
            description: 'Sorting by weight locks the menu.',
            priority: 'high',
          },
          {
            key: 'achievement',
            title: 'Achievement unlocks twice',
            description: 'The first delivery achievement pops up two times.',
            priority: 'low',
          },
          {
            key: 'shader',
            title: 'Shader compilation stutter',
            description: 'Heavy hitches on first flight.',
            priority: 'critical',
          },
          { key: 'elevator', title: 'Elevator never arrives', description: 'The lift to the concourse does not come.' },
          ...filler('crate', 30),
          ...filler('asteroid', 210),
        ],
      },
    }),
  ).issues;
});
afterAll(() => server.close());

const search = (query: string, auth = dev) => server.request('GET', `${SEARCH}?${query}`, { auth });
const titles = (body: { issues: Array<{ title: string }> }) => body.issues.map((i) => i.title);

describe('typo tolerance', () => {
  it('finds an issue from a word of five to eight letters with one typo', async () => {
    expect(titles((await search('query=inventroy')).body)).toEqual(['Inventory freezes when sorting']);
    expect(titles((await search('query=elevatr')).body)).toEqual(['Elevator never arrives']);
  });

  it('allows two typos from nine letters on', async () => {
    expect(titles((await search('query=acheivemnt')).body)).toEqual(['Achievement unlocks twice']);
    expect(titles((await search('query=compilaton%20stuter')).body)).toEqual(['Shader compilation stutter']);
  });

  it('does not forgive a typo in a word under five letters, nor two in a word under nine', async () => {
    expect((await search('query=hokk')).body.pagination.total_count).toBe(0);
    expect((await search('query=elavatr')).body.pagination.total_count).toBe(0);
  });

  it('reads the last word as a prefix, typo included', async () => {
    expect(titles((await search('query=eleva')).body)).toEqual(['Elevator never arrives']);
    expect(titles((await search('query=shader%20compilat')).body)).toEqual(['Shader compilation stutter']);
    expect(titles((await search('query=achievm')).body)).toEqual(['Achievement unlocks twice']);
  });

  it('matches other forms of a word (freezing finds freezes)', async () => {
    expect(titles((await search('query=inventory%20freezing')).body)).toEqual(['Inventory freezes when sorting']);
  });
});

describe('ranking and visibility', () => {
  it('puts an issue with the word in its title above one with it in the description', async () => {
    const r = await search('query=bloom');
    expect(titles(r.body)).toEqual(['Bloom too strong near stations', 'Lava river glows']);
  });

  it('counts in total_count only the issues the caller may see', async () => {
    const team = await search('query=grappling');
    expect(titles(team.body).sort()).toEqual([
      'Grappling hook draft',
      'Grappling hook snaps over lava',
      'Grappling hook spam',
      'Grappling secret',
    ]);
    expect(team.body.pagination.total_count).toBe(4);
    const tester = await search('query=grappling', `Bearer ${PATS.tester}`);
    expect(titles(tester.body).sort()).toEqual(['Grappling hook draft', 'Grappling hook snaps over lava']);
    expect(tester.body.pagination.total_count).toBe(2);
    const token = await search('query=grappling', `FormUser ${TOKENS.all}`);
    expect(titles(token.body)).toEqual(['Grappling hook snaps over lava']);
    expect(token.body.pagination).toEqual({ current_page: 1, per_page: 25, total_pages: 1, total_count: 1 });
  });

  it('never finds a raw issue, not even for the team', async () => {
    expect(titles((await search('query=telemetry')).body)).toEqual([]);
    expect(titles((await search('query=automated%20grappling%20report')).body)).not.toContain(
      'Grappling hook telemetry',
    );
  });

  it('answers the documented shape: issues, pagination and the integer project_id', async () => {
    const r = await search('query=inventory');
    const body = searchIssuesResponse(Issue).parse(r.body);
    expect(body.project_id).toEqual(expect.any(Number));
    expect(body.issues[0]).toMatchObject({ scoped_id: ids.inventory.scoped_id, priority: 'high' });
  });
});

describe('scoped_id lookup', () => {
  it('answers the one issue for a plain scoped id or its g- form', async () => {
    const { id, scoped_id } = ids.elevator;
    const plain = await search(`scoped_id=${scoped_id}`);
    expect(plain.status).toBe(200);
    expect(Issue.parse(plain.body)).toMatchObject({ id, title: 'Elevator never arrives' });
    expect((await search(`scoped_id=g-${id}&query=ignored`)).body.id).toBe(id);
  });

  it('is 404 for a scoped id that finds nothing, or an issue the caller may not see', async () => {
    const missing = await search('scoped_id=99999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: expect.stringContaining('99999') });
    expect((await search(`scoped_id=${ids.devDraft.scoped_id}`, `Bearer ${PATS.tester}`)).status).toBe(404);
    expect((await search('scoped_id=abc')).status).toBe(404);
  });
});

describe('parameters', () => {
  it('leaves out the ids in skip_ids (raw ids or g- forms)', async () => {
    const r = await search(`query=bloom&skip_ids=${ids.inTitle.id},g-999`);
    expect(titles(r.body)).toEqual(['Lava river glows']);
    expect((await search('query=bloom&skip_ids=12,abc')).status).toBe(422);
  });

  it('pages by 25', async () => {
    const first = await search('query=crate');
    expect(first.body.issues).toHaveLength(25);
    expect(first.body.pagination).toEqual({ current_page: 1, per_page: 25, total_pages: 2, total_count: 30 });
    const second = await search('query=crate&page=2');
    expect(second.body.issues).toHaveLength(5);
    expect(new Set([...titles(first.body), ...titles(second.body)]).size).toBe(30);
    expect((await search('query=crate&page=0')).status).toBe(422);
    for (const bad of ['abc', '1.5', '0']) {
      const r = await search(`query=crate&page=${bad}`);
      expect([r.status, r.body]).toEqual([422, { error: 'page: must be a positive integer' }]);
    }
  });

  it('takes page, sort and direction from a GET only: a POST answers the first page by relevance', async () => {
    const json = { query: 'crate', page: 2, sort: 'scoped_id', direction: 'desc' };
    const post = await server.request('POST', SEARCH, { auth: dev, json });
    expect(post.status).toBe(200);
    expect(post.body.pagination).toEqual({ current_page: 1, per_page: 25, total_pages: 2, total_count: 30 });
    expect(titles(post.body)).toEqual(titles((await search('query=crate')).body));
    const form = await server.request('POST', `${SEARCH}?page=2`, { auth: dev, form: { query: 'crate' } });
    expect(form.body.pagination.current_page).toBe(1);
    const ignored = await server.request('POST', SEARCH, { auth: dev, json: { query: 'crate', page: 'abc' } });
    expect(ignored.body.pagination.current_page).toBe(1);
  });

  it('is 422 naming the fault for a query that is not text', async () => {
    for (const query of [{ a: 1 }, ['a', 'b'], true]) {
      const r = await server.request('POST', SEARCH, { auth: dev, json: { query } });
      expect([r.status, r.body]).toEqual([422, { error: 'query: must be text' }]);
    }
  });

  it('sorts by any issue column with a direction, and by id for an unknown column', async () => {
    const desc = await search('query=crate&sort=scoped_id&direction=desc');
    const scoped = desc.body.issues.map((i: { scoped_id: number }) => i.scoped_id);
    expect(scoped).toEqual([...scoped].sort((a: number, b: number) => b - a));
    const byPriority = await search('query=inventory%20OR%20achievement%20OR%20shader&sort=priority');
    expect(byPriority.status).toBe(200);
    const unknown = await search('query=crate&sort=no_such_column');
    const unknownIds = unknown.body.issues.map((i: { id: number }) => i.id);
    expect(unknownIds).toEqual([...unknownIds].sort((a: number, b: number) => a - b));
    const injected = await search(`query=crate&sort=${encodeURIComponent('id; DROP TABLE issues')}`);
    expect(injected.status).toBe(200);
  });

  it('narrows the candidate pool to 200 with partial=true, without capping the JSON page', async () => {
    expect((await search('query=asteroid')).body.pagination.total_count).toBe(210);
    const partial = await search('query=asteroid&partial=true');
    expect(partial.body.pagination.total_count).toBe(200);
    expect(partial.body.issues).toHaveLength(25);
  });

  it('takes the same parameters in a POST body, JSON or form', async () => {
    const json = await server.request('POST', SEARCH, { auth: dev, json: { query: 'elevatr', partial: false } });
    expect(json.status).toBe(200);
    expect(titles(json.body)).toEqual(['Elevator never arrives']);
    const form = await server.request('POST', SEARCH, { auth: dev, form: { query: 'inventroy', skip_ids: '' } });
    expect(titles(form.body)).toEqual(['Inventory freezes when sorting']);
  });

  it('is 400 without a query (missing or blank) and no scoped_id', async () => {
    const missing = await search('page=1');
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'Missing required parameter: query.' });
    expect((await search('query=%20%20')).status).toBe(400);
    expect((await server.request('POST', SEARCH, { auth: dev, json: {} })).status).toBe(400);
  });

  it('answers an empty page for a query of punctuation only, and survives FTS5 operators', async () => {
    expect((await search('query=%21%21%3F')).body.pagination.total_count).toBe(0);
    expect((await search(`query=${encodeURIComponent('NEAR( "bloom" AND * OR')}`)).status).toBe(200);
  });
});

describe('who may search', () => {
  it('is 403 for a project token without can_list_issues', async () => {
    const r = await search('query=bloom', `FormUser ${TOKENS.none}`);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: 'Not allowed to list issues.' });
  });

  it('is 403 for a non-member and an anonymous caller on a public project', async () => {
    const path = `/projects/${PUBLIC_PROJECT_ID}/issues/search.json?query=bloom`;
    expect((await server.request('GET', path, { auth: `Bearer ${PATS.outsider}` })).status).toBe(403);
    expect((await server.request('GET', path, { auth: 'FormUser anonymous' })).status).toBe(403);
    expect((await server.request('GET', path, { auth: `FormUser ${TOKENS.public}` })).status).toBe(200);
  });

  it('lets every member role and organization admins search', async () => {
    for (const pat of [PATS.owner, PATS.support, PATS.tester, PATS.orgAdmin, PATS.siteAdmin]) {
      expect((await search('query=bloom', `Bearer ${pat}`)).status, pat).toBe(200);
    }
  });
});

describe('the index follows writes', () => {
  it('finds an issue created through the API, and not a raw one', async () => {
    const created = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
      auth: `FormUser ${TOKENS.all}`,
      json: {
        issue: {
          title: 'Zeppelin wobbles in the hangar',
          description: 'The zeppelin shakes after landing in the hangar.',
        },
      },
    });
    expect(created.status).toBe(201);
    const raw = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
      auth: `FormUser ${TOKENS.all}`,
      json: {
        issue: { title: 'Zeppelin telemetry', description: 'Zeppelin frame timings from the client.', raw: true },
      },
    });
    expect(raw.status).toBe(201);
    expect(titles((await search('query=zepelin')).body)).toEqual(['Zeppelin wobbles in the hangar']);
  });

  it('follows an edited title: the new words match, the old ones no longer do', async () => {
    const { scoped_id } = ids.inDescription;
    const r = await server.request('PATCH', `/projects/${PROJECT_ID}/issues/${scoped_id}.json`, {
      auth: dev,
      json: { issue: { title: 'Magma fountain glows', description: 'Too bright at dusk.' } },
    });
    expect(r.status).toBe(200);
    expect(titles((await search('query=magma')).body)).toEqual(['Magma fountain glows']);
    expect(titles((await search('query=bloom')).body)).toEqual(['Bloom too strong near stations']);
  });
});

describe('after /__admin/reset', () => {
  it('forgets the old index, vocabulary and vectors, and serves the new fixtures', async () => {
    const local = await startTestServer({
      seed: seedDocument({
        project: {
          issues: [{ title: 'Walrus statue floats', description: 'The walrus statue hovers above the plaza.' }],
        },
      }),
    });
    try {
      expect(titles((await local.request('GET', `${SEARCH}?query=walrus`, { auth: dev })).body)).toEqual([
        'Walrus statue floats',
      ]);
      expect((await local.request('POST', '/__admin/reset')).status).toBe(200);
      local.fixtures(
        seedDocument({
          project: {
            issues: [
              { title: 'Penguin statue sinks', description: 'The penguin statue sinks into the plaza.' },
              { title: 'Penguin wobble', description: 'Penguins wobble.' },
            ],
          },
        }),
      );
      expect(titles((await local.request('GET', `${SEARCH}?query=walrus`, { auth: dev })).body)).toEqual([]);
      expect(titles((await local.request('GET', `${SEARCH}?query=pengiun`, { auth: dev })).body).sort()).toEqual([
        'Penguin statue sinks',
        'Penguin wobble',
      ]);
      const similar = await local.request('GET', `/projects/${PROJECT_ID}/issues/1/find_similar.json`, { auth: dev });
      expect(similar.body.issues.map((i: { title: string }) => i.title)).toEqual(['Penguin wobble']);
    } finally {
      await local.close();
    }
  });
});
