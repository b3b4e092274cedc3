// Feature request list and show (docs/api/submissions.md#choices-we-made, docs/api-choices.md#pagination): sort=top
// and new, the statuses each caller sees, pages and bad parameters; the three path id forms and hidden drafts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeatureRequestListResponse } from '../../../widget/src/protocol/feature-requests.ts';
import {
  addFeatureRequestVote,
  findFeatureRequestByPathId,
  setFeatureRequestStatus,
} from '../../../reference-server/src/areas/feature-requests/repository.ts';
import { insertUser } from '../../../reference-server/src/areas/projects-auth/users-repository.ts';
import { findProjectByPublicId } from '../../../reference-server/src/areas/projects-auth/repository.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { PATS, PROJECT_ID } from '../../helpers/seed.ts';
import { create, dbRow, path, seed, serveFeatureRequests, server, TOKEN } from './fixtures.ts';
import { describeLocal, itLocal } from '../../helpers/local-only.ts';

serveFeatureRequests();

describeLocal('GET /projects/{id}/feature_requests.json', 'writes votes and statuses in the database', () => {
  let local: TestServer;
  beforeAll(async () => {
    local = await startTestServer({ seed: seed() });
    for (const description of ['Oldest idea here', 'Middle idea here', 'Newest idea here']) {
      await local.request('POST', path(), { auth: TOKEN, json: { feature_request: { description } } });
      await local.advance('1m');
    }
    const project = findProjectByPublicId(local.deps.db, PROJECT_ID)!;
    const middle = findFeatureRequestByPathId(local.deps.db, project.id, '2')!;
    const now = new Date().toISOString();
    for (let i = 0; i < 3; i += 1)
      addFeatureRequestVote(
        local.deps.db,
        middle.id,
        insertUser(local.deps.db, { name: `v${i}`, created_at: now }).id,
        now,
      );
    await local.request('POST', path(), {
      auth: TOKEN,
      json: { feature_request: { description: 'Hidden draft idea' }, draft: true },
    });
    await local.request('POST', path(), {
      auth: TOKEN,
      json: { feature_request: { description: 'Rejected idea here' } },
    });
    setFeatureRequestStatus(
      local.deps.db,
      findFeatureRequestByPathId(local.deps.db, project.id, '5')!.id,
      'rejected',
      now,
    );
  });
  afterAll(() => local.close());

  it('orders by votes with sort=top (the default) and by date with sort=new, public statuses only', async () => {
    const top = await local.request('GET', path(), { auth: TOKEN });
    expect(top.status).toBe(200);
    const parsed = FeatureRequestListResponse.parse(top.body);
    expect(parsed.feature_requests.map((f) => f.title)).toEqual([
      'Middle idea here',
      'Newest idea here',
      'Oldest idea here',
    ]);
    expect(parsed).toMatchObject({
      sort: 'top',
      project_id: PROJECT_ID,
      pagination: { current_page: 1, per_page: 25, total_pages: 1, total_count: 3 },
    });
    const fresh = await local.request('GET', `${path()}?sort=new`, { auth: TOKEN });
    expect(fresh.body.feature_requests.map((f: { title: string }) => f.title)).toEqual([
      'Newest idea here',
      'Middle idea here',
      'Oldest idea here',
    ]);
  });

  it('shows the team every status, and the moderation views to the team only', async () => {
    const team = await local.request('GET', `${path()}?sort=new`, { auth: `Bearer ${PATS.developer}` });
    expect(team.body.pagination.total_count).toBe(5);
    const rejected = await local.request('GET', `${path()}?sort=rejected`, { auth: `Bearer ${PATS.support}` });
    expect(rejected.body.feature_requests.map((f: { status: string }) => f.status)).toEqual(['rejected']);
    expect((await local.request('GET', `${path()}?sort=rejected`, { auth: TOKEN })).status).toBe(403);
  });

  it('pages by 25 and refuses an unknown sort or page 0 with 422', async () => {
    const page2 = await local.request('GET', `${path()}?page=2`, { auth: TOKEN });
    expect(page2.body).toMatchObject({ feature_requests: [], pagination: { current_page: 2, total_count: 3 } });
    expect((await local.request('GET', `${path()}?sort=hot`, { auth: TOKEN })).status).toBe(422);
    expect((await local.request('GET', `${path()}?page=0`, { auth: TOKEN })).status).toBe(422);
  });
});

describe('GET /projects/{id}/feature_requests/{id}.json', () => {
  itLocal('finds a request by scoped id, fr-<scoped> and g-<id>', 'reads the global id in the database', async () => {
    const created = await create({ feature_request: { description: 'Show me three ways' } });
    const row = dbRow(PROJECT_ID, created.body.id);
    for (const id of [`${row.scoped_id}`, `fr-${row.scoped_id}`, `g-${row.id}`]) {
      const r = await server.request('GET', `/projects/${PROJECT_ID}/feature_requests/${id}.json`, { auth: TOKEN });
      expect(r.status).toBe(200);
      expect(r.body.title).toBe('Show me three ways');
    }
  });

  it('is 404 for an unknown id and for a draft the caller does not own', async () => {
    expect(
      (await server.request('GET', `/projects/${PROJECT_ID}/feature_requests/99999.json`, { auth: TOKEN })).status,
    ).toBe(404);
    expect(
      (await server.request('GET', `/projects/${PROJECT_ID}/feature_requests/nope.json`, { auth: TOKEN })).status,
    ).toBe(404);
    const draft = await create(
      { feature_request: { description: 'Secret draft idea' }, draft: true },
      `Bearer ${PATS.tester}`,
    );
    expect(
      (await server.request('GET', `/projects/${PROJECT_ID}/feature_requests/${draft.body.id}.json`, { auth: TOKEN }))
        .status,
    ).toBe(404);
    expect(
      (
        await server.request('GET', `/projects/${PROJECT_ID}/feature_requests/${draft.body.id}.json`, {
          auth: `Bearer ${PATS.tester}`,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await server.request('GET', `/projects/${PROJECT_ID}/feature_requests/${draft.body.id}.json`, {
          auth: `Bearer ${PATS.support}`,
        })
      ).status,
    ).toBe(200);
  });
});
