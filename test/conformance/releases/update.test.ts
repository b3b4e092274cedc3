// Release update, PATCH and PUT (docs/api/releases.md#the-release-object): fields, download links by id, added and
// destroyed, disabled links, attachments removed and added, every refusal and who may update.
import { describe, expect, it } from 'vitest';
import { stmt } from '../../../reference-server/src/db/database.ts';
import { storageFor } from '../../../reference-server/src/storage/storage.ts';
import { as, base, create, DEV, ids, serveReleases, server } from './fixtures.ts';
import { itLocal } from '../../helpers/local-only.ts';

serveReleases();

describe('PATCH/PUT /projects/{pid}/releases/{rid}.json', () => {
  it('updates fields, updates a link by id, adds one without id and removes one with _destroy', async () => {
    const created = await create({
      release: {
        label: '5.0',
        download_links_attributes: [
          { platform: 'windows', url: 'https://a.test/w' },
          { platform: 'mac', url: 'https://a.test/m' },
        ],
      },
    });
    const [win, mac] = created.body.download_links;
    await server.advance('1h');
    const r = await server.request('PATCH', `${base}/${created.body.id}.json`, {
      auth: DEV,
      json: {
        release: {
          label: '5.0.1',
          summary: 'Hotfix',
          description: 'Fixed the crash',
          download_links_attributes: [
            { id: win.id, url: 'https://a.test/w2', link_enabled: false },
            { id: mac.id, _destroy: true },
            { platform: 'linux', url: 'https://a.test/l' },
          ],
        },
      },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ label: '5.0.1', summary: 'Hotfix', description: 'Fixed the crash' });
    expect(r.body.updated_at > created.body.updated_at).toBe(true);
    expect(r.body.download_links).toEqual([
      { id: win.id, platform: 'windows', url: 'https://a.test/w2', link_enabled: false },
      { id: expect.any(Number), platform: 'linux', url: 'https://a.test/l', link_enabled: true },
    ]);
    const put = await server.request('PUT', `${base}/${created.body.id.slice(4)}`, {
      auth: DEV,
      json: { release: { summary: 'Via PUT' } },
    });
    expect(put.body).toMatchObject({ summary: 'Via PUT', label: '5.0.1' });
  });

  it('shows disabled links to release managers only', async () => {
    const created = await create({
      release: {
        label: '5.1',
        download_links_attributes: [
          { platform: 'windows', url: 'https://a.test/w', link_enabled: false },
          { platform: 'mac', url: 'https://a.test/m' },
        ],
      },
    });
    const seen = await server.request('GET', `${base}/${created.body.id}.json`, { auth: as('tester') });
    expect(seen.body.download_links.map((l: { platform: string }) => l.platform)).toEqual(['mac']);
  });

  itLocal('removes attachments by id and adds new ones', 'reads the database and the stored files', async () => {
    const form = new FormData();
    form.append('release[label]', '6.0');
    form.append('release[attachments][]', new File(['one'], 'one.txt'));
    form.append('release[attachments][]', new File(['two'], 'two.txt'));
    const created = await server.request('POST', `${base}.json`, { auth: DEV, multipart: form });
    const [first] = stmt(server.deps.db, 'SELECT id, storage_key FROM release_attachments ORDER BY id').all() as Array<{
      id: number;
      storage_key: string;
    }>;
    const update = new FormData();
    update.append('release[remove_attachments][]', String(first.id));
    update.append('release[attachments][]', new File(['three'], 'three.txt'));
    const r = await server.request('PATCH', `${base}/${created.body.id}.json`, { auth: DEV, multipart: update });
    expect(r.status).toBe(200);
    expect(r.body.attachments_count).toBe(2);
    expect(stmt(server.deps.db, 'SELECT filename FROM release_attachments ORDER BY id').pluck().all()).toEqual([
      'two.txt',
      'three.txt',
    ]);
    expect(await storageFor(server.deps).stat(first.storage_key)).toBeNull();
  });

  it('refuses unknown link and attachment ids, a taken label and a new link without a url with 422', async () => {
    const created = await create({ release: { label: '7.0' } });
    const patch = (release: unknown) =>
      server.request('PATCH', `${base}/${created.body.id}.json`, { auth: DEV, json: { release } });
    expect((await patch({ download_links_attributes: [{ id: 424242, url: 'https://x.test' }] })).body.error).toBe(
      'release.download_links_attributes.0.id: download link 424242 does not belong to this release.',
    );
    expect((await patch({ remove_attachments: [99] })).body.error).toBe(
      'release.remove_attachments: attachment 99 does not belong to this release.',
    );
    expect((await patch({ label: '1.0.0' })).status).toBe(422);
    const noUrl = await patch({ download_links_attributes: [{ platform: 'switch' }] });
    expect(noUrl.status).toBe(422);
    expect(noUrl.body.error).toMatch(/needs a platform and a url/);
    expect((await patch({ summary: 'x'.repeat(1001) })).status).toBe(422);
    expect(
      (await server.request('PATCH', `${base}/${created.body.id}.json`, { auth: DEV, json: { nothing: true } })).body
        .error,
    ).toBe('release: is required');
  });

  it('is 403 for a tester and 404 for an unknown release', async () => {
    expect(
      (
        await server.request('PATCH', `${base}/${ids['1.0.0']}.json`, {
          auth: as('tester'),
          json: { release: { summary: 'x' } },
        })
      ).status,
    ).toBe(403);
    expect(
      (await server.request('PATCH', `${base}/rel-999999.json`, { auth: DEV, json: { release: { summary: 'x' } } }))
        .status,
    ).toBe(404);
  });
});
