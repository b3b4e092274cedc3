// Device sign-in area: the game's create and poll, the player's approval page, and (unless
// --no-admin) the /__admin hook that approves without a browser.
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';
import type { Area } from '../area.ts';
import { deviceAuthAdminRoutes, deviceAuthRoutes } from './routes.ts';

export const deviceAuthArea: Area = {
  routes(deps) {
    const app = new Hono<AppEnv>();
    app.route('/', deviceAuthRoutes(deps));
    if (deps.config.admin) app.route('/', deviceAuthAdminRoutes(deps));
    return app;
  },
};
