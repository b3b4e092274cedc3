// CDN serving (docs/api-choices.md#storage-and-media-urls, docs/api/media.md#cdn): unauthenticated, the stored
// content type, Content-Disposition with ?download=, ETag and If-None-Match, byte ranges for seeking.
import { beforeAll, describe, expect, it } from 'vitest';
import { makeIssue } from '../../helpers/media.ts';
import { md5Hex } from '../../helpers/md5.ts';
import { serveMedia, server, TOKEN } from './fixtures.ts';

serveMedia();
let url: string;
const BYTES = new Uint8Array(Array.from({ length: 1000 }, (_, i) => i % 251));

beforeAll(async () => {
  const issue = await makeIssue(server);
  const data = new FormData();
  data.append('binary_file[file]', new Blob([BYTES], { type: 'application/x-replay' }), 'Replay ünïcode.rpl');
  url = (await server.request('POST', `${issue.path}/binary_files`, { auth: TOKEN, multipart: data })).body.url;
});

describe('GET /cdn/<key>', () => {
  it('serves the bytes without auth, with the stored type and an ETag, as a download (not inline media)', async () => {
    expect(url).toMatch(new RegExp(`^${server.url}/cdn/[A-Za-z0-9_-]{32}$`));
    const r = await fetch(url);
    expect(r.status).toBe(200);
    expect(new Uint8Array(await r.arrayBuffer())).toEqual(BYTES);
    expect(r.headers.get('content-type')).toBe('application/x-replay');
    expect(r.headers.get('content-length')).toBe('1000');
    expect(r.headers.get('accept-ranges')).toBe('bytes');
    expect(r.headers.get('etag')).toBe(`"${md5Hex(BYTES)}"`);
    expect(r.headers.get('content-disposition')).toBe(
      `attachment; filename="Replay _n_code.rpl"; filename*=UTF-8''Replay%20%C3%BCn%C3%AFcode.rpl`,
    );
    // Not an image or a video: sandboxed, so an uploaded page could never script this origin.
    expect(r.headers.get('content-security-policy')).toBe('sandbox');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    // A game page may read the file and its ETag (CORS rule 6), though the answer is built outside Hono's context.
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('access-control-expose-headers')).toContain('ETag');
  });

  it('forces an attachment with ?download=<name>', async () => {
    const r = await fetch(`${url}?download=replay.rpl`);
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="replay.rpl"; filename*=UTF-8''replay.rpl`);
    await r.arrayBuffer();
  });

  it('answers 304 to If-None-Match with the current ETag', async () => {
    const etag = `"${md5Hex(BYTES)}"`;
    const r = await fetch(url, { headers: { 'If-None-Match': `"other", ${etag}` } });
    expect(r.status).toBe(304);
    expect(r.headers.get('etag')).toBe(etag);
    expect((await fetch(url, { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
  });

  it('serves a byte range with 206 and Content-Range, so a video can seek', async () => {
    const middle = await fetch(url, { headers: { Range: 'bytes=100-199' } });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(middle.headers.get('content-length')).toBe('100');
    expect(new Uint8Array(await middle.arrayBuffer())).toEqual(BYTES.slice(100, 200));
    const open = await fetch(url, { headers: { Range: 'bytes=990-' } });
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(BYTES.slice(990));
    const suffix = await fetch(url, { headers: { Range: 'bytes=-5' } });
    expect(suffix.headers.get('content-range')).toBe('bytes 995-999/1000');
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(BYTES.slice(995));
    const clamped = await fetch(url, { headers: { Range: 'bytes=900-5000' } });
    expect(clamped.headers.get('content-range')).toBe('bytes 900-999/1000');
    await clamped.arrayBuffer();
  });

  it('answers 416 for a range past the end, and ignores a range when If-Range names another version', async () => {
    const past = await fetch(url, { headers: { Range: 'bytes=1000-' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */1000');
    await past.arrayBuffer();
    const stale = await fetch(url, { headers: { Range: 'bytes=0-9', 'If-Range': '"stale"' } });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBe(1000);
  });

  it('answers HEAD with the headers only', async () => {
    const r = await fetch(url, { method: 'HEAD' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-length')).toBe('1000');
    expect((await r.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers 404 {error} for an unknown key, and keeps the key with a .json ending', async () => {
    const r = await fetch(`${server.url}/cdn/unknownkeyunknownkey`);
    expect(r.status).toBe(404);
    expect(await r.json()).toEqual({ error: 'No such object.' });
    expect((await fetch(`${server.url}/cdn/unknownkeyunknownkey.json`)).status).toBe(404);
  });
});
