// Releases (docs/api/releases.md, its state table docs/api/releases.md#states, docs/api-choices.md#global-rules,
// docs/api-choices.md#operation-paths, docs/api-choices.md#roles-and-access): list, create, show, update, delete,
// download info, publish, archive, restore; permissions and bad input. Over 300 lines: one file per resource, so every
// operation and every state move of the release table sit together with the shared reseed helper.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stmt } from '../../../reference-server/src/db/database.ts';
import { storageFor } from '../../../reference-server/src/storage/storage.ts';
import { Release } from '../../../widget/src/protocol/releases.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { PATS, PROJECT_ID, TOKENS, seedDocument } from '../../helpers/seed.ts';

let server: TestServer;
let ids: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server.close());
beforeEach(async () => {
  await reseed();
});

async function reseed(project: Record<string, unknown> = {}) {
  await server.request('POST', '/__admin/reset');
  ids = server.fixtures(seedDocument({ project })).releases;
}

const base = `/projects/${PROJECT_ID}/releases`;
const as = (who: keyof typeof PATS) => `Bearer ${PATS[who]}`;
const DEV = as('developer');
const notifications = async () =>
  (await server.request('GET', '/__admin/notifications')).body.notifications as Array<{
    event: string;
    recipient_user_id: number;
    data: Record<string, unknown>;
  }>;
const count = (sql: string, ...params: unknown[]) =>
  stmt(server.deps.db, sql)
    .pluck()
    .get(...params) as number;

async function create(json: unknown, auth = DEV) {
  return server.request('POST', `${base}.json`, { auth, json });
}

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

  it('stores multipart attachments and counts them', async () => {
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
    const other = server.fixtures({
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

  it('removes attachments by id and adds new ones', async () => {
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

describe('DELETE /projects/{pid}/releases/{rid}.json', () => {
  it('deletes a release with its download links and attachments', async () => {
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
  });

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

describe('GET /projects/{pid}/releases/{rid}/download.json', () => {
  beforeEach(async () => {
    await reseed({
      releases: [
        {
          label: '1.0.0',
          download_links: [
            { platform: 'windows', url: 'https://cdn.test/game.exe' },
            { platform: 'linux', url: 'https://cdn.test/game.tgz', link_enabled: false },
          ],
        },
      ],
    });
  });

  it('counts the download and redirects with 302 to the link', async () => {
    const r = await server.request('GET', `${base}/${ids['1.0.0']}/download.json?platform=windows`, {
      auth: as('tester'),
    });
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('https://cdn.test/game.exe');
    await server.request('GET', `${base}/${ids['1.0.0']}/download?platform=Windows`, {
      auth: `FormUser ${TOKENS.all}`,
    });
    const info = await server.request('GET', `${base}/${ids['1.0.0']}/download.json`, { auth: as('tester') });
    expect(info.body).toEqual({ available_platforms: [{ platform: 'windows', download_count: 2 }] });
  });

  it('takes an empty platform as left out and answers the available platforms', async () => {
    const r = await server.request('GET', `${base}/${ids['1.0.0']}/download.json?platform=`, { auth: as('tester') });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ available_platforms: [{ platform: 'windows', download_count: 0 }] });
  });

  it('is 404 for a platform without a link and 422 for a disabled one', async () => {
    const unknown = await server.request('GET', `${base}/${ids['1.0.0']}/download.json?platform=amiga`, {
      auth: as('tester'),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/no download for the platform amiga/);
    const disabled = await server.request('GET', `${base}/${ids['1.0.0']}/download.json?platform=linux`, {
      auth: as('tester'),
    });
    expect(disabled.status).toBe(422);
  });

  it('still serves players when the project hides release versions, and needs the read flag for tokens', async () => {
    await reseed({
      hide_release_versions: true,
      releases: [{ label: '1.0.0', download_links: [{ platform: 'windows', url: 'https://cdn.test/game.exe' }] }],
    });
    expect(
      (await server.request('GET', `${base}/${ids['1.0.0']}/download.json?platform=windows`, { auth: as('tester') }))
        .status,
    ).toBe(302);
    expect(
      (await server.request('GET', `${base}/${ids['1.0.0']}/download.json`, { auth: `FormUser ${TOKENS.none}` }))
        .status,
    ).toBe(403);
  });
});

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
