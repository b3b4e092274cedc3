// The projects-auth area owns who the caller is and what they may do: the Authorization header,
// JWTs, roles and token flags, the per-IP counter, POST /auth/verify, and projects (with their
// organizations, users, members and custom field definitions) that every other area reads.
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';
import { loadProjectsAuthFixture } from './fixtures.ts';
import type { Area } from '../area.ts';
import { authRoutes } from './auth-routes.ts';
import { projectRoutes } from './routes.ts';

export const projectsAuthArea: Area = {
  loadFixture: loadProjectsAuthFixture,
  routes(deps) {
    const app = new Hono<AppEnv>();
    app.route('/', authRoutes(deps));
    app.route('/', projectRoutes(deps));
    return app;
  },
};
