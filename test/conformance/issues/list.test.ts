// GET /projects/{pid}/issues: every filter of docs/api/issues.md#list-filters in single and array form,
// per_page clamping, the 50-item cap, pagination, raw issues and visibility per caller.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATS, PROJECT_ID } from '../../helpers/seed.ts';
import { isRemote, itLocal } from '../../helpers/local-only.ts';
import { memberId, publicUserId } from '../../helpers/member-ids.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { BIG, create, ISSUES, issueSeed } from './fixtures.ts';

let server: TestServer;
const DEV = `Bearer ${PATS.developer}`;

beforeAll(async () => {
  const doc = issueSeed({
    integrations: ['jira', 'trello'],
    statuses: [{ key: 'triaged', name: 'Triaged' }],
    releases: [
      { key: 'r1', label: '1.0.0' },
      { key: 'r2', label: '1.1.0' },
    ],
    issues: [
      {
        key: 'a',
        title: 'A',
        description: 'alpha',
        status: 'open',
        priority: 'high',
        reporter: 'tester',
        assigned_to: 'developer',
        release: 'r1',
        created_at: '2025-01-10T08:00:00.000Z',
        updated_at: '2025-01-12T08:00:00.000Z',
        tags: ['ui'],
      },
      {
        key: 'b',
        title: 'B',
        description: 'bravo',
        status: 'in_progress',
        priority: 'low',
        reporter: 'owner',
        release: 'r2',
        created_at: '2025-01-11T23:59:59.999Z',
        tags: ['audio'],
      },
      {
        key: 'c',
        title: 'C',
        description: 'charlie',
        status: 'triaged',
        priority: 'critical',
        assigned_to: 'support',
        release: 'r2',
        created_at: '2025-01-12T00:00:00.000Z',
      },
      {
        key: 'd',
        title: 'D',
        description: 'delta',
        status: 'closed',
        priority: 'medium',
        archived: true,
        created_at: '2025-01-13T00:00:00.000Z',
      },
      {
        key: 'e',
        title: 'E',
        description: 'echo',
        status: 'hidden',
        priority: 'medium',
        created_at: '2025-01-14T00:00:00.000Z',
      },
      {
        key: 'f',
        title: 'F',
        description: 'foxtrot',
        status: 'pending_moderation',
        priority: 'medium',
        reporter: 'tester',
        created_at: '2025-01-15T00:00:00.000Z',
      },
      { key: 'g', title: 'G', description: 'golf', status: 'open', raw: true, created_at: '2025-01-16T00:00:00.000Z' },
    ],
  });
  server = await startTestServer({ seed: doc });
  // Issues sent to an integration exist only through the database: the sent_to test is local-only.
  if (isRemote) return;
  const ids = server.deps.db.prepare('SELECT title, id FROM issues').all() as { title: string; id: number }[];
  const idOf = (t: string) => ids.find((i) => i.title === t)!.id;
  server.deps.db
    .prepare(
      "INSERT INTO issue_integrations (issue_id, service, created_at) VALUES (?, 'jira', " +
        "'2025-01-20T00:00:00.000Z'), (?, 'github', '2025-01-20T00:00:00.000Z')",
    )
    .run(idOf('A'), idOf('B'));
});
afterAll(() => server.close());

const titles = async (query: string, auth = DEV) => {
  const r = await server.request('GET', `${ISSUES}.json${query}`, { auth });
  expect(r.status).toBe(200);
  return (r.body.issues as { title: string }[])
    .map((i) => i.title)
    .sort()
    .join('');
};

