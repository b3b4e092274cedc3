// The knowledge-base question (docs/api-choices.md#operation-paths): the support_knowledge module must be enabled
// (404 otherwise: the feature does not exist on that project), project tokens need
// can_search_knowledge_base, and the per-IP daily counter 'knowledge_base' applies. The answer
// quotes the best passages (passage-index.ts) and lists where each came from.
import type { KnowledgeAnswer, KnowledgeSource } from '../../../../widget/src/protocol/knowledge-base.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { consumeDailyLimit, requireTokenFlag } from '../projects-auth/access.ts';
import type { Caller } from '../projects-auth/caller.ts';
import { knowledgeDocuments, type KnowledgeDocument } from './documents.ts';
import { rankPassages, splitPassages, tokenize, type Passage } from './passage-index.ts';

/** At most this many passages are quoted, each from a different source. */
export const MAX_SOURCES = 3;
/** A further source is quoted only when it scores at least this share of the best one. */
export const RELATIVE_CUTOFF = 0.5;
const EXCERPT_LENGTH = 300;

/** The module and flag checks, before the question is read (403/404 never depend on the body). */
export function assertCanAskKnowledgeBase(caller: Caller, project: ProjectRow): void {
  const modules = JSON.parse(project.modules) as string[];
  if (!modules.includes('support_knowledge'))
    throw notFound('The knowledge base (module support_knowledge) is not enabled for this project.');
  if (caller.token) requireTokenFlag(caller, project, 'can_search_knowledge_base');
}

function excerpt(text: string): string {
  return text.length <= EXCERPT_LENGTH ? text : `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`;
}

export function answerQuestion(documents: KnowledgeDocument[], question: string): KnowledgeAnswer {
  const passages: Passage<KnowledgeDocument>[] = documents.flatMap((document) => {
    const title = tokenize(document.title);
    return splitPassages(document.text).map((text) => ({ document, text, tokens: [...title, ...tokenize(text)] }));
  });
  const ranked = rankPassages(passages, question);
  const best: typeof ranked = [];
  for (const passage of ranked) {
    if (best.length === MAX_SOURCES || passage.score < ranked[0].score * RELATIVE_CUTOFF) break;
    if (!best.some((chosen) => chosen.document === passage.document)) best.push(passage);
  }
  if (best.length === 0) {
    return {
      answer:
        "I could not find anything about that in this game's knowledge base. " +
        'Try other words, or contact the developers.',
      sources: [],
    };
  }
  const sources: KnowledgeSource[] = best.map((p) => ({
    kind: p.document.kind,
    id: p.document.id,
    title: p.document.title,
    excerpt: excerpt(p.text),
  }));
  return { answer: best.map((p) => p.text).join('\n\n'), sources };
}

export function askKnowledgeBase(deps: Deps, caller: Caller, project: ProjectRow, question: string): KnowledgeAnswer {
  assertCanAskKnowledgeBase(caller, project);
  consumeDailyLimit(deps, caller, 'knowledge_base');
  return answerQuestion(knowledgeDocuments(deps, project), question);
}
