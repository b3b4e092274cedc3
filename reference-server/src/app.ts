// Builds the Hono app from its dependencies, with no I/O of its own: each area's routes (areas/index.ts),
// CORS, the `.json` suffix rule, the caller, the project checks and the one error mapper.
import { Hono } from 'hono';
import type { Deps } from './deps.ts';
import type { AppEnv } from './http/env.ts';
import { corsMiddleware } from './http/cors.ts';
import { privateSurfaceGuard } from './http/private-surface.ts';
import { mapError } from './http/error-mapper.ts';
import { stagedUploads } from './http/multipart.ts';
import { commitGroupMiddleware, hasEndpoint, strictMiddleware } from './http/middleware.ts';
import { callerMiddleware, projectMiddleware } from './areas/projects-auth/middleware.ts';
import { conformanceMiddleware, conformanceRecorderOf } from './http/conformance-recorder.ts';
import { explainMistakes } from './areas/conformance/mistakes.ts';
import { docsRoutes } from './http/docs.ts';
import { staticRoutes } from './http/static.ts';

/**
 * `/projects/pr-1.json` routes as `/projects/pr-1` (docs/api-choices.md#paths-and-the-json-suffix); storage keys are
 * left alone.
 */
export function stripJsonSuffix(request: Request, keep: readonly string[] = ['/cdn/', '/storage/']): string {
  const url = request.url;
  const start = url.indexOf('/', url.indexOf('://') + 3);
  const end = url.indexOf('?', start);
  const path = end === -1 ? url.slice(start) : url.slice(start, end);
  if (keep.some((prefix) => path.startsWith(prefix))) return path;
  return path.endsWith('.json') ? path.slice(0, -5) : path;
}

export function createApp(deps: Deps): Hono<AppEnv> {
  const statics = deps.config.staticDirs ?? [];
  const keep = ['/cdn/', '/storage/', ...statics.map((s) => `${s.prefix}/`)];
  const app = new Hono<AppEnv>({ getPath: (request) => stripJsonSuffix(request, keep) });
  app.onError(mapError);
  app.notFound((c) => c.json({ error: `No route for ${c.req.method} ${c.req.path}.` }, 404));
  app.use('*', commitGroupMiddleware(deps));
  // Preflights; the headers of every other answer are set on Node's response (server.ts). Neither on the
  // machine-private /__admin surface, whichever area serves a path of it.
  app.use('*', corsMiddleware());
  app.use('/__admin/*', privateSurfaceGuard());
  // Notes every API request's non-canonical shapes for GET /__admin/conformance (400 under --strict).
  const recorder = conformanceRecorderOf(deps);
  app.use('*', conformanceMiddleware(recorder, deps.config.strict, hasEndpoint, explainMistakes(deps)));
  app.use('*', stagedUploads(deps));

  app.route('/', docsRoutes(deps));
  for (const { prefix, dir } of statics) app.route('/', staticRoutes(prefix, dir));

  // Who is calling and the project of the path (areas/projects-auth/middleware.ts), before every area's routes.
  for (const path of ['/projects', '/projects/*']) app.use(path, callerMiddleware(deps));
  app.use('/projects/:project_id', projectMiddleware(deps));
  app.use('/projects/:project_id/*', projectMiddleware(deps));
  for (const path of ['/projects', '/projects/*', '/auth/*']) app.use(path, strictMiddleware(deps));
  // Each area's routes (areas/index.ts); routes outside /projects and /auth skip the middleware above.
  for (const area of deps.areas) app.route('/', area.routes(deps));
  return app;
}
