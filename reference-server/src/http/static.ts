// Serves a directory under a URL prefix (--static /demo=demo): the demo game and the widget
// build under `npm start`, or a studio's own game build beside the server.
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { relative, resolve } from 'node:path';
import type { AppEnv } from './env.ts';

export function staticRoutes(prefix: string, dir: string) {
  const app = new Hono<AppEnv>();
  // serveStatic resolves against the working directory; a relative root keeps it portable.
  const root = relative(process.cwd(), resolve(dir)) || '.';
  app.get(prefix, (c) => c.redirect(`${prefix}/`));
  app.use(`${prefix}/*`, serveStatic({ root, rewriteRequestPath: (path) => path.slice(prefix.length) || '/' }));
  return app;
}
