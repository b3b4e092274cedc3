// Deleted records keep their ids to themselves (migrations 21 and 51, reference-server/src/db/retired-ids.ts): a
// later upload, release or link never takes the id of one a DELETE removed, so a repeated DELETE (a retry after a
// lost answer) answers 404 instead of removing the newer record; /__admin/reset starts ids at 1 again.
import { describe, expect, it } from 'vitest';
import { PATS, PROJECT_ID } from '../../helpers/seed.ts';
import { startTestServer } from '../../helpers/server.ts';
import { serveFile, server } from '../../helpers/file-server.ts';

serveFile();

const OWNER = `Bearer ${PATS.owner}`;
const releases = `/projects/${PROJECT_ID}/releases`;

async function newIssuePath(): Promise<string> {
  const r = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
    auth: OWNER,
    json: { issue: { description: 'The cargo bay door stays shut after docking.' } },
  });
  expect(r.status).toBe(201);
  return `/projects/${PROJECT_ID}/issues/g-${r.body.id}`;
}

const uploadLog = (issuePath: string, text: string) =>
  server.request('POST', `${issuePath}/log_files`, { auth: OWNER, form: { 'log_file[contents]': text } });

describe('ids of deleted records', () => {
  it('gives a new attachment a new id, so repeating the DELETE of the last one is 404 and keeps the new one', async () => {
    const issue = await newIssuePath();
    const first = await uploadLog(issue, 'first log');
    expect((await server.request('DELETE', `${issue}/log_files/${first.body.id}.json`, { auth: OWNER })).status).toBe(
      200,
    );
    const second = await uploadLog(issue, 'second log');
    expect(second.status).toBe(201);
    expect(second.body.id).toBeGreaterThan(first.body.id);
    const retry = await server.request('DELETE', `${issue}/log_files/${first.body.id}.json`, { auth: OWNER });
    expect(retry.status).toBe(404);
    const listed = (await server.request('GET', `${issue}/log_files.json`, { auth: OWNER })).body;
    expect(listed.map((a: { id: number }) => a.id)).toEqual([second.body.id]);
  });

  it('gives a new release a new rel- id: the deleted one stays 404 and a repeated DELETE removes nothing', async () => {
    const made = await server.request('POST', `${releases}.json`, {
      auth: OWNER,
      json: { release: { label: '2.0.0-rc' }, save_draft: true },
    });
    expect(made.status).toBe(201);
    expect((await server.request('DELETE', `${releases}/${made.body.id}.json`, { auth: OWNER })).status).toBe(200);
    const next = await server.request('POST', `${releases}.json`, {
      auth: OWNER,
      json: { release: { label: '2.0.0' }, save_draft: true },
    });
    expect(next.body.id).not.toBe(made.body.id);
    expect((await server.request('GET', `${releases}/${made.body.id}.json`, { auth: OWNER })).status).toBe(404);
    expect((await server.request('DELETE', `${releases}/${made.body.id}.json`, { auth: OWNER })).status).toBe(404);
    expect((await server.request('GET', `${releases}/${next.body.id}.json`, { auth: OWNER })).body.label).toBe('2.0.0');
  });

  it('gives a new download link a new id after the last one was removed', async () => {
    const made = await server.request('POST', `${releases}.json`, {
      auth: OWNER,
      json: {
        release: {
          label: '2.1.0',
          download_links_attributes: [
            { platform: 'windows', url: 'https://cdn.example.com/w.zip', link_enabled: true },
          ],
        },
        save_draft: true,
      },
    });
    const [link] = made.body.download_links;
    const patched = await server.request('PATCH', `${releases}/${made.body.id}.json`, {
      auth: OWNER,
      json: {
        release: {
          download_links_attributes: [
            { id: link.id, _destroy: true },
            { platform: 'linux', url: 'https://cdn.example.com/l.tar.gz', link_enabled: true },
          ],
        },
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.download_links).toHaveLength(1);
    expect(patched.body.download_links[0].id).toBeGreaterThan(link.id);
  });

  it('starts ids at 1 again after /__admin/reset', async () => {
    const local = await startTestServer({ seed: false });
    const doc = {
      users: [{ key: 'owner', name: 'Olivia Owner', pat: 'pat-reset-owner' }],
      organizations: [{ key: 'studio', name: 'Pixel Forge', admins: [] }],
      projects: [
        {
          key: 'game',
          id: PROJECT_ID,
          name: 'Star Courier',
          organization: 'studio',
          members: [{ user: 'owner', role: 'owner' }],
        },
      ],
    } as never;
    const auth = 'Bearer pat-reset-owner';
    const create = (label: string) =>
      local.request('POST', `${releases}.json`, { auth, json: { release: { label }, save_draft: true } });
    try {
      await local.fixtures(doc);
      for (const label of ['1.0.0', '1.1.0']) expect((await create(label)).status).toBe(201);
      expect((await local.request('DELETE', `${releases}/rel-2.json`, { auth })).status).toBe(200);
      expect((await create('1.2.0')).body.id).toBe('rel-3');
      expect((await local.request('POST', '/__admin/reset')).status).toBe(200);
      await local.fixtures(doc);
      expect((await create('1.0.0')).body.id).toBe('rel-1');
    } finally {
      await local.close();
    }
  });
});
