// Direct upload, step 3: confirm_upload (docs/api/media.md#direct-upload, docs/api/media.md#records-and-visibility):
// the raw record it answers, idempotence, bytes that never arrived, unknown, foreign and expired blob_signed_ids and
// the purge job, an annotation layer, a confirm after the URL expired, and video marked processed.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfirmUploadResponse, MediaList } from '../../../widget/src/protocol/media.ts';
import { startTestServer } from '../../helpers/server.ts';
import { PATS } from '../../helpers/seed.ts';
import { PNG, declare, directUpload, makeIssue, putDirect } from '../../helpers/media.ts';
import { DEV, presign, serveMedia, server, TOKEN } from './fixtures.ts';
import { itLocal } from '../../helpers/local-only.ts';

serveMedia();

describe('confirm_upload', () => {
  it('answers 201 with the raw columns of a screenshot and no URL', async () => {
    const issue = await makeIssue(server, { reporterPat: PATS.tester });
    const r = await directUpload(server, issue.path, 'screenshots', PNG, {
      filename: 'a.png',
      type: 'image/png',
      auth: `Bearer ${PATS.tester}`,
      confirm: { name: 'docking.png' },
    });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body).sort()).toEqual([
      'created_at',
      'description',
      'developer_private',
      'id',
      'issue_id',
      'media_size_bytes',
      'status',
      'updated_at',
      'user_id',
    ]);
    expect(ConfirmUploadResponse.parse(r.body)).toMatchObject({
      issue_id: issue.id,
      media_size_bytes: PNG.byteLength,
      developer_private: false,
      description: 'Screenshot of "Ship explodes on docking"',
    });
    const list = MediaList.parse((await server.request('GET', `${issue.path}/screenshots.json`, { auth: DEV })).body);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: r.body.id,
      filename: 'docking.png',
      content_type: 'image/png',
      user: { name: 'Tess Tester' },
    });
  });

  it('is idempotent: the same blob_signed_id answers the same record and creates nothing', async () => {
    const issue = await makeIssue(server);
    const p = await presign(issue.path, 'log_files', declare(PNG, 'a.log', 'text/plain'));
    await putDirect(p.body.direct_upload_url, p.body.headers, PNG);
    const confirm = () =>
      server.request('POST', `${issue.path}/log_files/confirm_upload`, {
        auth: TOKEN,
        json: { blob_signed_id: p.body.blob_signed_id },
      });
    const first = await confirm();
    const second = await confirm();
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect((await server.request('GET', `${issue.path}/log_files`, { auth: DEV })).body).toHaveLength(1);
  });

  it('answers 422 when the bytes never arrived', async () => {
    const issue = await makeIssue(server);
    const p = await presign(issue.path, 'screenshots', declare(PNG, 'a.png', 'image/png'));
    const r = await server.request('POST', `${issue.path}/screenshots/confirm_upload`, {
      auth: TOKEN,
      json: { blob_signed_id: p.body.blob_signed_id },
    });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({
      error: 'The file has not been uploaded yet: PUT the bytes to the direct_upload_url first.',
    });
  });

  it('answers 404 for an unknown blob_signed_id, one of another issue or kind, and 400 without one', async () => {
    const issue = await makeIssue(server);
    const other = await makeIssue(server);
    const p = await presign(other.path, 'screenshots', declare(PNG, 'a.png', 'image/png'));
    await putDirect(p.body.direct_upload_url, p.body.headers, PNG);
    const confirm = (path: string, media: string, json: unknown) =>
      server.request('POST', `${path}/${media}/confirm_upload`, { auth: TOKEN, json });
    expect((await confirm(issue.path, 'screenshots', { blob_signed_id: 'bs_forged' })).status).toBe(404);
    expect((await confirm(issue.path, 'screenshots', { blob_signed_id: p.body.blob_signed_id })).status).toBe(404);
    expect((await confirm(other.path, 'log_files', { blob_signed_id: p.body.blob_signed_id })).status).toBe(404);
    // The integer blob_id sent in its place is an invalid blob_signed_id too (404, docs/api/media.md#direct-upload).
    const numeric = await confirm(other.path, 'screenshots', { blob_signed_id: p.body.blob_id });
    expect(numeric.status).toBe(404);
    expect(numeric.body).toEqual({ error: 'Invalid or expired blob_signed_id.' });
    const missing = await confirm(issue.path, 'screenshots', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'Missing required parameter: blob_signed_id.' });
  });

  itLocal(
    'answers 404 for an expired blob_signed_id, and the purge job removes the unconfirmed bytes',
    'reads the storage directory',
    async () => {
      const local = await startTestServer();
      try {
        const issue = await makeIssue(local);
        const p = await local.request('POST', `${issue.path}/screenshots/presigned_upload`, {
          auth: TOKEN,
          json: declare(PNG, 'a.png', 'image/png'),
        });
        await putDirect(p.body.direct_upload_url, p.body.headers, PNG);
        const objects = join(local.deps.config.storageDir, 'objects');
        expect(readdirSync(objects)).toHaveLength(1);
        await local.advance('23h');
        expect(await local.runJobs()).toBe(0);
        await local.advance('2h');
        const r = await local.request('POST', `${issue.path}/screenshots/confirm_upload`, {
          auth: TOKEN,
          json: { blob_signed_id: p.body.blob_signed_id },
        });
        expect(r.status).toBe(404);
        expect(r.body).toEqual({ error: 'Invalid or expired blob_signed_id.' });
        expect(await local.runJobs()).toBe(1);
        expect(readdirSync(objects)).toEqual([]);
      } finally {
        await local.close();
      }
    },
  );

  it('attaches an annotation layer confirmed with layer_a_blob_signed_id, sized image plus layer', async () => {
    const issue = await makeIssue(server);
    const marks = new Uint8Array([...PNG, 0, 0, 0, 0, 0]);
    const layer = await presign(issue.path, 'screenshots', declare(marks, 'layer.png', 'image/png'));
    await putDirect(layer.body.direct_upload_url, layer.body.headers, marks);
    const r = await directUpload(server, issue.path, 'screenshots', PNG, {
      filename: 'shot.png',
      type: 'image/png',
      auth: TOKEN,
      confirm: { layer_a_blob_signed_id: layer.body.blob_signed_id },
    });
    expect(r.status).toBe(201);
    expect(r.body.media_size_bytes).toBe(PNG.byteLength + marks.byteLength);
    const [shot] = (await server.request('GET', `${issue.path}/screenshots`, { auth: DEV })).body;
    expect(shot).toMatchObject({
      filename: 'shot.png',
      layer_a_filename: 'layer.png',
      layer_a_url: expect.stringMatching(/\/cdn\/[A-Za-z0-9_-]+$/),
      media_size_bytes: PNG.byteLength + marks.byteLength,
      size_bytes: PNG.byteLength + marks.byteLength,
    });
    const fetched = await fetch(shot.layer_a_url);
    expect(fetched.status).toBe(200);
    expect(new Uint8Array(await fetched.arrayBuffer())).toEqual(marks);
    const reuse = await server.request('POST', `${issue.path}/screenshots/confirm_upload`, {
      auth: TOKEN,
      json: { blob_signed_id: layer.body.blob_signed_id },
    });
    expect(reuse.status).toBe(422);
  });

  it('confirms after the 5-minute upload URL has expired, as long as the bytes arrived in time', async () => {
    const issue = await makeIssue(server);
    const p = await presign(issue.path, 'screenshots', {
      ...declare(PNG, 'a.png', 'image/png'),
      developer_private: true,
    });
    expect((await putDirect(p.body.direct_upload_url, p.body.headers, PNG)).status).toBe(200);
    await server.advance('10m');
    const r = await server.request('POST', `${issue.path}/screenshots/confirm_upload`, {
      auth: TOKEN,
      json: { blob_signed_id: p.body.blob_signed_id },
    });
    expect(r.status).toBe(201);
    expect(r.body.developer_private).toBe(true);
  });

  it('marks a direct video upload processed at confirmation', async () => {
    const issue = await makeIssue(server);
    const bytes = new Uint8Array(64).fill(3);
    const r = await directUpload(server, issue.path, 'video_clips', bytes, {
      filename: 'clip.mov',
      type: 'video/quicktime',
      auth: TOKEN,
    });
    expect(r.body).toMatchObject({ processing: false, processed: true, failed: false });
  });
});
