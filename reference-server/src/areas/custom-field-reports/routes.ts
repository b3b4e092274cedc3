// GET custom_issue_fields(.json) and custom_field_aggregations(.json) of a project.
import { Hono } from 'hono';
import { CustomFieldAggregationQuery } from '../../../../widget/src/protocol/custom-fields.ts';
import type { Deps } from '../../deps.ts';
import { readQuery } from '../../http/body.ts';
import type { AppEnv } from '../../http/env.ts';
import { aggregateCustomField, listCustomIssueFields } from './service.ts';

export function customFieldReportRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/projects/:project_id/custom_issue_fields', (c) =>
    c.json(listCustomIssueFields(deps, c.get('caller'), c.get('project'))),
  );
  app.get('/projects/:project_id/custom_field_aggregations', (c) => {
    const query = CustomFieldAggregationQuery.parse(readQuery(c));
    return c.json(aggregateCustomField(deps, c.get('caller'), c.get('project'), query));
  });
  return app;
}
