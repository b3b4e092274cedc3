// Direct upload, step 1: presigned_upload (docs/api/media.md#direct-upload, docs/api/media.md#limits-and-types): the
// signed URL and headers, missing parameters, each kind's content types and size cap, checksum and byte_size
// faults, and the per-issue count cap, counted again at confirmation.
import { describe, expect, it } from 'vitest';
import { PresignedUploadResponse } from '../../../widget/src/protocol/media.ts';
import { PNG, declare, directUpload, makeIssue, md5, putDirect } from '../../helpers/media.ts';
import { presign, serveMedia, server, TOKEN } from './fixtures.ts';

serveMedia();

describe('presigned_upload', () => {
  it('signs a URL on the storage endpoint with the Content-Type and Content-MD5 to send', async () => {
    const issue = await makeIssue(server);
    const r = await presign(issue.path, 'screenshots', declare(PNG, 'shot.png', 'image/png'));
    expect(r.status).toBe(200);
    const body = PresignedUploadResponse.parse(r.body);
    expect(body.direct_upload_url).toMatch(new RegExp(`^${server.url}/storage/direct/[A-Za-z0-9_-]{20,}$`));
    expect(body.headers).toEqual({ 'Content-Type': 'image/png', 'Content-MD5': md5(PNG) });
    expect(body.blob_signed_id).toMatch(/^bs_[A-Za-z0-9_-]{30,}$/);
  });

  it('refuses missing parameters with 400, naming them', async () => {
    const issue = await makeIssue(server);
    const r = await presign(issue.path, 'log_files', { filename: 'a.log', content_type: 'text/plain' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: 'Missing required parameters: byte_size, checksum.' });
  });

  it("refuses a content type outside the kind's allow-list with 422", async () => {
    const issue = await makeIssue(server);
    const gif = await presign(issue.path, 'screenshots', { ...declare(PNG, 'a.gif', 'image/gif') });
    expect(gif.status).toBe(422);
    expect(gif.body.error).toMatch(/image\/gif is not allowed for screenshots/);
    expect((await presign(issue.path, 'video_clips', declare(PNG, 'a.png', 'image/png'))).status).toBe(422);
    expect((await presign(issue.path, 'log_files', declare(PNG, 'a.exe', 'application/x-msdownload'))).status).toBe(
      422,
    );
  });

  it('accepts any content type for binary files, and the log types with octet-stream as fallback', async () => {
    const issue = await makeIssue(server);
    expect(
      (await presign(issue.path, 'binary_files', declare(PNG, 'save.weird', 'application/x-my-save'))).status,
    ).toBe(200);
    expect((await presign(issue.path, 'log_files', declare(PNG, 'a.json', 'application/json'))).status).toBe(200);
    expect((await presign(issue.path, 'log_files', declare(PNG, 'a.bin', 'application/octet-stream'))).status).toBe(
      200,
    );
  });

  it("refuses a file over the kind's size cap with 422 (10, 50, 50, 500 MB)", async () => {
    const issue = await makeIssue(server);
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
    const issue = await makeIssue(server);
    const r = await presign(issue.path, 'screenshots', {
      ...declare(PNG, 'a.png', 'image/png'),
      checksum: 'd41d8cd98f00b204e9800998ecf8427e',
    });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatch(/checksum/);
  });

  it('refuses a negative or non-numeric byte_size with 422 naming the fault', async () => {
    const issue = await makeIssue(server);
    const refusal = async (byte_size: unknown) => {
      const r = await presign(issue.path, 'screenshots', { ...declare(PNG, 'a.png', 'image/png'), byte_size });
      return [r.status, r.body.error];
    };
    expect(await refusal(-1)).toEqual([422, 'byte_size: must not be negative']);
    for (const value of ['lots', 1.5, '12kb'])
      expect(await refusal(value)).toEqual([422, 'byte_size: must be a whole number of bytes']);
  });

  it('refuses the upload past the per-issue count cap with 422 (3 video clips)', async () => {
    const issue = await makeIssue(server);
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
    const issue = await makeIssue(server);
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
