// Sends a serialized JSON answer with its ETag. A client that sends the ETag back in If-None-Match gets 304 and no
// body; `private, no-cache` keeps shared caches out (answers depend on the credential) and makes a browser
// revalidate every time rather than reuse a stale list.
import type { Context } from 'hono';
import type { SerializedAnswer } from '../db/answer-cache.ts';
import { matchesIfNoneMatch } from './conditional.ts';

const CACHE_CONTROL = 'private, no-cache';

export function sendJsonAnswer(c: Context, answer: SerializedAnswer): Response {
  if (matchesIfNoneMatch(c.req.header('if-none-match'), answer.etag)) {
    return c.body(null, 304, { ETag: answer.etag, 'Cache-Control': CACHE_CONTROL });
  }
  return c.body(answer.bytes, 200, {
    'Content-Type': 'application/json',
    ETag: answer.etag,
    'Cache-Control': CACHE_CONTROL,
  });
}

/** The request's query string as sent, without the `?` (a cache key: the same text, the same parameters). */
export function queryTextOf(c: Context): string {
  const url = c.req.url;
  const mark = url.indexOf('?');
  return mark < 0 ? '' : url.slice(mark + 1);
}
