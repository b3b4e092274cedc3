// Release create (docs/api/releases.md#the-release-object, docs/api-choices.md#global-rules): a published release and
// its notifications, drafts, form and multipart bodies with links and attachments, bad input naming the field, a
// taken label and project.releases.manage.
import { describe, expect, it } from 'vitest';
import { stmt } from '../../../reference-server/src/db/database.ts';
import { storageFor } from '../../../reference-server/src/storage/storage.ts';
import { Release } from '../../../widget/src/protocol/releases.ts';
import { TOKENS } from '../../helpers/seed.ts';
import { as, base, create, DEV, notifications, reseed, serveReleases, server } from './fixtures.ts';
import { itLocal } from '../../helpers/local-only.ts';

serveReleases();

describe('POST /projects/{pid}/releases.json', () => {
  it('creates a published release with download links and notifies every project member', async () => {
    const r = await create({
      release: {
        label: '2.0.0',
        summary: 'Big one',
        description: 'Lots of fixes',
        download_links_attributes: [{ platform: 'windows', url: 'https://cdn.test/win.zip', link_enabled: true }],
      },
    });
    expect(r.status).toBe(201);
    expect(Release.parse(r.body)).toMatchObject({
      label: '2.0.0',
      summary: 'Big one',
      status: 'published',
      active: true,
      download_links: [{ platform: 'windows', url: 'https://cdn.test/win.zip', link_enabled: true }],
    });
    expect(r.body.id).toMatch(/^rel-\d+$/);
    const sent = (await notifications()).filter((n) => n.event === 'release_published');
    expect(sent).toHaveLength(4);
    expect(new Set(sent.map((n) => n.recipient_user_id)).size).toBe(4);
    expect(sent[0].data).toMatchObject({ release_id: r.body.id, label: '2.0.0' });
  });

  it('creates a draft with save_draft, visible to developers only and notifying no one', async () => {
    const r = await create({ release: { label: '2.1-beta' }, save_draft: true });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status: 'draft', active: false });
    expect(await notifications()).toEqual([]);
    expect((await server.request('GET', `${base}/${r.body.id}.json`, { auth: DEV })).status).toBe(200);
    expect((await server.request('GET', `${base}/${r.body.id}.json`, { auth: as('tester') })).status).toBe(404);
  });

  it('accepts a form body with Rails-style link records and form booleans', async () => {
    // Records are sent field by field, in order, as Rails clients do.
    const ordered = new URLSearchParams();
    for (const [platform, url, enabled] of [
      ['mac', 'https://cdn.test/m', 'true'],
      ['linux', 'https://cdn.test/l', 'false'],
    ]) {
      ordered.append('release[download_links_attributes][][platform]', platform);
      ordered.append('release[download_links_attributes][][url]', url);
      ordered.append('release[download_links_attributes][][link_enabled]', enabled);
    }
    ordered.append('release[label]', '3.1');
    ordered.append('release[send_images_separately]', '1');
    ordered.append('save_draft', 'True');
    const second = await server.request('POST', `${base}.json`, {
      auth: DEV,
      raw: ordered.toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(second.status).toBe(201);
    expect(second.body.status).toBe('draft');
    expect(
      second.body.download_links.map((l: { platform: string; link_enabled: boolean }) => [l.platform, l.link_enabled]),
    ).toEqual([
      ['mac', true],
      ['linux', false],
    ]);
  });

  itLocal('stores multipart attachments and counts them', 'reads the database and the stored files', async () => {
    const form = new FormData();
    form.append('release[label]', '4.0');
    form.append('release[attachments][]', new File(['patch notes'], 'notes.txt', { type: 'text/plain' }));
    form.append('release[attachments][]', new File([new Uint8Array([1, 2, 3])], 'shot.png', { type: 'image/png' }));
    const r = await server.request('POST', `${base}.json`, { auth: DEV, multipart: form });
    expect(r.status).toBe(201);
    expect(r.body.attachments_count).toBe(2);
    const rows = stmt(server.deps.db, 'SELECT * FROM release_attachments ORDER BY id').all() as Array<{
      storage_key: string;
      filename: string;
      byte_size: number;
    }>;
    expect(rows.map((a) => [a.filename, a.byte_size])).toEqual([
      ['notes.txt', 11],
      ['shot.png', 3],
    ]);
    expect(await storageFor(server.deps).stat(rows[0].storage_key)).toEqual({ size: 11 });
  });

  it.each([
    [{ release: {} }, /^release\.label: is required/],
    [{}, /^release: is required/],
    [{ release: { label: '   ' } }, /^release\.label: must not be blank/],
    [{ release: { label: 'x'.repeat(201) } }, /^release\.label:/],
    [
      { release: { label: 'ok', download_links_attributes: [{ platform: 'windows', url: 'not a url' }] } },
      /^release\.download_links_attributes\.0\.url: must be an http or https URL/,
    ],
    [
      { release: { label: 'ok', download_links_attributes: [{ url: 'https://a.test' }] } },
      /^release\.download_links_attributes\.0\.platform/,
    ],
    [
      {
        release: {
          label: 'ok',
          download_links_attributes: [
            { platform: 'win', url: 'https://a' },
            { platform: 'WIN', url: 'https://b' },
          ],
        },
      },
      /platform WIN has more than one download link/,
    ],
    [{ release: { label: 'ok' }, save_draft: 'maybe' }, /^save_draft:/],
  ])('refuses bad input with 422 naming the field (%j)', async (json, message) => {
    const r = await create(json);
    expect(r.status).toBe(422);
    expect(r.body.error).toMatch(message);
  });

  it('refuses a label already used in the project with 422', async () => {
    const r = await create({ release: { label: '1.0.0' } });
    expect(r.status).toBe(422);
    expect(r.body.error).toBe('release.label: 1.0.0 has already been taken in this project.');
  });

  it('needs project.releases.manage: 403 for support, tester, a project token, a member lacking it', async () => {
    for (const auth of [as('support'), as('tester'), `FormUser ${TOKENS.all}`]) {
      const r = await create({ release: { label: 'nope' } }, auth);
      expect(r.status).toBe(403);
    }
    await reseed({ members: [{ user: 'developer', role: 'developer', scopes: ['bugs.update'] }] });
    const scoped = await create({ release: { label: 'nope' } });
    expect(scoped.status).toBe(403);
    expect(scoped.body.error).toBe('You do not have the project.releases.manage permission on this project.');
    expect((await create({ release: { label: 'by-org-admin' } }, as('orgAdmin'))).status).toBe(201);
  });
});
