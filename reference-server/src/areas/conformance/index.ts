// Conformance area: GET/DELETE /__admin/conformance (unless --no-admin). The recording itself is
// http/conformance-recorder.ts, run by app.ts on every request.
import { Hono } from 'hono';
import { conformanceRecorderOf } from '../../http/conformance-recorder.ts';
import type { AppEnv } from '../../http/env.ts';
import type { Area } from '../area.ts';
import { conformanceRoutes } from './routes.ts';

export const conformanceArea: Area = {
  routes: (deps) => (deps.config.admin ? conformanceRoutes(conformanceRecorderOf(deps)) : new Hono<AppEnv>()),
};
