// Middleware shared by every route: the caller, and the project of a
// /projects/{project_id} path with its header and visibility checks.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { rememberedSettings } from '../db/remembered-rows.ts';
import type { Deps } from '../deps.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import { findProjectByPublicId } from '../areas/projects-auth/repository.ts';
import { assertCanViewProject, assertGrantReaches, type DraftTarget } from '../areas/projects-auth/access.ts';
import { resolveCaller } from '../areas/projects-auth/caller.ts';
import { noteMissingProjectHeader, noteShape } from './conformance-recorder.ts';
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

/** Guards the /__admin test surface: refused from any address that is not loopback. */
export function loopbackOnly(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!isLoopback(clientIp(c))) throw forbidden('The /__admin test surface answers loopback addresses only.');
    await next();
  };
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

export function callerMiddleware(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!hasEndpoint(c)) return next();
    c.set('caller', await resolveCaller(deps, c.req.header('authorization'), clientIp(c)));
    await next();
  };
}

const DRAFT_TARGET = /^\/projects\/[^/]+\/(issues|feature_requests)\/([^/]+?)(?:\.json)?(?:\/|$)/;

/** What a project path is about: the project, or an issue or feature request (`…/issues/g-7/screenshots` → g-7). */
export function draftTargetOf(path: string): DraftTarget {
  if (/^\/projects\/[^/]+$/.test(path.replace(/\.json$/, ''))) return { kind: 'project', pathId: '' };
  const match = DRAFT_TARGET.exec(path);
  if (!match) return null;
  // Ids are plain ASCII (g-7, fr-3, 12): an escaped one names nothing, so it is kept as sent.
  return { kind: match[1] === 'issues' ? 'issue' : 'feature_request', pathId: match[2] };
}

/**
 * Loads the project named by the path, checks `Service-Project-ID` (alias `BetaHub-Project-ID`)
 * against it (docs/api-choices.md#project-header) and the caller's right to see it (401 before 403).
 */
export function projectMiddleware(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!hasEndpoint(c)) return next();
    const publicId = c.req.param('project_id') ?? '';
    const canonical = c.req.header('service-project-id');
    const header = canonical ?? c.req.header('betahub-project-id');
    if (header !== undefined && header.trim() !== publicId) {
      throw badRequest(
        `The Service-Project-ID header (${header}) does not match the project in the path (${publicId}).`,
      );
    }
    if (header === undefined) noteMissingProjectHeader(c);
    else if (canonical === undefined) noteShape(c, 'project-header-alias', `BetaHub-Project-ID: ${header}`);
    const project = rememberedSettings(deps.db, 'project', publicId, () => findProjectByPublicId(deps.db, publicId));
    if (!project) throw notFound('Project not found.');
    // A device sign-in token reaches the project that asked for it and no other.
    const grant = c.get('caller').deviceGrant;
    if (grant && grant.projectPublicId !== project.public_id)
      throw forbidden('This device sign-in token was granted for another project.');
    assertCanViewProject(deps, c.get('caller'), project);
    assertGrantReaches(deps, c.get('caller'), project, draftTargetOf(c.req.path));
    c.set('project', project);
    await next();
  };
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
