// Reads a request body in any of the three encodings an operation takes (JSON, form,
// multipart) into one nested object, so a service never cares how it was sent. Bracketed form
// keys nest: issue[custom][tags][]=a → {issue: {custom: {tags: ['a']}}}.
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { badRequest, payloadTooLarge } from '../errors.ts';
import type { Body } from '../input.ts';
import { readMultipart, type FileLimits } from './multipart.ts';
import { assertNesting } from '../nesting.ts';
import { strictBody } from './strict.ts';
import { requestUrl } from './request-url.ts';

export type { Body };

/** Splits `issue[custom][tags][]` into ['issue', 'custom', 'tags', '']. */
export function splitKey(key: string): string[] {
  const first = key.indexOf('[');
  if (first === -1) return [key];
  const parts = [key.slice(0, first)];
  // One pass with indexOf, as /\[([^\]]*)\]/g did: a key of a million `[` and no `]` costs n, not n².
  let open = key.indexOf('[', first);
  while (open !== -1) {
    const close = key.indexOf(']', open + 1);
    if (close === -1) break;
    parts.push(key.slice(open + 1, close));
    open = key.indexOf('[', close + 1);
  }
  return parts;
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Builds the nested object from form entries; `[]` (or a repeated key) makes an array. */
export function nestEntries(entries: Iterable<[string, unknown]>): Body {
  const root: Body = Object.create(null);
  for (const [key, value] of entries) {
    const parts = splitKey(key);
    if (parts.some((part) => FORBIDDEN_KEYS.has(part))) continue;
    let node = root as Record<string, unknown>;
    for (let i = 0; i < parts.length; i += 1) {
      const part = parts[i];
      const last = i === parts.length - 1;
      const nextIsArray = !last && parts[i + 1] === '';
      if (part === '') {
        if (!Array.isArray(node)) break;
        if (last) node.push(value);
        else {
          // issue[steps][][text]: a new object per entry.
          const child = Object.create(null);
          node.push(child);
          node = child;
        }
        continue;
      }
      if (last) {
        // push, not a spread copy: a key repeated n times would otherwise cost n² (a stall, not a size).
        const held = node[part];
        if (Array.isArray(held)) held.push(value);
        else node[part] = part in node ? [held, value] : value;
      } else {
        if (!(part in node) || typeof node[part] !== 'object' || node[part] === null || node[part] instanceof Blob)
          node[part] = nextIsArray ? [] : Object.create(null);
        node = node[part] as Record<string, unknown>;
      }
    }
  }
  return root;
}

export function mediaTypeOf(c: Context): string {
  return (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
}

/** Whether a create was sent as JSON (`application/json` or `+json`) or as a form: some rules differ by encoding. */
export function encodingOf(c: Context): 'json' | 'form' {
  const type = mediaTypeOf(c);
  return type === 'application/json' || type.endsWith('+json') ? 'json' : 'form';
}

/** Hard cap on a non-upload body before parsing (docs/api-choices.md#error-bodies-and-statuses: 413). */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * The request body as a Node stream: the socket's IncomingMessage itself under
 * @hono/node-server (no web-stream conversion, which costs more than the rest of a small
 * request), else the web stream of `app.request()` in tests.
 */
export function bodyStream(c: Context): Readable {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming && !incoming.readableDidRead) return incoming;
  return c.req.raw.body
    ? Readable.fromWeb(c.req.raw.body as import('node:stream/web').ReadableStream)
    : Readable.from([]);
}

/** The whole body as bytes, refused with 413 as soon as it passes `max` bytes (chunked bodies included). */
export function readBytes(c: Context, max: number): Promise<Buffer> {
  const stream = bodyStream(c);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size > max) {
        cleanup();
        stream.resume(); // drain the rest so the connection can carry the 413
        reject(payloadTooLarge('The request body is too large.'));
        return;
      }
      chunks.push(bytes);
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(badRequest(`The request body could not be read: ${error.message}`));
    };
    const cleanup = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
  });
}

/** The whole body as UTF-8 text, refused with 413 as soon as it passes `max` bytes. */
export async function readText(c: Context, max: number): Promise<string> {
  return (await readBytes(c, max)).toString('utf8');
}

export interface BodyOptions {
  /** The whole body's cap (413 past it); MAX_BODY_BYTES by default. */
  maxBytes?: number;
  /**
   * The cap of what is held and parsed as text: a JSON or form body, or a multipart body's text parts together;
   * the smaller of maxBytes and MAX_BODY_BYTES by default, so an upload's large cap never lets a JSON body that size
   * reach JSON.parse.
   */
  maxTextBytes?: number;
  /** Caps of multipart file parts, applied while each streams; the body's cap by default. */
  files?: FileLimits;
}

export async function readBody(c: Context, options: BodyOptions = {}): Promise<Body> {
  const body = await parseBody(c, options);
  assertNesting(body, 'request body');
  // Parameters the operation does not take are noted for the conformance report (400 under --strict).
  strictBody(c, body, mediaTypeOf(c).includes('json') ? 'json' : 'form');
  return body;
}

async function parseBody(c: Context, options: BodyOptions): Promise<Body> {
  const max = options.maxBytes ?? MAX_BODY_BYTES;
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > max) throw payloadTooLarge(`The request body is larger than ${Math.round(max / 1024 / 1024)} MB.`);
  const type = mediaTypeOf(c);
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return Object.create(null);
  // An empty body has no parameters whatever its label (fetch labels body '' text/plain): nothing to refuse.
  if (c.req.header('content-length') === '0') return Object.create(null);
  const textMax = options.maxTextBytes ?? Math.min(max, MAX_BODY_BYTES);
  if (type !== 'multipart/form-data' && declared > textMax) {
    throw payloadTooLarge(`The ${type || 'request'} body may be at most ${Math.round(textMax / 1024 / 1024)} MB.`);
  }
  if (type === 'application/json' || type.endsWith('+json')) {
    const text = await readText(c, textMax);
    if (text.trim() === '') return Object.create(null);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw badRequest('The request body is not valid JSON.');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw badRequest('The JSON body must be an object.');
    return parsed as Body;
  }
  if (type === 'application/x-www-form-urlencoded') {
    const text = await readText(c, textMax);
    return nestEntries(new URLSearchParams(text).entries());
  }
  if (type === 'multipart/form-data') {
    // Streamed: files go to storage as they arrive, each under its own cap; text stays under MAX_BODY_BYTES.
    const files = options.files ?? { maxBytes: () => max };
    const limits = { maxBytes: max, maxTextBytes: textMax, files };
    const entries = await readMultipart(c, bodyStream(c), limits);
    return nestEntries(entries);
  }
  // A chunked body of another type is read to see whether it is empty (no parameters) or really in that type.
  if ((await readText(c, textMax)).length === 0) return Object.create(null);
  if (type === '') {
    throw badRequest(
      'A request body needs a Content-Type: application/json, application/x-www-form-urlencoded or ' +
        'multipart/form-data.',
    );
  }
  throw badRequest(
    `Unsupported Content-Type ${type}: send application/json, application/x-www-form-urlencoded or ` +
      `multipart/form-data.`,
  );
}

/** Query parameters as one nested object (`status[]=a&status[]=b` → {status: ['a', 'b']}). */
export function readQuery(c: Context): Body {
  const query = nestEntries(requestUrl(c).searchParams.entries());
  assertNesting(query, 'query string');
  return query;
}
