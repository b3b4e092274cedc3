// Issue search (GET and POST /projects/{pid}/issues/search) and find_similar. Mounting this
// module also wires the area in: the duplicate-detection job, and /__admin/reset forgetting the
// in-memory vocabularies and matrices.
import { Hono } from 'hono';
import { FindSimilarQuery, SearchIssuesQuery } from '../../../../widget/src/protocol/search.ts';
import type { Deps } from '../../deps.ts';
import { readBody, readQuery } from '../../http/body.ts';
import type { AppEnv } from '../../http/env.ts';
import { clearIssueIndex } from './repository.ts';
import { registerDuplicateDetection } from './duplicate-detection.ts';
import { forgetIssueVocabulary } from './issue-vocabulary.ts';
import { searchIssues } from './issue-search.ts';
import { forgetVectors } from './similar-index.ts';
import { findSimilar } from './similar.ts';
import { resetHooks } from '../admin/routes.ts';

// Module-level, once: hooks are shared by every server of the process. No write hook computes
// embeddings: the triggers queue each written issue and every reader catches the queue up first
// (similar-index.ts), so a create pays one queue row, not an embedding.
resetHooks.push((deps) => {
  clearIssueIndex(deps.db);
  forgetIssueVocabulary(deps.db);
  forgetVectors(deps.db);
});

export function searchRoutes(deps: Deps) {
  registerDuplicateDetection(deps);
  const app = new Hono<AppEnv>();
  app.get('/projects/:project_id/issues/search', (c) =>
    c.json(searchIssues(deps, c.get('caller'), c.get('project'), SearchIssuesQuery.parse(readQuery(c)))));
  app.post('/projects/:project_id/issues/search', async (c) => {
    // The POST takes the same parameters in the body; query-string ones are read too.
    const input = SearchIssuesQuery.parse({ ...readQuery(c), ...(await readBody(c)) });
    return c.json(searchIssues(deps, c.get('caller'), c.get('project'), input));
  });
  app.get('/projects/:project_id/issues/:issue_id/find_similar', (c) =>
    c.json(findSimilar(deps, c.get('caller'), c.get('project'), c.req.param('issue_id'), FindSimilarQuery.parse(readQuery(c)))));
  return app;
}
