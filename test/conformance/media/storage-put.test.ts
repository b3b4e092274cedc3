// Direct upload, step 2: the storage PUT (docs/api/media.md#direct-upload, docs/api/media.md#storage,
// docs/api-choices.md#storage-and-media-urls): the ETag, a bad digest that keeps nothing, the 5-minute expiry, signed
// headers and length, the CORS preflight, an unsigned URL; and /__admin/reset emptying the storage.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../helpers/server.ts';
import { PNG, declare, directUpload, makeIssue, md5, putDirect } from '../../helpers/media.ts';
import { presign, serveMedia, server, TOKEN } from './fixtures.ts';
import { itLocal } from '../../helpers/local-only.ts';

serveMedia();

const storedObjects = () => readdirSync(join(server.deps.config.storageDir, 'objects'));
const tempFiles = () => readdirSync(join(server.deps.config.storageDir, 'tmp'));

describe('the storage PUT', () => {
  it('stores the bytes and answers 200 with the MD5 as ETag', async () => {
    const issue = await makeIssue(server);
    const p = await presign(issue.path, 'screenshots', declare(PNG, 'a.png', 'image/png'));
    const put = await putDirect(p.body.direct_upload_url, p.body.headers, PNG);
    expect(put.status).toBe(200);
    expect(put.headers.get('etag')).toBe(`"${Buffer.from(md5(PNG), 'base64').toString('hex')}"`);
  });

  itLocal(
    'answers 400 BadDigest when the body does not match the checksum, and keeps nothing',
    'reads the storage directory',
    async () => {
      const issue = await makeIssue(server);
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
    },
  );

  it('answers 403 once the URL is older than 5 minutes by the server clock', async () => {
    const issue = await makeIssue(server);
    const p = await presign(issue.path, 'screenshots', declare(PNG, 'a.png', 'image/png'));
    await server.advance('5m');
    const put = await putDirect(p.body.direct_upload_url, p.body.headers, PNG);
    expect(put.status).toBe(403);
    expect(await put.json()).toMatchObject({ code: 'AccessDenied', error: expect.stringMatching(/expired/) });
  });

  it('answers 403 SignatureDoesNotMatch when Content-Type, Content-MD5 or length differ from the signed', async () => {
    const issue = await makeIssue(server);
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

itLocal('empties the storage on /__admin/reset', 'reads the storage directory', async () => {
  const local = await startTestServer();
  try {
    const issue = await makeIssue(local);
    await directUpload(local, issue.path, 'screenshots', PNG, { filename: 'a.png', type: 'image/png', auth: TOKEN });
    const objects = join(local.deps.config.storageDir, 'objects');
    expect(readdirSync(objects).length).toBe(1);
    expect((await local.request('POST', '/__admin/reset')).status).toBe(200);
    expect(existsSync(objects) ? readdirSync(objects) : []).toEqual([]);
  } finally {
    await local.close();
  }
});