describe('filters', () => {
  it('lists newest first, hiding archived and raw issues by default', async () => {
    const r = await server.request('GET', `${ISSUES}.json`, { auth: DEV });
    expect(r.body.issues.map((i: { title: string }) => i.title)).toEqual(['F', 'E', 'C', 'B', 'A']);
    expect(r.body.pagination).toEqual({ current_page: 1, per_page: 25, total_pages: 1, total_count: 5 });
  });

  it('filters by one status, several, custom statuses, and ignores filtering with any', async () => {
    expect(await titles('?status=open')).toBe('A');
    expect(await titles('?status[]=open&status[]=triaged')).toBe('AC');
    expect(await titles('?status[]=open&status[]=any')).toBe('ABCEF');
    expect(await titles('?status=any')).toBe('ABCEF');
  });

  it('filters by priority and refuses an unknown priority with 422 naming the value, not an array index', async () => {
    expect(await titles('?priority=high')).toBe('A');
    expect(await titles('?priority[]=low&priority[]=critical')).toBe('BC');
    for (const query of ['priority=urgent', 'priority[]=low&priority[]=urgent']) {
      const r = await server.request('GET', `${ISSUES}.json?${query}`, { auth: DEV });
      expect([r.status, r.body]).toEqual([
        422,
        { error: 'priority: must be one of low, medium, high, critical, blocker, not "urgent"' },
      ]);
    }
  });

  it('filters by assignee, with not_assigned alone or mixed with ids', async () => {
    const dev = await memberId(server, 'Dev Eloper');
    expect(await titles(`?assigned_to_id=${dev}`)).toBe('A');
    expect(await titles('?assigned_to_id=not_assigned')).toBe('BEF');
    expect(await titles(`?assigned_to_id[]=not_assigned&assigned_to_id[]=${dev}`)).toBe('ABEF');
  });

  it('filters by reporter with integer or usr- ids', async () => {
    const tester = { id: await memberId(server, 'Tess Tester'), public_id: await publicUserId(server, PATS.tester) };
    expect(await titles(`?reported_by_id=${tester.id}`)).toBe('AF');
    expect(await titles(`?reported_by_id[]=${tester.public_id}`)).toBe('AF');
  });

  it('filters by release id and by the latest release', async () => {
    const releases = await server.request('GET', `/projects/${PROJECT_ID}/releases.json`, { auth: DEV });
    const r1 = (releases.body as Array<{ id: string; label: string }>).find((r) => r.label === '1.0.0')!.id;
    expect(await titles(`?release_id=${r1}`)).toBe('A');
    expect(await titles('?release_id=latest')).toBe('BC');
  });

  it('filters archived issues with archived=true and false', async () => {
    expect(await titles('?archived=true')).toBe('D');
    expect(await titles('?archived=false')).toBe('ABCEF');
    expect((await server.request('GET', `${ISSUES}.json?archived=maybe`, { auth: DEV })).status).toBe(422);
  });

  it('treats after dates as inclusive and a date-only before as the whole day', async () => {
    expect(await titles('?created_after=2025-01-12')).toBe('CEF');
    expect(await titles('?created_after=2025-01-12T00:00:00.000Z')).toBe('CEF');
    expect(await titles('?created_before=2025-01-11')).toBe('AB');
    expect(await titles('?created_before=2025-01-11T23:59:59.999Z')).toBe('AB');
    expect(await titles('?created_after=2025-01-11&created_before=2025-01-12')).toBe('BC');
    expect(await titles('?updated_after=2025-01-12&updated_before=2025-01-12')).toBe('AC');
    expect((await server.request('GET', `${ISSUES}.json?created_after=yesterday`, { auth: DEV })).status).toBe(422);
  });

  itLocal('filters by media', 'reads or writes the database', async () => {
    const withLog = await create(server, { description: 'Has a log file attached to it.', logs: 'x' });
    const r = await server.request('GET', `${ISSUES}.json?with_media=true`, { auth: DEV });
    expect(r.body.issues.map((i: { id: number }) => i.id)).toEqual([withLog.body.id]);
    const none = await server.request('GET', `${ISSUES}.json?with_media=false`, { auth: DEV });
    expect(none.body.issues.map((i: { id: number }) => i.id)).not.toContain(withLog.body.id);
    server.deps.db.prepare('DELETE FROM issues WHERE id = ?').run(withLog.body.id);
  });

  itLocal(
    'filters by integration, with any meaning any enabled integration',
    'reads or writes the database',
    async () => {
      expect(await titles('?sent_to=jira')).toBe('A');
      expect(await titles('?sent_to[]=github&sent_to[]=jira')).toBe('AB');
      expect(await titles('?sent_to=any')).toBe('A');
    },
  );

  it('filters by comma-separated tag ids, matching any', async () => {
    expect(await titles('?tag_ids=501')).toBe('A');
    expect(await titles('?tag_ids=501,502')).toBe('AB');
    expect((await server.request('GET', `${ISSUES}.json?tag_ids=ui`, { auth: DEV })).status).toBe(422);
  });

  it('reads tag_ids sent in the array form like the comma-separated one', async () => {
    expect(await titles('?tag_ids[]=501&tag_ids[]=502')).toBe('AB');
    expect(await titles('?tag_ids[]=502')).toBe('B');
  });

  it('takes a blank filter value as the filter left out, defaults included', async () => {
    const all = await titles('');
    for (const name of [
      'status',
      'priority',
      'archived',
      'with_media',
      'created_after',
      'created_before',
      'updated_after',
      'updated_before',
      'raw',
      'tag_ids',
      'page',
      'per_page',
    ]) {
      expect(await titles(`?${name}=`), name).toBe(all);
    }
  });

  it('lists raw issues only when asked', async () => {
    expect(await titles('?raw=true')).toBe('G');
  });

  it('refuses more than 50 items in an array filter with 422', async () => {
    const query = Array.from({ length: 51 }, (_, i) => `status[]=s${i}`).join('&');
    const r = await server.request('GET', `${ISSUES}.json?${query}`, { auth: DEV });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatch(/50/);
    expect(
      (await server.request('GET', `${ISSUES}.json?${query.replace('&status[]=s50', '')}`, { auth: DEV })).status,
    ).toBe(200);
  });
});

