// A page of GET /projects/{pid}/issues reads its issues' custom values and media in one query each: every issue of
// the page must still render exactly as GET of that issue does, for the team and for a player, whichever way the
// page was read (few matches sorted from the covering index, or many walked newest first).
import { beforeAll, describe, expect, it } from 'vitest';
import { PNG } from '../../helpers/media.ts';
import { PATS } from '../../helpers/seed.ts';
import { serveFile, server } from '../../helpers/file-server.ts';
import { BIG, create, DESCRIPTION, ISSUES, withFields } from './fixtures.ts';
import { itLocal } from '../../helpers/local-only.ts';

serveFile({ seed: withFields() });
const DEV = `Bearer ${PATS.developer}`;
const TESTER = `Bearer ${PATS.tester}`;

function screenshot(privateToTeam: boolean): FormData {
  const data = new FormData();
  data.append('screenshot[image]', new Blob([PNG], { type: 'image/png' }), 'shot.png');
  if (privateToTeam) data.append('screenshot[developer_private]', '1');
  return data;
}

beforeAll(async () => {
  const customs = [
    { platform: 'PC', notes: 'first', internal: 'team only' },
    { areas: ['Map', 'Combat'], repro: true },
    {},
    { platform: 'Switch', spot: { client_map_id: 'cave', x: 1, y: 2 } },
  ];
  for (const [i, custom] of customs.entries()) {
    const r = await create(server, { description: `${DESCRIPTION} (${i})`, custom }, { auth: TESTER });
    expect(r.status).toBe(201);
    const path = `${ISSUES}/${r.body.scoped_id}`;
    if (i > 1) continue;
    const upload = await server.request('POST', `${path}/screenshots`, { auth: BIG, multipart: screenshot(i === 1) });
    expect(upload.status).toBe(201);
  }
});

describe('a page of the issue list', () => {
  for (const [who, auth] of [
    ['the team', DEV],
    ['the reporting player', TESTER],
  ] as const) {
    it(`renders each issue as GET of that issue does, for ${who}`, async () => {
      const list = await server.request('GET', `${ISSUES}.json?per_page=10`, { auth });
      expect(list.status).toBe(200);
      expect(list.body.issues).toHaveLength(4);
      for (const issue of list.body.issues) {
        const one = await server.request('GET', `${ISSUES}/${issue.scoped_id}.json`, { auth });
        expect(issue).toEqual(one.body);
      }
      const shots = list.body.issues.map((issue: { screenshots: unknown[] }) => issue.screenshots.length);
      expect(shots).toEqual(who === 'the team' ? [0, 0, 1, 1] : [0, 0, 0, 1]);
      const idents = (issue: { custom_fields: { ident: string }[] }) => issue.custom_fields.map((f) => f.ident);
      const internal = list.body.issues.flatMap(idents);
      expect(internal.includes('internal')).toBe(who === 'the team');
    });
  }

  itLocal(
    'renders the same page whether its rows come from the covering index or the newest-first walk',
    'writes the database',
    async () => {
      // More issues than the covering-index sort takes, so an unfiltered list walks; a filter on one reporter sorts.
      const project = server.deps.db.prepare('SELECT project_id, max(scoped_id) AS top FROM issues').get() as {
        project_id: number;
        top: number;
      };
      server.deps.db.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 520)
      INSERT INTO issues (project_id, scoped_id, title, description, status, priority, score, raw, steps, created_at,
        updated_at)
      SELECT ${project.project_id}, ${project.top} + i, 'Filler', 'filler', 'open', 'low', '0', 0, '[]',
        '2020-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z' FROM n`);
      const walked = await server.request('GET', `${ISSUES}.json?per_page=4`, { auth: DEV });
      const sorted = await server.request('GET', `${ISSUES}.json?per_page=4&priority=medium`, { auth: DEV });
      expect(walked.body.pagination.total_count).toBeGreaterThan(500);
      expect(sorted.body.pagination.total_count).toBe(4);
      expect(walked.body.issues).toEqual(sorted.body.issues);
    },
  );
});
