// The knowledge-base area owns POST /projects/{pid}/support_knowledge/ask: the documents a
// question is answered from (game facts, glossary, chunks, resolved issues) and their BM25 index.
import type { Area } from '../area.ts';
import { knowledgeBaseRoutes } from './routes.ts';

export const knowledgeBaseArea: Area = { routes: knowledgeBaseRoutes };
