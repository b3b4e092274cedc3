// How the QA inbox finds the reports naming an issue ("Also reported by"), over real HTTP on a seeded server: across
// pages and both lists with the aggregation's count, capped and said so without it, and one call with no field.
import { expect, it } from 'vitest';
import { createApi, type Api } from '../../../reference-server/inbox/src/api.ts';
import { findSameProblemReports } from '../../../reference-server/inbox/src/same-problem.ts';
import { PATS, PROJECT_ID, PUBLIC_PROJECT_ID, seedDocument } from '../../helpers/seed.ts';
import { serveFile, server } from '../../helpers/file-server.ts';

const CANONICAL = 9000;
/** Named only by reports on the list's first page. */
const RECENT = 9001;
const at = (minute: number) => new Date(Date.UTC(2025, 5, 1, 8, minute)).toISOString();
/** 650 later reports, newest last: the list shows them newest first, 100 a page. */
const LATER = Array.from({ length: 650 }, (_, i) => ({
  id: 10_000 + i,
  title: `Later report ${i}`,
  description: 'Seen after the canonical one.',
  created_at: at(i + 1),
  // Near the top of the list, deep in it (page 7), archived, and one naming another issue.
  ...(i === 640 || i === 20 ? { custom: { glitchbox_same_as: `g-${CANONICAL}` } } : {}),
  ...(i === 600 ? { custom: { glitchbox_same_as: `g-${CANONICAL}` }, archived: true } : {}),
  ...(i === 630 ? { custom: { glitchbox_same_as: 'g-1' } } : {}),
  ...(i === 645 || i === 646 ? { custom: { glitchbox_same_as: `g-${RECENT}` } } : {}),
}));

serveFile({
  seed: seedDocument({
    project: {
      custom_fields: [{ ident: 'glitchbox_same_as', name: 'glitchbox_same_as', field_type: 'text' }],
      issues: [
        { id: CANONICAL, title: 'Docking clamps never release', description: 'The original.', created_at: at(0) },
        { id: RECENT, title: 'Music stops in the hangar', description: 'Another original.', created_at: at(0) },
        ...LATER,
      ],
    },
  }),
});

/** The inbox's own client, with each path it asks for written down. */
function counted(token: string, projectId = PROJECT_ID): { api: Api; asked: string[] } {
  const api = createApi(token, projectId, server.url);
  const asked: string[] = [];
  return {
    asked,
    api: {
      ...api,
      get: (path, query) => {
        asked.push(path.split('/').pop() ?? path);
        return api.get(path, query);
      },
    },
  };
}
const canonical = { id: CANONICAL, created_at: at(0) };
const ids = (found: Awaited<ReturnType<typeof findSameProblemReports>>) =>
  found.reports.map((r) => [r.issue.id, r.archived]);

it('finds every report naming the issue, archived ones marked, and stops at the aggregation count', async () => {
  const { api, asked } = counted(PATS.owner);
  const found = await findSameProblemReports(api, PROJECT_ID, canonical, true);
  expect(ids(found)).toEqual([
    [10_640, false],
    [10_600, true],
    [10_020, false],
  ]);
  expect(found).toMatchObject({ counted: 3, complete: true });
  // All seven pages of the list to reach the oldest, then one of the archived list, where the count is reached.
  expect(asked).toEqual([
    'custom_issue_fields.json',
    'custom_field_aggregations.json',
    ...Array(8).fill('issues.json'),
  ]);
});

it('reads no further than the page where the count is reached', async () => {
  const { api, asked } = counted(PATS.owner);
  const found = await findSameProblemReports(api, PROJECT_ID, { id: RECENT, created_at: at(0) }, true);
  expect(ids(found)).toEqual([
    [10_646, false],
    [10_645, false],
  ]);
  expect(asked).toEqual(['custom_issue_fields.json', 'custom_field_aggregations.json', 'issues.json']);
});

it('without bugs.merge reads five pages of each list and says there may be more', async () => {
  const { api, asked } = counted(PATS.support);
  const found = await findSameProblemReports(api, PROJECT_ID, canonical, false);
  // The oldest (page 7 of the list) is beyond the cap; the archived one is on the archived list's first page.
  expect(ids(found)).toEqual([
    [10_640, false],
    [10_600, true],
  ]);
  expect(found).toMatchObject({ counted: null, complete: false });
  expect(asked.filter((p) => p === 'issues.json')).toHaveLength(6);
});

it('asks nothing more of a project without the field', async () => {
  const { api, asked } = counted(PATS.owner, PUBLIC_PROJECT_ID);
  const found = await findSameProblemReports(api, PUBLIC_PROJECT_ID, { id: 1, created_at: at(0) }, true);
  expect(found).toEqual({ reports: [], counted: 0, complete: true });
  expect(asked).toEqual(['custom_issue_fields.json']);
});
