// Issue search (GET and POST /projects/{pid}/issues/search) and find_similar.
import { Hono } from 'hono';
import { FindSimilarQuery, SearchIssuesQuery } from '../../../../widget/src/protocol/search.ts';
import type { Deps } from '../../deps.ts';
import { readBody, readQuery } from '../../http/body.ts';
import type { AppEnv } from '../../http/env.ts';
import { searchIssues } from './issue-search.ts';
import { findSimilar } from './similar.ts';

export function searchRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/projects/:project_id/issues/search', (c) =>
    c.json(searchIssues(deps, c.get('caller'), c.get('project'), SearchIssuesQuery.parse(readQuery(c)))),
  );
  app.post('/projects/:project_id/issues/search', async (c) => {
    // The POST takes the same parameters in the body (query-string ones are read too), except
    // page, sort and direction, which are GET only: a POST answers the first page by relevance.
    const { page, sort, direction, ...raw } = { ...readQuery(c), ...(await readBody(c)) };
    return c.json(searchIssues(deps, c.get('caller'), c.get('project'), SearchIssuesQuery.parse(raw)));
  });
  app.get('/projects/:project_id/issues/:issue_id/find_similar', (c) =>
    c.json(
      findSimilar(
        deps,
        c.get('caller'),
        c.get('project'),
        c.req.param('issue_id'),
        FindSimilarQuery.parse(readQuery(c)),
      ),
    ),
  );
  return app;
}
