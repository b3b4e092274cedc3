// The submissions area owns what players send besides issues: feature requests (with votes,
// search and files), support tickets (with attachments) and single-use submission tokens, plus
// the reporter, custom field values and uploads those share.
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';
import type { Area } from '../area.ts';
import { featureRequestRoutes } from './feature-request-routes.ts';
import { submissionTokenRoutes } from './submission-token-routes.ts';
import { ticketRoutes } from './ticket-routes.ts';

export const submissionsArea: Area = {
  routes(deps) {
    const app = new Hono<AppEnv>();
    app.route('/', featureRequestRoutes(deps));
    app.route('/', ticketRoutes(deps));
    app.route('/', submissionTokenRoutes(deps));
    return app;
  },
};
