// Every paginated list counts its pages the same way: an empty result has 0 pages, one item
// has 1 (docs/api-choices.md#pagination), and refuses a page that is no positive integer with one sentence.
import { describe, expect, it } from 'vitest';
import { serveFile, server } from '../../helpers/file-server.ts';
import { PATS, PROJECT_ID, TOKENS } from '../../helpers/seed.ts';

serveFile();

const P = `/projects/${PROJECT_ID}`;
const developer = `Bearer ${PATS.developer}`;

/** Each list with a query that finds nothing in the seed, the caller, and the member holding the items. */
const EMPTY_LISTS = [
  { name: 'projects', path: '/projects.json', auth: `Bearer ${PATS.outsider}`, items: 'projects' },
  { name: 'issues', path: `${P}/issues.json`, auth: developer, items: 'issues' },
  { name: 'issue search', path: `${P}/issues/search.json?query=teleporter`, auth: developer, items: 'issues' },
  { name: 'custom fields', path: `${P}/custom_fields.json?applies_to=ticket`, auth: developer, items: 'custom_fields' },
  { name: 'feature requests', path: `${P}/feature_requests.json`, auth: developer, items: 'feature_requests' },
  {
    name: 'feature request search',
    path: `${P}/feature_requests/search.json?query=teleporter`,
    auth: developer,
    items: 'feature_requests',
  },
] as const;

describe('pagination of an empty result', () => {
  for (const list of EMPTY_LISTS) {
    it(`answers total_pages 0 and total_count 0 for an empty ${list.name} list`, async () => {
      const r = await server.request('GET', list.path, { auth: list.auth });
      expect(r.status).toBe(200);
      expect(r.body[list.items]).toEqual([]);
      expect(r.body.pagination).toMatchObject({ current_page: 1, total_pages: 0, total_count: 0 });
    });
  }
});

describe('pagination of a one-item result', () => {
  it('answers total_pages 1 once the issue, feature request and project lists hold one item', async () => {
    const issue = await server.request('POST', `${P}/issues.json`, {
      auth: `FormUser ${TOKENS.all}`,
      json: { issue: { description: 'The teleporter drops me into the void on level three.' } },
    });
    expect(issue.status).toBe(201);
    const request = await server.request('POST', `${P}/feature_requests.json`, {
      auth: `FormUser ${TOKENS.all}`,
      json: { feature_request: { description: 'A teleporter between the two hubs would save time.' } },
    });
    expect(request.status).toBe(201);
    for (const [path, items] of [
      [`${P}/issues.json`, 'issues'],
      [`${P}/feature_requests.json`, 'feature_requests'],
      ['/projects.json', 'projects'],
    ] as const) {
      const r = await server.request('GET', path, { auth: developer });
      expect(r.body[items]).toHaveLength(1);
      expect(r.body.pagination).toMatchObject({ current_page: 1, total_pages: 1, total_count: 1 });
    }
  });
});

describe('a page that is no positive integer', () => {
  const LISTS = [
    ['/projects.json', 'projects'],
    [`${P}/issues.json`, 'issues'],
    [`${P}/custom_fields.json`, 'custom fields'],
    [`${P}/feature_requests.json`, 'feature requests'],
    [`${P}/feature_requests/search.json?query=teleporter&`, 'feature request search'],
  ] as const;

  it('answers 422 "page: must be a positive integer" in every list, for text, 0, a fraction or a repeat', async () => {
    for (const [path, name] of LISTS)
      for (const page of ['page=abc', 'page=0', 'page=1.5', 'page=1&page=2']) {
        const sep = path.includes('?') ? '' : '?';
        const r = await server.request('GET', `${path}${sep}${page}`, { auth: developer });
        expect([name, page, r.status, r.body]).toEqual([
          name,
          page,
          422,
          { error: 'page: must be a positive integer' },
        ]);
      }
  });
});
