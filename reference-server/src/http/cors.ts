// CORS of reference rule 6: any origin, every method, any request header, preflights answered;
// none at all on the paths given as `except` (the machine-private /__admin surface).
// Written here rather than hono/cors because that one edits c.res after the handler, which
// turns every answer into a streamed Response and cost most of the server's throughput.
import type { MiddlewareHandler } from 'hono';

const METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD';
const EXPOSED = 'Content-Length, Content-Range, Content-Disposition, ETag, Location, Retry-After';

/** `except`: path prefixes that get no CORS at all (the private /__admin surface). */
export function corsMiddleware(options: { except?: readonly string[] } = {}): MiddlewareHandler {
  const except = options.except ?? [];
  return async (c, next) => {
    if (except.some((prefix) => c.req.path === prefix || c.req.path.startsWith(`${prefix}/`))) return next();
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      return new Response(null, {
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': METHODS,
          // Any header: reflect what the browser asks for (the wildcard is not honoured with Authorization).
          'Access-Control-Allow-Headers': c.req.header('access-control-request-headers') ?? '*',
          'Access-Control-Max-Age': '86400',
          Vary: 'Access-Control-Request-Headers',
        },
      });
    }
    c.header('Access-Control-Allow-Origin', '*');
    c.header('Access-Control-Expose-Headers', EXPOSED);
    await next();
    // Answers built outside c (new Response in a handler) get the header here.
    if (!c.res.headers.has('Access-Control-Allow-Origin')) c.res.headers.set('Access-Control-Allow-Origin', '*');
  };
}
