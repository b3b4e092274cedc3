// Release show (docs/api/releases.md#visibility-downloads-and-limits, docs/api-choices.md#path-ids): rel-<n> and
// bare ids, unknown ids and other projects' releases, archived releases for whom, the token flag.
import { describe, expect, it } from 'vitest';
import { TOKENS } from '../../helpers/seed.ts';
import { as, base, DEV, ids, reseed, serveReleases, server } from './fixtures.ts';

serveReleases();

describe('GET /projects/{pid}/releases/{rid}.json', () => {
  it('accepts rel-<n> and a bare <n>', async () => {
    const n = ids['1.1.0'].slice(4);
    expect((await server.request('GET', `${base}/${ids['1.1.0']}.json`, { auth: as('tester') })).body.label).toBe(
      '1.1.0',
    );
    expect((await server.request('GET', `${base}/${n}`, { auth: as('tester') })).body.id).toBe(ids['1.1.0']);
  });

  it('is 404 for an unknown id, a malformed id and a release of another project', async () => {
    for (const id of ['rel-999999', 'release-1', 'g-1']) {
      expect((await server.request('GET', `${base}/${id}.json`, { auth: DEV })).status).toBe(404);
    }
    const other = await server.fixtures({
      users: [],
      organizations: [{ key: 'o2', name: 'O2', admins: [] }],
      projects: [
        {
          key: 'p2',
          name: 'P2',
          organization: 'o2',
          access: 'public',
          modules: [],
          platforms: [],
          min_description_length: 0,
          min_suggestion_length: 0,
          releases: [{ label: 'x' }],
        },
      ],
    } as never);
    expect((await server.request('GET', `${base}/${other.releases.x}.json`, { auth: as('siteAdmin') })).status).toBe(
      404,
    );
  });

  it('is 404 for an archived release shown to a tester, 200 for the team', async () => {
    await reseed({ releases: [{ label: '1.0.0' }, { label: '0.9', status: 'archived' }] });
    expect((await server.request('GET', `${base}/${ids['0.9']}.json`, { auth: as('tester') })).status).toBe(404);
    expect((await server.request('GET', `${base}/${ids['0.9']}.json`, { auth: as('support') })).body.status).toBe(
      'archived',
    );
  });

  it('needs can_read_release_list for a project token', async () => {
    expect(
      (await server.request('GET', `${base}/${ids['1.0.0']}.json`, { auth: `FormUser ${TOKENS.none}` })).status,
    ).toBe(403);
    expect(
      (await server.request('GET', `${base}/${ids['1.0.0']}.json`, { auth: `FormUser ${TOKENS.all}` })).status,
    ).toBe(200);
  });
});
