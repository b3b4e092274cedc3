// The admin area owns the /__admin test surface (reset, fixtures, clock, jobs, notifications),
// mounted unless --no-admin and only for loopback callers, and the record of the emails and
// notifications the real service would have sent.
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';
import type { Area } from '../area.ts';
import { adminRoutes } from './routes.ts';

export const adminArea: Area = { routes: (deps) => (deps.config.admin ? adminRoutes(deps) : new Hono<AppEnv>()) };
