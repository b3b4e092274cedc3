// Issue search parameters and callers (docs/api/search.md#how-search-works, docs/api-choices.md#pagination): skip_ids,
// pages of 25, page/sort/direction from a GET only, sort columns, partial, POST bodies, a missing or non-text query,
// FTS5 operators; the token flag, non-members and anonymous callers, every role that may search.
import { describe, expect, it } from 'vitest';
import { PATS, PUBLIC_PROJECT_ID, TOKENS } from '../../helpers/seed.ts';
import { dev, ids, SEARCH, search, serveIssueSearch, server, titles } from './fixtures.ts';

serveIssueSearch();

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
