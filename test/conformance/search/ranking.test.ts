// Issue search ranks from in-memory term counts (docs/api/search.md#how-search-works): what was written a moment ago
// counts at the next search. A created issue is ranked by its words, an edited one by its new words, a published draft
// appears for a player's token, a hidden or deleted one is gone, each with total_count following.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { PATS, PROJECT_ID, seedDocument, TOKENS } from '../../helpers/seed.ts';
import { itLocal } from '../../helpers/local-only.ts';

const ISSUES = `/projects/${PROJECT_ID}/issues`;
const DEV = `Bearer ${PATS.developer}`;
/** The widget's kind of caller: a project token that may list issues, not the team. */
const PLAYER = `FormUser ${TOKENS.all}`;

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer({ seed: false });
  await server.fixtures(
    seedDocument({
      project: {
        issues: [
          { title: 'Cargo hold lights flicker', description: 'The cargo hold lights flicker after a jump.' },
          { title: 'Cargo manifest shows wrong weight', description: 'Cargo weighs double in the manifest.' },
          { title: 'Radar shows ghost ships', description: 'Ghost ships appear on the radar near gates.' },
          { title: 'Hatch sound missing', description: 'No sound when a hatch opens.' },
          ...Array.from({ length: 20 }, (_, i) => ({
            title: `Cargo crate ${i + 1} clips through the floor`,
            description: `Crate ${i + 1} falls through the hold floor.`,
          })),
        ],
      },
    }),
  );
});

afterEach(async () => {
  await server.close();
});

async function search(query: string, auth = PLAYER) {
  const r = await server.request('GET', `${ISSUES}/search.json?partial=true&query=${encodeURIComponent(query)}`, {
    auth,
  });
  expect(r.status).toBe(200);
  return { titles: (r.body.issues as { title: string }[]).map((i) => i.title), total: r.body.pagination.total_count };
}

async function create(title: string, description: string, draft = false) {
  const r = await server.request('POST', `${ISSUES}.json`, {
    auth: PLAYER,
    json: { issue: { title, description }, ...(draft ? { draft: true } : {}) },
  });
  expect(r.status).toBe(201);
  return r.body as { id: number; scoped_id: number; token?: string };
}

describe('issue search ranks what was written a moment ago', () => {
  it('ranks an issue created a moment ago first when its words fit the query best', async () => {
    const before = await search('cargo hatch jams');
    await create('Cargo hatch jams shut', 'The cargo hatch jams shut and the hold cannot be unloaded.');
    const after = await search('cargo hatch jams');
    expect(after.titles[0]).toBe('Cargo hatch jams shut');
    expect(after.titles.slice(1)).toEqual(before.titles.slice(0, after.titles.length - 1));
    expect((await search('cargo hatch')).titles[0]).toBe('Cargo hatch jams shut');
  });

  it('ranks an edited issue by its new words at the next search', async () => {
    expect((await search('radar ghost')).titles[0]).toBe('Radar shows ghost ships');
    const lights = (await server.request('GET', `${ISSUES}.json?per_page=100`, { auth: DEV })).body.issues.find(
      (i: { title: string }) => i.title === 'Cargo hold lights flicker',
    );
    const edit = await server.request('PATCH', `${ISSUES}/${lights.scoped_id}.json`, {
      auth: DEV,
      json: { issue: { title: 'Radar ghost ghost ghost', description: 'Radar ghosts everywhere.' } },
    });
    expect(edit.status).toBe(200);
    expect((await search('radar ghost')).titles).toEqual(['Radar ghost ghost ghost', 'Radar shows ghost ships']);
    expect((await search('lights flicker')).total).toBe(0);
  });

  itLocal(
    "shows a player's draft only once it is published, and no longer once it is deleted",
    'deletes a row in the database',
    async () => {
      const draft = await create('Hatch sticks half open', 'The airlock hatch sticks half open on every dock.', true);
      const hidden = await search('hatch sticks');
      expect(hidden.titles).not.toContain('Hatch sticks half open');
      const published = await server.request('POST', `${ISSUES}/g-${draft.id}/publish`, {
        auth: `Bearer ${draft.token}`,
      });
      expect(published.status).toBe(200);
      const shown = await search('hatch sticks');
      expect(shown.titles[0]).toBe('Hatch sticks half open');
      expect(shown.total).toBe(hidden.total + 1);
      server.deps.db.prepare('DELETE FROM issues WHERE id = ?').run(draft.id);
      expect(await search('hatch sticks')).toEqual(hidden);
    },
  );
});
