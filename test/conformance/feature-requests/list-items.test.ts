// The members the service's read-only API client copies from each feature request of a list
// (id, title, description, status, votes, voted, is_duplicate, duplicates_count, user, dates, url),
// on the list, show and search-by-id answers (docs/api/submissions.md#choices-we-made).
import { beforeAll, describe, expect, it } from 'vitest';
import {
  findFeatureRequestByPathId,
  setFeatureRequestStatus,
} from '../../../reference-server/src/areas/feature-requests/repository.ts';
import { findProjectByPublicId } from '../../../reference-server/src/areas/projects-auth/repository.ts';
import { PATS, PROJECT_ID, TOKENS } from '../../helpers/seed.ts';
import { serveFile, server } from '../../helpers/file-server.ts';
import { itLocal } from '../../helpers/local-only.ts';

serveFile();
const P = `/projects/${PROJECT_ID}/feature_requests`;
const developer = `Bearer ${PATS.developer}`;

beforeAll(async () => {
  for (const description of ['A photo mode with filters and a hidden HUD.', 'Let me rebind every key on the pad.'])
    await server.request('POST', `${P}.json`, {
      auth: `FormUser ${TOKENS.all}`,
      json: { feature_request: { description } },
    });
});

const CLIENT_MEMBERS = [
  'id',
  'title',
  'description',
  'status',
  'votes',
  'voted',
  'is_duplicate',
  'duplicates_count',
  'user',
  'created_at',
  'updated_at',
  'url',
];

describe('feature request list items', () => {
  it('carries every member the API client reads, with is_duplicate false and duplicates_count 0', async () => {
    const r = await server.request('GET', `${P}.json?sort=new`, { auth: `FormUser ${TOKENS.all}` });
    expect(r.status).toBe(200);
    expect(r.body.feature_requests).toHaveLength(2);
    for (const item of r.body.feature_requests) {
      for (const member of CLIENT_MEMBERS) expect(item).toHaveProperty(member);
      expect(item).toMatchObject({ is_duplicate: false, duplicates_count: 0 });
    }
  });

  itLocal(
    'says is_duplicate true for a request in the duplicate status, in the team view and on show',
    'sets a status the API cannot set, in the database',
    async () => {
      const project = findProjectByPublicId(server.deps.db, PROJECT_ID)!;
      const row = findFeatureRequestByPathId(server.deps.db, project.id, '2')!;
      setFeatureRequestStatus(server.deps.db, row.id, 'duplicate', new Date().toISOString());
      const view = await server.request('GET', `${P}.json?sort=duplicates`, { auth: developer });
      expect(
        view.body.feature_requests.map((f: { scoped_id: number; is_duplicate: boolean }) => [
          f.scoped_id,
          f.is_duplicate,
        ]),
      ).toEqual([[2, true]]);
      const shown = await server.request('GET', `${P}/fr-2.json`, { auth: developer });
      expect(shown.body).toMatchObject({ status: 'duplicate', is_duplicate: true, duplicates_count: 0 });
      const other = await server.request('GET', `${P}/search.json?scoped_id=1`, { auth: developer });
      expect(other.body).toMatchObject({ scoped_id: 1, is_duplicate: false, duplicates_count: 0 });
    },
  );
});
