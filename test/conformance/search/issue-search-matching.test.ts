// Issue search matching (docs/api/search.md#how-search-works, docs/api-choices.md#visibility): typo tolerance by word
// length, the last word as a prefix, word forms, title above description, total_count of what the caller may see,
// raw issues never found, the answer's shape, and the scoped_id lookup.
import { describe, expect, it } from 'vitest';
import { Issue } from '../../../widget/src/protocol/issues.ts';
import { searchIssuesResponse } from '../../../widget/src/protocol/search.ts';
import { PATS, TOKENS } from '../../helpers/seed.ts';
import { ids, search, serveIssueSearch, titles } from './fixtures.ts';

serveIssueSearch();

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