describe('pagination', () => {
  it('clamps per_page above 100 to 100 and falls back to 25 for 0 or below, text or a repeat', async () => {
    for (const [value, expected] of [
      ['500', 100],
      ['0', 25],
      ['-3', 25],
      ['abc', 25],
      ['2', 2],
      ['2&per_page=3', 25],
      ['2&per_page[]=3', 25],
    ] as const) {
      const r = await server.request('GET', `${ISSUES}.json?per_page=${value}`, { auth: DEV });
      expect([value, r.status, r.body.pagination?.per_page]).toEqual([value, 200, expected]);
    }
  });

  it('pages through the results', async () => {
    const page2 = await server.request('GET', `${ISSUES}.json?per_page=2&page=2`, { auth: DEV });
    expect(page2.body.issues.map((i: { title: string }) => i.title)).toEqual(['C', 'B']);
    expect(page2.body.pagination).toEqual({ current_page: 2, per_page: 2, total_pages: 3, total_count: 5 });
    expect((await server.request('GET', `${ISSUES}.json?page=0`, { auth: DEV })).status).toBe(422);
  });
});

describe('visibility', () => {
  it('shows testers public issues plus their own', async () => {
    expect(await titles('', `Bearer ${PATS.tester}`)).toBe('ABCF');
    expect(await titles('?status=any', `Bearer ${PATS.tester}`)).toBe('ABCF');
  });

  it('hides reporters and lets non-team callers filter by their own id only', async () => {
    const owner = await memberId(server, 'Olivia Owner');
    expect(await titles(`?reported_by_id=${owner}`, `Bearer ${PATS.tester}`)).toBe('');
    const r = await server.request('GET', `${ISSUES}.json`, { auth: `Bearer ${PATS.tester}` });
    expect(r.body.issues.every((i: { reported_by: { id: null } }) => i.reported_by.id === null)).toBe(true);
  });

  it('needs can_list_issues on a project token', async () => {
    const r = await server.request('GET', `${ISSUES}.json`, { auth: 'FormUser tkn-nolist' });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('Not allowed to list issues.');
    expect(await titles('', BIG)).toBe('ABC');
  });

  itLocal(
    'ignores the release filter of non-team viewers on projects that hide releases',
    'reads or writes the database',
    async () => {
      server.deps.db.prepare("UPDATE projects SET hide_release_versions = 1 WHERE public_id = 'pr-1001'").run();
      try {
        expect(await titles('?release_id=latest', `Bearer ${PATS.tester}`)).toBe('ABCF');
        expect(await titles('?release_id=latest')).toBe('BC');
      } finally {
        server.deps.db.prepare("UPDATE projects SET hide_release_versions = 0 WHERE public_id = 'pr-1001'").run();
      }
    },
  );
});
