// Middleware shared by every route: the peer address, group commits, whether a route answers,
// and strict-mode parameter checks. Who the caller is lives in areas/projects-auth/middleware.ts.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Deps } from '../deps.ts';
import type { AppEnv } from './env.ts';
import { strictQuery } from './strict.ts';

/** The peer address; in-process requests (app.request in tests) count as loopback. */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? '127.0.0.1';
  } catch {
    return '127.0.0.1';
  }
}

export function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/**
 * Group commit (db/commit-groups.ts): a request's transactions join the turn's group; every
 * response, reads included, leaves only once nothing it could have written or seen is uncommitted.
 */
export function commitGroupMiddleware(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (_c, next) => {
    deps.commits.enter();
    try {
      await next();
    } finally {
      deps.commits.leave();
    }
    await deps.commits.settled();
  };
}

/**
 * Whether a route handler (not only middleware) answers this method and path. An unknown route or
 * a wrong method is 404 (docs/api-choices.md#error-bodies-and-statuses) before any credential or project check, as
 * routing comes first in the real service: no 401 for a path that does not exist.
 */
export function hasEndpoint(c: Context): boolean {
  return matchedRoutes(c).some((route) => route.method !== 'ALL' /* app.use() middleware */);
}

/**
 * Parameter checks (strict.ts): unknown query parameters here, unknown body parameters and form
 * booleans outside 1/0/true/false when readBody parses the body. Noted for the conformance report;
 * refused with 400 under --strict.
 */
export function strictMiddleware(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!hasEndpoint(c)) return next();
    c.set('strict', deps.config.strict);
    strictQuery(c);
    await next();
  };
}
