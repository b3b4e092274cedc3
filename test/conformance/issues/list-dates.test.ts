// The issue list's date filters read only real dates (docs/api/issues.md#list-filters): an impossible day or a
// bare number is 422, not a date the parser rolled over or guessed; a time without a zone is read as UTC.
import { beforeAll, describe, expect, it } from 'vitest';
import { PATS, PROJECT_ID } from '../../helpers/seed.ts';
import { serveFile, server } from '../../helpers/file-server.ts';

// The server runs in this process: a zone far from UTC makes a zone-less time read as local time show.
process.env.TZ = 'Pacific/Auckland';

serveFile();
const OWNER = `Bearer ${PATS.owner}`;

async function count(query: string) {
  const r = await server.request('GET', `/projects/${PROJECT_ID}/issues.json?${query}`, { auth: OWNER });
  return { status: r.status, total: r.body.pagination?.total_count as number | undefined, error: r.body.error };
}

beforeAll(async () => {
  const clock = await server.request('POST', '/__admin/clock', { json: { set: '2026-03-01T12:00:00.000Z' } });
  expect(clock.status).toBe(200);
  const r = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
    auth: OWNER,
    json: { issue: { description: 'The map screen stays black after loading a save.' } },
  });
  expect(r.status).toBe(201);
});

describe('issue list date filters', () => {
  it('refuses a day the month does not have with 422 instead of rolling it into the next month', async () => {
    // 2026-02-30 would otherwise be read as 2026-03-02 and hide the issue of 2026-03-01.
    for (const value of ['2026-02-30', '2026-02-29', '2026-04-31', '2026-02-30T10:00:00Z']) {
      const r = await count(`created_after=${value}`);
      expect(r.status, value).toBe(422);
      expect(r.error).toMatch(/created_after/);
    }
  });

  it('refuses what is not a date or a time: a bare number, a month name, an hour past 23', async () => {
    for (const value of ['1', '2026', 'March 1, 2026', '2026-03-01T24:00:00Z', '2026-03-01T10:61:00Z']) {
      expect((await count(`updated_before=${encodeURIComponent(value)}`)).status, value).toBe(422);
    }
  });

  it('still takes real dates and times, with an offset, a space for the T, or no seconds', async () => {
    expect(await count('created_after=2026-03-01')).toMatchObject({ status: 200, total: 1 });
    expect(await count('created_before=2026-02-28')).toMatchObject({ status: 200, total: 0 });
    expect(await count(`created_after=${encodeURIComponent('2026-03-01T13:00:00+02:00')}`)).toMatchObject({ total: 1 });
    expect(await count(`created_after=${encodeURIComponent('2026-03-01 12:00')}`)).toMatchObject({ total: 1 });
    expect(await count('created_after=2028-02-29')).toMatchObject({ status: 200, total: 0 });
  });

  it('reads a time without a zone as UTC, as every timestamp of the API is', async () => {
    // Created at 12:00 UTC and a few milliseconds: read in Auckland (UTC+13) these would be 23:00 the day before.
    expect(await count('created_after=2026-03-01T12:00:05')).toMatchObject({ status: 200, total: 0 });
    expect(await count('created_before=2026-03-01T12:00:05.5')).toMatchObject({ status: 200, total: 1 });
  });
});
