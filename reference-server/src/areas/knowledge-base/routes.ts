// Knowledge-base route (docs/api-choices.md#operation-paths): POST /projects/{pid}/support_knowledge/ask with
// {question}.
import { Hono } from 'hono';
import { KnowledgeQuestion } from '../../../../widget/src/protocol/knowledge-base.ts';
import type { Deps } from '../../deps.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/env.ts';
import { askKnowledgeBase, assertCanAskKnowledgeBase } from './ask.ts';

export function knowledgeBaseRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/projects/:project_id/support_knowledge/ask', async (c) => {
    assertCanAskKnowledgeBase(c.get('caller'), c.get('project'));
    const { question } = KnowledgeQuestion.parse(await readBody(c));
    return c.json(await askKnowledgeBase(deps, c.get('caller'), c.get('project'), question));
  });
  return app;
}
