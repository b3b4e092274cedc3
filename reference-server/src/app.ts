// Builds the Hono app from its dependencies, with no I/O of its own: routes per resource,
// CORS, the `.json` suffix rule, the caller, the project checks and the one error mapper.
import { Hono } from 'hono';
import type { Deps } from './deps.ts';
import type { AppEnv } from './http/env.ts';
import { corsMiddleware } from './http/cors.ts';
import { mapError } from './http/error-mapper.ts';
import { callerMiddleware, commitGroupMiddleware, projectMiddleware, requestId, strictMiddleware } from './http/middleware.ts';
import { adminRoutes } from './areas/admin/routes.ts';
import { authRoutes } from './areas/projects-auth/auth-routes.ts';
import { docsRoutes } from './http/docs.ts';
import { eventRoutes } from './areas/events/routes.ts';
import { inboxRoutes } from './areas/inbox/routes.ts';
import { staticRoutes } from './http/static.ts';
import { projectRoutes } from './areas/projects-auth/routes.ts';
import { searchRoutes } from './areas/search/routes.ts';
import { featureRequestRoutes } from './areas/submissions/feature-request-routes.ts';
import { ticketRoutes } from './areas/submissions/ticket-routes.ts';
import { submissionTokenRoutes } from './areas/submissions/submission-token-routes.ts';
import { issueRoutes } from './areas/issues/routes.ts';
import { releaseRoutes } from './areas/releases/routes.ts';
import { playtimeRoutes } from './areas/playtime/routes.ts';
import { gameFactRoutes } from './areas/game-facts/routes.ts';
import { knowledgeBaseRoutes } from './areas/knowledge-base/routes.ts';
import { crashRoutes } from './areas/crashes/routes.ts';
import { mediaRoutes } from './areas/media/routes.ts';
import { storageRoutes } from './areas/media/storage-routes.ts';

/** `/projects/pr-1.json` routes as `/projects/pr-1` (decisions §1); storage keys are left alone. */
export function stripJsonSuffix(request: Request, keep: readonly string[] = ['/cdn/', '/storage/']): string {
  const url = request.url;
  const start = url.indexOf('/', url.indexOf('://') + 3);
  const end = url.indexOf('?', start);
  const path = end === -1 ? url.slice(start) : url.slice(start, end);
  if (keep.some((prefix) => path.startsWith(prefix))) return path;
  return path.endsWith('.json') ? path.slice(0, -5) : path;
}

/** Route modules of each area, mounted at the root; an area adds its module here. */
export type RouteModule = (deps: Deps) => Hono<AppEnv>;
const projectScopedModules: RouteModule[] = [projectRoutes, searchRoutes, issueRoutes, releaseRoutes, eventRoutes, playtimeRoutes, gameFactRoutes, knowledgeBaseRoutes, featureRequestRoutes, ticketRoutes, submissionTokenRoutes, mediaRoutes];

export function createApp(deps: Deps): Hono<AppEnv> {
  const statics = deps.config.staticDirs ?? [];
  const keep = ['/cdn/', '/storage/', ...statics.map((s) => `${s.prefix}/`)];
  const app = new Hono<AppEnv>({ getPath: (request) => stripJsonSuffix(request, keep) });
  app.onError(mapError);
  app.notFound((c) => c.json({ error: `No route for ${c.req.method} ${c.req.path}.` }, 404));
  app.use('*', requestId());
  app.use('*', commitGroupMiddleware(deps));
  app.use('*', corsMiddleware());

  app.route('/', docsRoutes(deps));
  app.route('/', inboxRoutes());
  for (const { prefix, dir } of statics) app.route('/', staticRoutes(prefix, dir));
  if (deps.config.admin) app.route('/', adminRoutes(deps));

  app.route('/', storageRoutes(deps));
  for (const path of ['/projects', '/projects/*']) app.use(path, callerMiddleware(deps));
  app.use('/projects/:project_id', projectMiddleware(deps));
  app.use('/projects/:project_id/*', projectMiddleware(deps));
  for (const path of ['/projects', '/projects/*', '/auth/*']) app.use(path, strictMiddleware(deps));
  app.route('/', authRoutes(deps));
  app.route('/', crashRoutes(deps));
  for (const module of projectScopedModules) app.route('/', module(deps));
  return app;
}
