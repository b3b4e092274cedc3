// Direct upload (docs/api/media.md#direct-upload, docs/api/media.md#limits-and-types,
// docs/api-choices.md#roles-and-access, docs/api-choices.md#storage-and-media-urls): presign, the storage PUT
// and confirm, with every refusal.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfirmUploadResponse, MediaList, PresignedUploadResponse } from '../../../widget/src/protocol/media.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { PATS, TOKENS } from '../../helpers/seed.ts';
import { PNG, declare, directUpload, makeIssue, md5, putDirect } from '../../helpers/media.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const TOKEN = `FormUser ${TOKENS.all}`;
const DEV = `Bearer ${PATS.developer}`;
const storedObjects = () => readdirSync(join(server.deps.config.storageDir, 'objects'));
const tempFiles = () => readdirSync(join(server.deps.config.storageDir, 'tmp'));

async function presign(path: string, media: string, body: unknown, auth = TOKEN) {
  return server.request('POST', `${path}/${media}/presigned_upload`, { auth, json: body });
}

describe('presigned_upload', () => {
  it('signs a URL on the storage endpoint with the Content-Type and Content-MD5 to send', async () => {
    const issue = makeIssue(server);
    const r = await presign(issue.path, 'screenshots', declare(PNG, 'shot.png', 'image/png'));
    expect(r.status).toBe(200);
    const body = PresignedUploadResponse.parse(r.body);
    expect(body.direct_upload_url).toMatch(new RegExp(`^${server.url}/storage/direct/[A-Za-z0-9_-]{20,}$`));
    expect(body.headers).toEqual({ 'Content-Type': 'image/png', 'Content-MD5': md5(PNG) });
    expect(body.blob_signed_id).toMatch(/^bs_[A-Za-z0-9_-]{30,}$/);
  });

  it('refuses missing parameters with 400, naming them', async () => {
    const issue = makeIssue(server);
    const r = await presign(issue.path, 'log_files', { filename: 'a.log', content_type: 'text/plain' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: 'Missing required parameters: byte_size, checksum.' });
  });

  it("refuses a content type outside the kind's allow-list with 422", async () => {
    const issue = makeIssue(server);
    const gif = await presign(issue.path, 'screenshots', { ...declare(PNG, 'a.gif', 'image/gif') });
    expect(gif.status).toBe(422);
    expect(gif.body.error).toMatch(/image\/gif is not allowed for screenshots/);
    expect((await presign(issue.path, 'video_clips', declare(PNG, 'a.png', 'image/png'))).status).toBe(422);
    expect((await presign(issue.path, 'log_files', declare(PNG, 'a.exe', 'application/x-msdownload'))).status).toBe(
      422,
    );
  });

  it('accepts any content type for binary files, and the log types with octet-stream as fallback', async () => {
    const issue = makeIssue(server);
    expect(
      (await presign(issue.path, 'binary_files', declare(PNG, 'save.weird', 'application/x-my-save'))).status,
    ).toBe(200);
    expect((await presign(issue.path, 'log_files', declare(PNG, 'a.json', 'application/json'))).status).toBe(200);
    expect((await presign(issue.path, 'log_files', declare(PNG, 'a.bin', 'application/octet-stream'))).status).toBe(
      200,
    );
  });

  it("refuses a file over the kind's size cap with 422 (10, 50, 50, 500 MB)", async () => {
    const issue = makeIssue(server);
    const MB = 1024 * 1024;
    const over = async (media: string, type: string, size: number) =>
      (await presign(issue.path, media, { filename: 'f', byte_size: size, checksum: md5(PNG), content_type: type }))
        .status;
    expect(await over('screenshots', 'image/png', 10 * MB)).toBe(200);
    expect(await over('screenshots', 'image/png', 10 * MB + 1)).toBe(422);
    expect(await over('log_files', 'text/plain', 50 * MB + 1)).toBe(422);
    expect(await over('binary_files', 'application/zip', 50 * MB + 1)).toBe(422);
    expect(await over('video_clips', 'video/mp4', 500 * MB)).toBe(200);
    expect(await over('video_clips', 'video/mp4', 500 * MB + 1)).toBe(422);
  });

  it('refuses a checksum that is not a base64 MD5 with 422', async () => {
    const issue = makeIssue(server);
    const r = await presign(issue.path, 'screenshots', {
      ...declare(PNG, 'a.png', 'image/png'),
      checksum: 'd41d8cd98f00b204e9800998ecf8427e',
    });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatch(/checksum/);
  });

  it('refuses a negative or non-numeric byte_size with 422 naming the fault', async () => {
    const issue = makeIssue(server);
    const refusal = async (byte_size: unknown) => {
      const r = await presign(issue.path, 'screenshots', { ...declare(PNG, 'a.png', 'image/png'), byte_size });
      return [r.status, r.body.error];
    };
    expect(await refusal(-1)).toEqual([422, 'byte_size: must not be negative']);
    for (const value of ['lots', 1.5, '12kb'])
      expect(await refusal(value)).toEqual([422, 'byte_size: must be a whole number of bytes']);
  });

  it('refuses the upload past the per-issue count cap with 422 (3 video clips)', async () => {
    const issue = makeIssue(server);
    const clip = new Uint8Array([0, 0, 0, 8, 0x66, 0x72, 0x65, 0x65]);
    for (let i = 0; i < 3; i += 1)
      expect(
        (
          await directUpload(server, issue.path, 'video_clips', clip, {
            filename: `c${i}.mp4`,
            type: 'video/mp4',
            auth: TOKEN,
          })
        ).status,
      ).toBe(201);
    const r = await presign(issue.path, 'video_clips', declare(clip, 'c4.mp4', 'video/mp4'));
    expect(r.status).toBe(422);
    expect(r.body.error).toMatch(/maximum of 3 video clips/);
  });

  it('counts the cap again at confirmation, so presigning ahead cannot pass it', async () => {
    const issue = makeIssue(server);
    const signed = [];
    for (let i = 0; i < 11; i += 1) {
      const bytes = new TextEncoder().encode(`log ${i}`);
      const p = await presign(issue.path, 'log_files', declare(bytes, `l${i}.txt`, 'text/plain'));
      expect((await putDirect(p.body.direct_upload_url, p.body.headers, bytes)).status).toBe(200);
      signed.push(p.body.blob_signed_id);
    }
    const statuses = [];
    for (const id of signed)
      statuses.push(
        (
          await server.request('POST', `${issue.path}/log_files/confirm_upload`, {
            auth: TOKEN,
            json: { blob_signed_id: id },
          })
        ).status,
      );
    expect(statuses).toEqual([...Array(10).fill(201), 422]);
  });
});

