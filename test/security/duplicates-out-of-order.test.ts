// Duplicate detection after jobs ran out of order (a restart replays delayed jobs in any order):
// every duplicate still points at an issue that is not itself a duplicate.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { detectDuplicate } from '../../reference-server/src/areas/search/duplicate-detection.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { seedDocument } from '../helpers/seed.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server.close());

const REPORT = {
  title: 'Game crashes when opening the galaxy map',
  description: 'Opening the galaxy map crashes the game to desktop with an access violation.',
};
const MORE = `${REPORT.description} It happens only on the second monitor, right after the intro cutscene.`;

it('points every duplicate at a canonical issue when the later reports are judged first', async () => {
  const seed = seedDocument({
    project: {
      duplicate_detection: true,
      duplicate_threshold: 0.75,
      issues: [
        { key: 'first', ...REPORT, created_at: '2026-01-01T00:00:00.000Z' },
        // The later two are closer to each other than to the first: judged first, the last points at the middle.
        { key: 'second', ...REPORT, description: MORE, created_at: '2026-01-01T00:01:00.000Z' },
        { key: 'third', ...REPORT, description: MORE, created_at: '2026-01-01T00:02:00.000Z' },
      ],
    },
  });
  const ids = (await server.fixtures(seed)).issues;
  expect(detectDuplicate(server.deps, ids.third.id).duplicateOf).toBe(ids.second.id);
  expect(detectDuplicate(server.deps, ids.second.id).duplicateOf).toBe(ids.first.id);
  const rows = server.deps.db
    .prepare(
      `SELECT i.id, i.duplicate_of_issue_id, t.status AS target_status FROM issues i
      JOIN issues t ON t.id = i.duplicate_of_issue_id WHERE i.status = 'duplicate'`,
    )
    .all() as Array<{ id: number; duplicate_of_issue_id: number; target_status: string }>;
  expect(rows).toHaveLength(2);
  for (const row of rows) expect(row.target_status, `issue ${row.id}`).not.toBe('duplicate');
  expect(new Set(rows.map((r) => r.duplicate_of_issue_id))).toEqual(new Set([ids.first.id]));
});
