// The storage emulator's two unauthenticated endpoints (docs/api-choices.md#storage-and-media-urls): the direct-upload
// PUT, streamed straight from the socket, and the CDN GET with Content-Disposition, ETag,
// If-None-Match and single byte ranges (206) so a video can seek.
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { bodyStream } from '../../http/body.ts';
import type { Deps } from '../../deps.ts';
import type { AppEnv } from '../../http/env.ts';
import { findServableObject } from './cdn.ts';
import { receiveDirectUpload } from './direct.ts';
import { storageFor } from '../../storage/storage.ts';

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` → inclusive range; 'unsatisfiable'; null to serve it all. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null; // absent, multiple or malformed: RFC 9110 §14.2 lets us ignore it
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** `inline; filename="…"; filename*=UTF-8''…` (RFC 6266), with an ASCII fallback. */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Types a browser could run as a page get a sandbox, so an uploaded file cannot script our origin. */
function isInertMedia(type: string): boolean {
  return /^(image\/(?!svg)|video\/|audio\/)/.test(type);
}

export function storageRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.put('/storage/direct/:key', async (c) => {
    const { etag } = await receiveDirectUpload(deps, c.req.param('key'), {
      contentType: c.req.header('content-type'), contentMd5: c.req.header('content-md5'), contentLength: c.req.header('content-length'),
    }, bodyStream(c));
    return c.body(null, 200, { ETag: etag });
  });

  app.get('/cdn/:key', async (c) => {
    const { blob, stored } = await findServableObject(deps, c.req.param('key'));
    const etag = `"${Buffer.from(blob.checksum, 'base64').toString('hex')}"`;
    const download = c.req.query('download');
    const headers: Record<string, string> = {
      'Content-Type': blob.content_type,
      ETag: etag,
      'Accept-Ranges': 'bytes',
      // Keys are random and never rewritten: the bytes behind a URL never change.
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Disposition': contentDisposition(download !== undefined ? 'attachment' : 'inline', download || blob.filename),
      'X-Content-Type-Options': 'nosniff',
    };
    if (!isInertMedia(blob.content_type.toLowerCase())) headers['Content-Security-Policy'] = 'sandbox';
    const inm = c.req.header('if-none-match');
    if (inm && (inm.trim() === '*' || inm.split(',').map((t) => t.trim().replace(/^W\//, '')).includes(etag))) return c.body(null, 304, headers);

    const ifRange = c.req.header('if-range');
    const range = ifRange && ifRange.trim() !== etag ? null : parseRange(c.req.header('range'), stored.size);
    if (range === 'unsatisfiable') return c.json({ error: 'Requested range not satisfiable.' }, 416, { 'Content-Range': `bytes */${stored.size}` });
    const status = range ? 206 : 200;
    const length = range ? range.end - range.start + 1 : stored.size;
    headers['Content-Length'] = String(length);
    if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${stored.size}`;
    if (c.req.method === 'HEAD' || length === 0) return c.body(null, status, headers);
    const stream = Readable.toWeb(storageFor(deps).read(blob.storage_key, range ?? undefined)) as ReadableStream;
    return new Response(stream, { status, headers });
  });
  return app;
}
