// A 100 MB file through the whole direct flow: generated as a stream (never held whole),
// PUT with its Content-Length, confirmed, then read back from the CDN and hashed.
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { TOKENS } from '../../helpers/seed.ts';
import { makeIssue, stampedFile } from '../../helpers/media.ts';
import { itLocal } from '../../helpers/local-only.ts';

const MB = 1024 * 1024;
const TOTAL = 100 * MB;
const { chunks } = stampedFile(TOTAL / MB);

function putStream(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers: { ...headers, 'Content-Length': String(TOTAL) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    const source = chunks();
    const pump = () => {
      for (let next = source.next(); !next.done; next = source.next())
        if (!req.write(next.value)) return void req.once('drain', pump);
      req.end();
    };
    pump();
  });
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  rmSync(server.deps.config.storageDir, { recursive: true, force: true });
});

itLocal(
  'stores a 100 MB video through presign, a streamed PUT and confirm, with the MD5 intact',
  'reads the stored file on disk',
  async () => {
    const hash = createHash('md5');
    for (const chunk of chunks()) hash.update(chunk);
    const checksum = hash.digest('base64');

    const issue = await makeIssue(server);
    const auth = `FormUser ${TOKENS.all}`;
    const presign = await server.request('POST', `${issue.path}/video_clips/presigned_upload`, {
      auth,
      json: { filename: 'long-session.webm', byte_size: TOTAL, checksum, content_type: 'video/webm' },
    });
    expect(presign.status).toBe(200);
    expect(await putStream(presign.body.direct_upload_url, presign.body.headers)).toBe(200);
    const confirm = await server.request('POST', `${issue.path}/video_clips/confirm_upload`, {
      auth,
      json: { blob_signed_id: presign.body.blob_signed_id },
    });
    expect(confirm.status).toBe(201);
    expect(confirm.body.media_size_bytes).toBe(TOTAL);

    const [clip] = (await server.request('GET', `${issue.path}/video_clips.json`, { auth: 'Bearer pat-developer' }))
      .body;
    const key = clip.url.split('/cdn/')[1];
    expect(statSync(join(server.deps.config.storageDir, 'objects', key)).size).toBe(TOTAL);
    const served = await fetch(clip.url);
    const readBack = createHash('md5');
    let size = 0;
    for await (const chunk of served.body as unknown as AsyncIterable<Uint8Array>) {
      readBack.update(chunk);
      size += chunk.byteLength;
    }
    expect(size).toBe(TOTAL);
    expect(readBack.digest('base64')).toBe(checksum);
  },
  60_000,
);
