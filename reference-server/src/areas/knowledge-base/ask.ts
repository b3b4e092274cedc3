// The knowledge-base question (docs/api-choices.md#operation-paths): the support_knowledge module must be enabled
// (404 otherwise: the feature does not exist on that project), project tokens need can_search_knowledge_base, and
// the per-IP daily counter 'knowledge_base' applies. Those checks (the counter writes) run here, in the request
// thread; the ranking runs in the knowledge-base thread on a database file (knowledge-thread.ts), in-process on
// a `:memory:` database, which no other connection can open.
import type { KnowledgeAnswer } from '../../../../widget/src/protocol/knowledge-base.ts';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { consumeDailyLimit, requireTokenFlag } from '../projects-auth/access.ts';
import type { Caller } from '../projects-auth/caller.ts';
import { KnowledgeIndexes } from './index-cache.ts';

/** The module and flag checks, before the question is read (403/404 never depend on the body). */
export function assertCanAskKnowledgeBase(caller: Caller, project: ProjectRow): void {
  const modules = JSON.parse(project.modules) as string[];
  if (!modules.includes('support_knowledge'))
    throw notFound('The knowledge base (module support_knowledge) is not enabled for this project.');
  if (caller.token) requireTokenFlag(caller, project, 'can_search_knowledge_base');
}

const inProcess = new WeakMap<Db, KnowledgeIndexes>();

/** The indexes of questions answered on this connection's event loop (no knowledge-base thread). */
export function localKnowledgeIndexes(db: Db): KnowledgeIndexes {
  let indexes = inProcess.get(db);
  if (!indexes) {
    indexes = new KnowledgeIndexes(db);
    inProcess.set(db, indexes);
  }
  return indexes;
}

export async function askKnowledgeBase(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  question: string,
): Promise<KnowledgeAnswer> {
  assertCanAskKnowledgeBase(caller, project);
  consumeDailyLimit(deps, caller, 'knowledge_base');
  if (deps.knowledgeThread) return deps.knowledgeThread.ask(project, question);
  return localKnowledgeIndexes(deps.db).answer(project, question);
}
