// Release delete (docs/api/releases.md#states): links, attachments and stored bytes go with it; drafts and archived
// releases; the only published release and a release with issues stay, with 422; a tester is refused.
import { describe, expect, it } from 'vitest';
import { stmt } from '../../../reference-server/src/db/database.ts';
import { storageFor } from '../../../reference-server/src/storage/storage.ts';
import { as, base, count, DEV, ids, reseed, serveReleases, server } from './fixtures.ts';
import { itLocal } from '../../helpers/local-only.ts';

serveReleases();

describe('DELETE /projects/{pid}/releases/{rid}.json', () => {
  itLocal(
    'deletes a release with its download links and attachments',
    'reads the database and the stored files',
    async () => {
      const form = new FormData();
      form.append('release[label]', '8.0');
      form.append('release[download_links_attributes][][platform]', 'windows');
      form.append('release[download_links_attributes][][url]', 'https://a.test/w');
      form.append('release[attachments][]', new File(['bytes'], 'a.bin'));
      const created = await server.request('POST', `${base}.json`, { auth: DEV, multipart: form });
      expect(created.body.download_links).toHaveLength(1);
      const key = stmt(server.deps.db, 'SELECT storage_key FROM release_attachments').pluck().get() as string;
      const r = await server.request('DELETE', `${base}/${created.body.id}.json`, { auth: DEV });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ success: true, message: 'Release 8.0 was deleted.' });
      expect(count('SELECT count(*) FROM release_download_links')).toBe(0);
      expect(count('SELECT count(*) FROM release_attachments')).toBe(0);
      expect(await storageFor(server.deps).stat(key)).toBeNull();
      expect((await server.request('GET', `${base}/${created.body.id}.json`, { auth: DEV })).status).toBe(404);
    },
  );

  it('deletes a draft and an archived release', async () => {
    await reseed({
      releases: [{ label: '1.0.0' }, { label: 'd', status: 'draft' }, { label: 'a', status: 'archived' }],
    });
    expect((await server.request('DELETE', `${base}/${ids.d}.json`, { auth: DEV })).status).toBe(200);
    expect((await server.request('DELETE', `${base}/${ids.a}.json`, { auth: DEV })).status).toBe(200);
  });

  it('refuses to delete the only published release with 422', async () => {
    await reseed({ releases: [{ label: '1.0.0' }, { label: 'd', status: 'draft' }] });
    const r = await server.request('DELETE', `${base}/${ids['1.0.0']}.json`, { auth: DEV });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ error: 'The only published release cannot be deleted.', success: false });
  });

  it('refuses to delete a release with issues assigned with 422', async () => {
    await reseed({ issues: [{ title: 'Crash', description: 'It crashes on start', release: '1.0.0' }] });
    const r = await server.request('DELETE', `${base}/${ids['1.0.0']}.json`, { auth: DEV });
    expect(r.status).toBe(422);
    expect(r.body.error).toBe('The release has 1 issue assigned and cannot be deleted.');
  });

  it('is 403 for a tester', async () => {
    expect((await server.request('DELETE', `${base}/${ids['1.0.0']}.json`, { auth: as('tester') })).status).toBe(403);
  });
});
