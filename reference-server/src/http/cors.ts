// CORS (docs/server.md#global-rules): any origin, every method, any request header, preflights answered;
// none at all on the machine-private /__admin surface.
// Written here rather than hono/cors because that one edits c.res after the handler, which
// turns every answer into a streamed Response and cost most of the server's throughput.
// The two headers of every answer are set on Node's response before Hono runs (withCorsHeaders): set through
// Hono's c.header() they made every answer carry a web Headers object, which the adapter then walks to write it
// (about 5 µs a request). Hono answers preflights (corsMiddleware). Both skip the same private paths.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';

const METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD';
const EXPOSED = 'Content-Length, Content-Range, Content-Disposition, ETag, Location, Retry-After';

/** Whether `path` (no query; a `.json` suffix allowed) is on the private surface: no CORS header, no preflight. */
function isPrivate(path: string): boolean {
  const bare = path.endsWith('.json') ? path.slice(0, -5) : path;
  return bare === '/__admin' || bare.startsWith('/__admin/');
}

/** The listener, with the wildcard origin and the exposed headers on every answer off the private surface. */
export function withCorsHeaders(listener: RequestListener): RequestListener {
  return (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '/';
    const query = url.indexOf('?');
    if (!isPrivate(query === -1 ? url : url.slice(0, query))) {
      response.setHeader('Access-Control-Allow-Origin', '*');
      response.setHeader('Access-Control-Expose-Headers', EXPOSED);
    }
    listener(request, response);
  };
}

/** Answers preflights off the private surface. */
export function corsMiddleware(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'OPTIONS' || isPrivate(c.req.path)) return next();
    if (c.req.header('access-control-request-method')) {
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
    await next();
  };
}
