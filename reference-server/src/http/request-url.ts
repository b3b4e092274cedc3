// The request's URL, parsed once per request: strict-mode checks, body reading and the conformance recorder each
// need its path or query, and a URL parse costs about a microsecond.
import type { Context } from 'hono';

const parsed = new WeakMap<Request, URL>();

export function requestUrl(c: Context): URL {
  let url = parsed.get(c.req.raw);
  if (!url) {
    url = new URL(c.req.url);
    parsed.set(c.req.raw, url);
  }
  return url;
}
