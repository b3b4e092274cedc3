// The caller and project middleware every /projects route runs behind (mounted by app.ts): who is calling, and the
// project of a /projects/{project_id} path with its header, visibility and draft-token checks. It also declares
// the `caller` and `project` request variables on the kernel's AppEnv, which knows no area.
import type { MiddlewareHandler } from 'hono';
import { rememberedSettings } from '../../db/remembered-rows.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { noteMissingProjectHeader, noteShape } from '../../http/conformance-recorder.ts';
import type { AppEnv } from '../../http/env.ts';
import { clientIp, hasEndpoint } from '../../http/middleware.ts';
import { assertCanViewProject, assertGrantReaches, type DraftTarget } from './access.ts';
import { resolveCaller, type Caller } from './caller.ts';
import { findProjectByPublicId, type ProjectRow } from './repository.ts';

declare module '../../http/env.ts' {
  interface AppVariables {
    caller: Caller;
    project: ProjectRow;
  }
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
    const alias = c.req.header('betahub-project-id');
    // Each header that is sent must name the path's project: an alias naming another project beside a right
    // Service-Project-ID still names two projects.
    for (const [name, value] of [
      ['Service-Project-ID', canonical],
      ['BetaHub-Project-ID', alias],
    ] as const) {
      if (value !== undefined && value.trim() !== publicId)
        throw badRequest(`The ${name} header (${value}) does not match the project in the path (${publicId}).`);
    }
    const header = canonical ?? alias;
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
