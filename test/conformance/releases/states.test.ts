// The release state table (docs/api/releases.md#states): publish, archive and restore, each move it lists and the
// ones it does not, the last published release, notifications, and who may move a release.
import { describe, expect, it } from 'vitest';
import type { Release } from '../../../widget/src/protocol/releases.ts';
import { TOKENS } from '../../helpers/seed.ts';
import { as, base, create, DEV, ids, notifications, reseed, serveReleases, server } from './fixtures.ts';

serveReleases();

describe('release state table', () => {
  const post = (id: string, action: string, auth = DEV) =>
    server.request('POST', `${base}/${id}/${action}.json`, { auth });

  it('draft → published by publish: visible to all and members notified', async () => {
    const draft = await create({ release: { label: '9.0' }, save_draft: '1' });
    const r = await post(draft.body.id, 'publish');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'published', active: true });
    expect((await notifications()).filter((n) => n.event === 'release_published')).toHaveLength(4);
    expect((await server.request('GET', `${base}/${draft.body.id}.json`, { auth: as('tester') })).status).toBe(200);
  });

  it('published → published by publish: idempotent, no change and no notification', async () => {
    const before = (await server.request('GET', `${base}/${ids['1.1.0']}.json`, { auth: DEV })).body;
    await server.advance('1h');
    const r = await post(ids['1.1.0'], 'publish');
    expect(r.status).toBe(200);
    expect(r.body).toEqual(before);
    expect(await notifications()).toEqual([]);
  });

  it('published → archived by archive while another published release remains; active false', async () => {
    const r = await post(ids['1.0.0'], 'archive');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'archived', active: false });
    expect(
      (await server.request('GET', `${base}.json`, { auth: as('tester') })).body.map((x: Release) => x.label),
    ).toEqual(['1.1.0']);
  });

  it('refuses to archive the only published release with 422', async () => {
    await post(ids['1.0.0'], 'archive');
    const r = await post(ids['1.1.0'], 'archive');
    expect(r.status).toBe(422);
    expect(r.body.error).toBe('At least one other published release must remain; this is the only published release.');
  });

  it('archived → published by restore', async () => {
    await post(ids['1.0.0'], 'archive');
    const r = await post(ids['1.0.0'], 'restore');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'published', active: true });
  });

  it('refuses moves the table does not list with 422', async () => {
    await reseed({
      releases: [
        { label: '1.0.0' },
        { label: '1.1.0' },
        { label: 'd', status: 'draft' },
        { label: 'a', status: 'archived' },
      ],
    });
    expect((await post(ids.d, 'archive')).body.error).toBe(
      'Only a published release can be archived; this one is draft.',
    );
    expect((await post(ids.a, 'archive')).status).toBe(422);
    expect((await post(ids.d, 'restore')).body.error).toBe(
      'Only an archived release can be restored; this one is draft.',
    );
    expect((await post(ids['1.0.0'], 'restore')).status).toBe(422);
    expect((await post(ids.a, 'publish')).body.error).toBe(
      'An archived release is brought back with restore, not publish.',
    );
  });

  it('needs project.releases.manage for every transition (403) and answers 404 for an unknown release', async () => {
    for (const action of ['publish', 'archive', 'restore']) {
      expect((await post(ids['1.0.0'], action, as('tester'))).status).toBe(403);
      expect((await post(ids['1.0.0'], action, `FormUser ${TOKENS.all}`)).status).toBe(403);
      expect((await post('rel-999999', action)).status).toBe(404);
    }
  });

  it('refuses a tester on a draft with 403 and hides the draft from support with 404', async () => {
    const draft = await create({ release: { label: 'secret' }, save_draft: true });
    expect((await post(draft.body.id, 'publish', as('tester'))).status).toBe(403);
    expect((await server.request('GET', `${base}/${draft.body.id}.json`, { auth: as('support') })).status).toBe(404);
  });
});
