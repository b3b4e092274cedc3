// The admin area owns the /__admin test surface (reset, fixtures, clock, jobs, notifications),
// mounted unless --no-admin and private to the machine (http/private-surface.ts). The record of the emails
// and notifications it lists is the notifications area's (areas/notifications/).
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';
import type { Area } from '../area.ts';
import { adminRoutes } from './routes.ts';

export const adminArea: Area = { routes: (deps) => (deps.config.admin ? adminRoutes(deps) : new Hono<AppEnv>()) };
