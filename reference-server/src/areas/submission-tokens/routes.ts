// POST /projects/{project_id}/submission_tokens (docs/api-choices.md#operation-paths): 201 {token, expires_at}.
import { Hono } from 'hono';
import type { Deps } from '../../deps.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/env.ts';
import { createSubmissionToken } from './service.ts';

export function submissionTokenRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/projects/:project_id/submission_tokens', async (c) =>
    c.json(await createSubmissionToken(deps, c.get('caller'), c.get('project'), await readBody(c)), 201),
  );
  return app;
}
