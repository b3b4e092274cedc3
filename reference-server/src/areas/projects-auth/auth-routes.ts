// POST /auth/verify: what the Authorization header is, and for which project (docs/api-choices.md#operation-paths).
import { Hono } from 'hono';
import type { Deps } from '../../deps.ts';
import type { AppEnv } from '../../http/env.ts';
import { clientIp } from '../../http/middleware.ts';
import { verifyCredential } from './verify.ts';

export function authRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/auth/verify', async (c) =>
    c.json(await verifyCredential(deps, c.req.header('authorization'), clientIp(c))),
  );
  return app;
}
