// The media area owns an issue's files: multipart and three-step direct uploads, video segments
// and video processing, the media rules, the storage emulator's PUT and CDN routes, and the jobs
// that purge unconfirmed uploads and process videos. Its reset empties the stored files.
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';
import { storageFor } from '../../storage/storage.ts';
import type { Area } from '../area.ts';
import { mediaJobs } from './jobs.ts';
import { mediaRoutes } from './routes.ts';
import { storageRoutes } from './storage-routes.ts';

export const mediaArea: Area = {
  routes(deps) {
    const app = new Hono<AppEnv>();
    app.route('/', storageRoutes(deps));
    app.route('/', mediaRoutes(deps));
    return app;
  },
  jobs: mediaJobs,
  reset: (deps) => storageFor(deps).clear(),
};
