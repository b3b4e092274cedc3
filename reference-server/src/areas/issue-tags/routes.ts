// GET /projects/{project_id}/issue_tags(.json): the tags whose ids filter the issue list.
import { Hono } from 'hono';
import type { Deps } from '../../deps.ts';
import type { AppEnv } from '../../http/env.ts';
import { listIssueTags } from './service.ts';

export function issueTagRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/projects/:project_id/issue_tags', (c) => c.json(listIssueTags(deps, c.get('project'))));
  return app;
}
