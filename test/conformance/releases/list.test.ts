// Release list (docs/api/releases.md#the-release-object, docs/api/releases.md#visibility-downloads-and-limits,
// docs/api-choices.md#roles-and-access): order and sort, drafts and archived releases for whom, the token flag,
// hidden release versions and callers outside the project.
import { describe, expect, it } from 'vitest';
import { Release } from '../../../widget/src/protocol/releases.ts';
import { TOKENS } from '../../helpers/seed.ts';
import { as, base, DEV, ids, reseed, serveReleases, server } from './fixtures.ts';

serveReleases();

describe('GET /projects/{pid}/releases.json', () => {
  it('lists published releases oldest first, rendered as the documented Release object', async () => {
    const r = await server.request('GET', `${base}.json`, { auth: as('tester') });
    expect(r.status).toBe(200);
    expect(r.body.map((x: Release) => x.label)).toEqual(['1.0.0', '1.1.0']);
    const release = Release.strict().parse(r.body[0]);
    expect(release).toMatchObject({
      id: ids['1.0.0'],
      status: 'published',
      active: true,
      release_type: 'regular',
      download_links: [],
      attachments_count: 0,
    });
    expect(Object.keys(r.body[0]).sort()).toEqual([
      'active',
      'attachments_count',
      'created_at',
      'description',
      'download_links',
      'id',
      'label',
      'release_type',
      'status',
      'summary',
      'updated_at',
    ]);
  });

  it('sorts newest first with sort=desc and refuses an unknown sort with 422', async () => {
    expect(
      (await server.request('GET', `${base}.json?sort=desc`, { auth: DEV })).body.map((x: Release) => x.label),
    ).toEqual(['1.1.0', '1.0.0']);
    const bad = await server.request('GET', `${base}.json?sort=sideways`, { auth: DEV });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toMatch(/^sort:/);
  });

  it('takes an empty sort, show_drafts or show_archived as left out: the defaults apply', async () => {
    const r = await server.request('GET', `${base}.json?sort=&show_drafts=&show_archived=`, { auth: DEV });
    expect(r.status).toBe(200);
    expect(r.body.map((x: Release) => x.label)).toEqual(['1.0.0', '1.1.0']);
  });

  it('adds drafts with show_drafts for developers only, archived with show_archived for the team only', async () => {
    await reseed({
      releases: [
        { label: '1.0.0' },
        { label: '1.1.0' },
        { label: '2.0-draft', status: 'draft' },
        { label: '0.9', status: 'archived' },
      ],
    });
    const labels = async (query: string, auth: string) =>
      (await server.request('GET', `${base}.json?${query}`, { auth })).body.map((x: Release) => x.label);
    expect(await labels('show_drafts=true', DEV)).toEqual(['1.0.0', '1.1.0', '2.0-draft']);
    expect(await labels('show_drafts=true', as('tester'))).toEqual(['1.0.0', '1.1.0']);
    expect(await labels('show_drafts=true', as('support'))).toEqual(['1.0.0', '1.1.0']);
    expect(await labels('show_archived=true', as('support'))).toEqual(['1.0.0', '1.1.0', '0.9']);
    expect(await labels('show_archived=true', as('tester'))).toEqual(['1.0.0', '1.1.0']);
    expect(await labels('show_archived=true&show_drafts=true', as('owner'))).toEqual([
      '1.0.0',
      '1.1.0',
      '2.0-draft',
      '0.9',
    ]);
  });

  it('needs can_read_release_list for a project token (403 without it)', async () => {
    expect((await server.request('GET', `${base}.json`, { auth: `FormUser ${TOKENS.all}` })).status).toBe(200);
    const refused = await server.request('GET', `${base}.json`, { auth: `FormUser ${TOKENS.none}` });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Not allowed to read the release list.');
  });

  it('hides every release from players when the project hides release versions', async () => {
    await reseed({ hide_release_versions: true });
    expect((await server.request('GET', `${base}.json`, { auth: as('tester') })).body).toEqual([]);
    expect((await server.request('GET', `${base}.json`, { auth: `FormUser ${TOKENS.all}` })).body).toEqual([]);
    expect((await server.request('GET', `${base}/${ids['1.0.0']}.json`, { auth: as('tester') })).status).toBe(404);
    expect((await server.request('GET', `${base}.json`, { auth: as('support') })).body).toHaveLength(2);
  });

  it('is 401 for an anonymous caller and 403 for a non-member of the private project', async () => {
    expect((await server.request('GET', `${base}.json`, { auth: 'FormUser anonymous' })).status).toBe(401);
    expect((await server.request('GET', `${base}.json`, { auth: as('outsider') })).status).toBe(403);
  });
});
