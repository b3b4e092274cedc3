// Feature request search (docs/api/submissions.md#choices-we-made): prefix and typo matching, the statuses it
// leaves out, skip_ids, partial, scoped_id, the votes sum, POST bodies, /__admin/reset and a missing query.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeatureRequest, FeatureRequestSearchResponse } from '../../../widget/src/protocol/feature-requests.ts';
import {
  findFeatureRequestByPathId,
  setFeatureRequestStatus,
} from '../../../reference-server/src/areas/feature-requests/repository.ts';
import { findProjectByPublicId } from '../../../reference-server/src/areas/projects-auth/repository.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { PATS, PROJECT_ID } from '../../helpers/seed.ts';
import { path, seed, TOKEN } from './fixtures.ts';
import { isRemote, itLocal } from '../../helpers/local-only.ts';

describe('feature request search', () => {
  let local: TestServer;
  const search = (query: string, auth = TOKEN) =>
    local.request('GET', `/projects/${PROJECT_ID}/feature_requests/search.json?${query}`, { auth });
  beforeAll(async () => {
    local = await startTestServer({ seed: seed() });
    const ideas = [
      'Dark mode for the menus',
      'Inventory sorting by weight',
      'Dark matter weapon',
      'Darker nights option',
      'Dark cockpit theme',
      'Dark hangar lighting',
      'Hidden dark draft',
      'Pending dark idea',
      'Rejected dark idea',
      'Muted dark idea',
      'Duplicate dark idea',
      'Split dark idea',
    ];
    for (const description of ideas)
      await local.request('POST', path(), { auth: TOKEN, json: { feature_request: { description } } });
    // The API cannot set these statuses: the tests that read them are local-only.
    if (isRemote) return;
    const project = findProjectByPublicId(local.deps.db, PROJECT_ID)!;
    const now = new Date().toISOString();
    ['hidden', 'pending_moderation', 'rejected', 'muted', 'duplicate', 'split'].forEach((status, i) => {
      setFeatureRequestStatus(
        local.deps.db,
        findFeatureRequestByPathId(local.deps.db, project.id, String(7 + i))!.id,
        status,
        now,
      );
    });
  });
  afterAll(() => local.close());

  it('matches words with the last one as a prefix and answers the full shape', async () => {
    const r = await search('query=dark%20mo');
    expect(r.status).toBe(200);
    const body = FeatureRequestSearchResponse.parse(r.body);
    expect('feature_requests' in body && body.feature_requests.map((f) => f.title)).toEqual([
      'Dark mode for the menus',
    ]);
    expect(r.body).toMatchObject({
      sort: 'relevance',
      project_id: PROJECT_ID,
      votes: 0,
      voted: false,
      pagination: { current_page: 1, per_page: 25, total_count: 1 },
    });
    expect(Object.keys(r.body.feature_requests[0])).toEqual(
      expect.arrayContaining(['id', 'title', 'status', 'created_at']),
    );
  });

  it('tolerates a typo', async () => {
    const r = await search('query=invertory');
    expect(r.body.feature_requests.map((f: { title: string }) => f.title)).toEqual(['Inventory sorting by weight']);
  });

  itLocal(
    'omits hidden, pending_moderation, rejected, muted, duplicate, split requests, even for the team',
    'sets statuses the API cannot set, in the database',
    async () => {
      const r = await search('query=dark', `Bearer ${PATS.owner}`);
      expect(r.body.feature_requests.map((f: { status: string }) => f.status)).toEqual([
        'open',
        'open',
        'open',
        'open',
        'open',
      ]);
    },
  );

  itLocal('skips skip_ids given plain or with fr-', 'sets statuses the API cannot set, in the database', async () => {
    const r = await search('query=dark&skip_ids=1,fr-3');
    expect(r.body.feature_requests.map((f: { id: number }) => f.id).sort()).toEqual([4, 5, 6]);
    expect((await search('query=dark&skip_ids=x1')).status).toBe(422);
  });

  itLocal(
    'does not cap the JSON answer at 4 with partial=true (the cap of 4 is for HTML autocomplete only)',
    'sets statuses the API cannot set, in the database',
    async () => {
      const r = await search('query=dark&partial=true');
      expect(r.status).toBe(200);
      expect(r.body.feature_requests).toHaveLength(5);
      expect(r.body.pagination).toMatchObject({ current_page: 1, per_page: 25, total_count: 5 });
    },
  );

  it('answers one request for scoped_id, plain or fr-, and 404 for an unknown one', async () => {
    for (const id of ['2', 'fr-2']) {
      const r = await search(`scoped_id=${id}`);
      expect(r.status).toBe(200);
      expect(FeatureRequest.parse(r.body).title).toBe('Inventory sorting by weight');
    }
    expect((await search('scoped_id=fr-999')).status).toBe(404);
  });

  it('counts the votes of the matches and whether the caller voted for one', async () => {
    await local.request('POST', path(), {
      auth: `Bearer ${PATS.tester}`,
      json: { feature_request: { description: 'Nebula racing mode' } },
    });
    const mine = await search('query=nebula', `Bearer ${PATS.tester}`);
    expect(mine.body).toMatchObject({ votes: 1, voted: true });
    expect((await search('query=nebula')).body).toMatchObject({ votes: 1, voted: false });
  });

  it('takes the same parameters in a POST body', async () => {
    const r = await local.request('POST', `/projects/${PROJECT_ID}/feature_requests/search.json`, {
      auth: TOKEN,
      json: { query: 'weight' },
    });
    expect(r.body.feature_requests.map((f: { id: number }) => f.id)).toEqual([2]);
  });

  it('empties the index with /__admin/reset and numbers from 1 again', async () => {
    const other = await startTestServer({ seed: seed() });
    try {
      await other.request('POST', path(), {
        auth: TOKEN,
        json: { feature_request: { description: 'Before the reset' } },
      });
      await other.request('GET', `/projects/${PROJECT_ID}/feature_requests/search.json?query=reset`, { auth: TOKEN });
      expect((await other.request('POST', '/__admin/reset')).status).toBeLessThan(300);
      await other.fixtures(seed());
      const after = await other.request('POST', path(), {
        auth: TOKEN,
        json: { feature_request: { description: 'After the reset' } },
      });
      expect(after.body.id).toBe(1);
      const found = await other.request('GET', `/projects/${PROJECT_ID}/feature_requests/search.json?query=reset`, {
        auth: TOKEN,
      });
      expect(found.body.feature_requests.map((f: { title: string }) => f.title)).toEqual(['After the reset']);
    } finally {
      await other.close();
    }
  });

  it('is 400 without a query', async () => {
    expect((await search('')).status).toBe(400);
    expect(
      (await local.request('POST', `/projects/${PROJECT_ID}/feature_requests/search.json`, { auth: TOKEN, json: {} }))
        .status,
    ).toBe(400);
  });
});