describe('the storage PUT', () => {
  it('stores the bytes and answers 200 with the MD5 as ETag', async () => {
    const issue = makeIssue(server);
    const p = await presign(issue.path, 'screenshots', declare(PNG, 'a.png', 'image/png'));
    const put = await putDirect(p.body.direct_upload_url, p.body.headers, PNG);
    expect(put.status).toBe(200);
    expect(put.headers.get('etag')).toBe(`"${Buffer.from(md5(PNG), 'base64').toString('hex')}"`);
  });

  it('answers 400 BadDigest when the body does not match the checksum, and keeps nothing', async () => {
    const issue = makeIssue(server);
    const p = await presign(issue.path, 'binary_files', declare(PNG, 'a.bin', 'application/octet-stream'));
    const before = storedObjects().length;
    const tampered = PNG.slice();
    tampered[10] ^= 0xff;
    const put = await putDirect(p.body.direct_upload_url, p.body.headers, tampered);
    expect(put.status).toBe(400);
    expect(await put.json()).toEqual({
      error: 'The Content-MD5 you specified did not match what we received.',
      code: 'BadDigest',
    });
    expect(storedObjects().length).toBe(before);
    expect(tempFiles()).toEqual([]);
    const confirm = await server.request('POST', `${issue.path}/binary_files/confirm_upload`, {
      auth: TOKEN,
      json: { blob_signed_id: p.body.blob_signed_id },
    });
    expect(confirm.status).toBe(422);
  });

  it('answers 403 once the URL is older than 5 minutes by the server clock', async () => {
    const issue = makeIssue(server);
    const p = await presign(issue.path, 'screenshots', declare(PNG, 'a.png', 'image/png'));
    await server.advance('5m');
    const put = await putDirect(p.body.direct_upload_url, p.body.headers, PNG);
    expect(put.status).toBe(403);
    expect(await put.json()).toMatchObject({ code: 'AccessDenied', error: expect.stringMatching(/expired/) });
  });

  it('answers 403 SignatureDoesNotMatch when Content-Type, Content-MD5 or length differ from the signed', async () => {
    const issue = makeIssue(server);
    const p = await presign(issue.path, 'screenshots', declare(PNG, 'a.png', 'image/png'));
    const changedType = await putDirect(
      p.body.direct_upload_url,
      { ...p.body.headers, 'Content-Type': 'image/jpeg' },
      PNG,
    );
    expect(changedType.status).toBe(403);
    expect(await changedType.json()).toMatchObject({
      code: 'SignatureDoesNotMatch',
      error: expect.stringMatching(/Content-Type/),
    });
    const changedMd5 = await putDirect(
      p.body.direct_upload_url,
      { ...p.body.headers, 'Content-MD5': md5('other') },
      PNG,
    );
    expect(changedMd5.status).toBe(403);
    const longer = await putDirect(p.body.direct_upload_url, p.body.headers, new Uint8Array([...PNG, 0]));
    expect(longer.status).toBe(403);
    expect(await longer.json()).toMatchObject({ error: expect.stringMatching(/Content-Length/) });
    expect((await putDirect(p.body.direct_upload_url, p.body.headers, PNG)).status).toBe(200);
  });

  it('answers the CORS preflight of a browser PUT with the signed headers', async () => {
    const r = await fetch(`${server.url}/storage/direct/anything`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://game.example',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'content-type,content-md5',
      },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(r.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-md5');
  });

  it('answers 403 for a URL it never signed', async () => {
    const put = await putDirect(
      `${server.url}/storage/direct/not-a-real-upload-token`,
      { 'Content-Type': 'image/png', 'Content-MD5': md5(PNG) },
      PNG,
    );
    expect(put.status).toBe(403);
  });
});

describe('confirm_upload', () => {
  it('answers 201 with the raw columns of a screenshot and no URL', async () => {
    const issue = makeIssue(server, { reporterPat: PATS.tester });
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
    const issue = makeIssue(server);
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
    const issue = makeIssue(server);
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
    const issue = makeIssue(server);
    const other = makeIssue(server);
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

  it('answers 404 for an expired blob_signed_id, and the purge job removes the unconfirmed bytes', async () => {
    const local = await startTestServer();
    try {
      const issue = makeIssue(local);
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
  });

  it('attaches an annotation layer confirmed with layer_a_blob_signed_id, sized image plus layer', async () => {
    const issue = makeIssue(server);
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
    const issue = makeIssue(server);
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
    const issue = makeIssue(server);
    const bytes = new Uint8Array(64).fill(3);
    const r = await directUpload(server, issue.path, 'video_clips', bytes, {
      filename: 'clip.mov',
      type: 'video/quicktime',
      auth: TOKEN,
    });
    expect(r.body).toMatchObject({ processing: false, processed: true, failed: false });
  });
});

describe('who may write media (docs/api-choices.md#draft-and-media-writers)', () => {
  const upload = (path: string, auth: string) =>
    directUpload(server, path, 'log_files', new TextEncoder().encode('x'), {
      filename: 'x.log',
      type: 'text/plain',
      auth,
    });

  it('lets the draft JWT (as Bearer and after the token), the project token and the team write', async () => {
    const draft = makeIssue(server, { status: 'hidden' });
    const { token } = await server.deps.jwt.signIssueToken(draft.id, draft.path.split('/')[2]);
    expect((await upload(draft.path, `Bearer ${token}`)).status).toBe(201);
    expect((await upload(draft.path, `FormUser ${TOKENS.all},${token}`)).status).toBe(201);
    expect((await upload(draft.path, `Bearer ${PATS.support}`)).status).toBe(201);
    // The project token itself writes to the issues it can see: an open one, not another player's draft.
    expect((await upload(makeIssue(server).path, `FormUser ${TOKENS.none}`)).status).toBe(201);
    const refused = await server.request('POST', `${draft.path}/log_files/presigned_upload`, {
      auth: `FormUser ${TOKENS.none}`,
      json: declare(PNG, 'a.log', 'text/plain'),
    });
    expect(refused.status).toBe(404);
  });

  it('refuses a tester who did not report the issue (403), and hides a draft from them (404)', async () => {
    const open = makeIssue(server);
    const draft = makeIssue(server, { status: 'hidden' });
    const r = await presign(open.path, 'log_files', declare(PNG, 'a.log', 'text/plain'), `Bearer ${PATS.tester}`);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: 'You are not allowed to add media to this issue.' });
    expect(
      (await presign(draft.path, 'log_files', declare(PNG, 'a.log', 'text/plain'), `Bearer ${PATS.tester}`)).status,
    ).toBe(404);
  });

  it('refuses the draft JWT of another issue with 403', async () => {
    const mine = makeIssue(server, { status: 'hidden' });
    const theirs = makeIssue(server);
    const { token } = await server.deps.jwt.signIssueToken(mine.id, mine.path.split('/')[2]);
    expect(
      (await presign(theirs.path, 'log_files', declare(PNG, 'a.log', 'text/plain'), `Bearer ${token}`)).status,
    ).toBe(403);
  });
});

it('empties the storage on /__admin/reset', async () => {
  const local = await startTestServer();
  try {
    const issue = makeIssue(local);
    await directUpload(local, issue.path, 'screenshots', PNG, { filename: 'a.png', type: 'image/png', auth: TOKEN });
    const objects = join(local.deps.config.storageDir, 'objects');
    expect(readdirSync(objects).length).toBe(1);
    expect((await local.request('POST', '/__admin/reset')).status).toBe(200);
    expect(existsSync(objects) ? readdirSync(objects) : []).toEqual([]);
  } finally {
    await local.close();
  }
});
