// The one way a file a client uploaded goes back out (CDN objects, feature request files, ticket
// attachments): `nosniff`, a `sandbox` CSP, and `attachment` unless the bytes prove an inline
// media type. ETag, If-None-Match and single byte ranges (206) so a video can seek.
import { matchesIfNoneMatch } from './conditional.ts';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { inlineTypeOf, parseMediaType, SNIFF_BYTES } from '../storage/content-sniff.ts';
import type { Storage } from '../storage/storage.ts';

export interface UserFile {
  storage_key: string;
  filename: string;
  content_type: string;
  /** Base64 MD5 of the bytes, when known: the ETag. */
  checksum?: string | null;
}

export interface ServeOptions {
  /** `?download=name` of the CDN: always `attachment`, under that name when one is given. */
  download?: string;
  /** Cache-Control; the default suits a URL whose bytes never change. */
  cacheControl?: string;
}

/**
 * `sandbox` without `allow-scripts`: even a document a browser would render runs no script and
 * gets an opaque origin, so it can read nothing of ours (https://www.w3.org/TR/CSP3/#directive-sandbox).
 */
export const USER_CONTENT_CSP = 'sandbox';

export interface ByteRange {
  start: number;
  end: number;
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` → inclusive range; 'unsatisfiable'; null to serve it all. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  // Absent, multiple or malformed: RFC 9110 §14.2 lets us ignore it.
  if (!match || (match[1] === '' && match[2] === '')) return null;
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

async function readHead(storage: Storage, key: string, size: number): Promise<Uint8Array> {
  if (size === 0) return new Uint8Array(0);
  const chunks: Buffer[] = [];
  const range = { start: 0, end: Math.min(size, SNIFF_BYTES) - 1 };
  for await (const chunk of storage.read(key, range)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The response for a stored user file, or null when its bytes are gone (the caller answers 404). */
export async function serveUserFile(
  c: Context,
  storage: Storage,
  file: UserFile,
  options: ServeOptions = {},
): Promise<Response | null> {
  const stored = await storage.stat(file.storage_key);
  if (!stored) return null;
  const inline =
    options.download === undefined
      ? inlineTypeOf(file.content_type, await readHead(storage, file.storage_key, stored.size))
      : null;
  const headers: Record<string, string> = {
    // A malformed stored type (`image/png,text/html`) is never echoed: a browser may pick either half.
    'Content-Type': parseMediaType(file.content_type) ?? inline ?? 'application/octet-stream',
    'Accept-Ranges': 'bytes',
    'Cache-Control': options.cacheControl ?? 'public, max-age=31536000, immutable',
    'Content-Disposition': contentDisposition(
      inline ? 'inline' : 'attachment',
      options.download || file.filename || 'file',
    ),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': USER_CONTENT_CSP,
  };
  const etag = file.checksum ? `"${Buffer.from(file.checksum, 'base64').toString('hex')}"` : null;
  if (etag) headers.ETag = etag;
  if (etag && matchesIfNoneMatch(c.req.header('if-none-match'), etag)) {
    return c.body(null, 304, headers);
  }

  const ifRange = c.req.header('if-range');
  const range = ifRange && ifRange.trim() !== etag ? null : parseRange(c.req.header('range'), stored.size);
  if (range === 'unsatisfiable') {
    return c.json({ error: 'Requested range not satisfiable.' }, 416, { 'Content-Range': `bytes */${stored.size}` });
  }
  const status = range ? 206 : 200;
  const length = range ? range.end - range.start + 1 : stored.size;
  headers['Content-Length'] = String(length);
  if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${stored.size}`;
  if (c.req.method === 'HEAD' || length === 0) return c.body(null, status, headers);
  const stream = Readable.toWeb(storage.read(file.storage_key, range ?? undefined)) as ReadableStream;
  return new Response(stream, { status, headers });
}
