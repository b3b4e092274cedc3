// The knowledge-base area owns POST /projects/{pid}/support_knowledge/ask: the documents a
// question is answered from (game facts, glossary, chunks, resolved issues) and their BM25 index.
import { loadKnowledgeBaseFixture } from './fixtures.ts';
import type { Area } from '../area.ts';
import { localKnowledgeIndexes } from './ask.ts';
import { knowledgeBaseRoutes } from './routes.ts';

export const knowledgeBaseArea: Area = {
  routes: knowledgeBaseRoutes,
  loadFixture: loadKnowledgeBaseFixture,
  // The thread's indexes need no reset: the reset's writes move their read version.
  reset: (deps) => localKnowledgeIndexes(deps.db).forget(),
};
