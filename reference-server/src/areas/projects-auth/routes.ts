// GET /projects and GET /projects/{project_id}, plus the custom field definitions.
import { Hono } from 'hono';
import { CustomFieldListQuery } from '../../../../widget/src/protocol/custom-fields.ts';
import { ProjectListQuery } from '../../../../widget/src/protocol/projects.ts';
import type { Deps } from '../../deps.ts';
import type { AppEnv } from '../../http/env.ts';
import { readQuery } from '../../http/body.ts';
import { listCustomFieldDefinitions } from './custom-fields.ts';
import { listProjects, toProjectDetail } from './projects.ts';

export function projectRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/projects', (c) => c.json(listProjects(deps, c.get('caller'), ProjectListQuery.parse(readQuery(c)))));
  app.get('/projects/:project_id', (c) => c.json(toProjectDetail(deps, c.get('caller'), c.get('project'))));
  app.get('/projects/:project_id/custom_fields', (c) => {
    const query = CustomFieldListQuery.parse(readQuery(c));
    return c.json(listCustomFieldDefinitions(deps, c.get('caller'), c.get('project'), query.applies_to, query.page));
  });
  return app;
}
