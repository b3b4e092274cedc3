// The answer to a question: the best passages (BM25, passage-index.ts), each from a different source, quoted in
// full and listed with an excerpt. Pure: the same passages and question always give the same bytes.
import type { KnowledgeAnswer, KnowledgeSource } from '../../../../widget/src/protocol/knowledge-base.ts';
import type { KnowledgeDocument } from './documents.ts';
import { rankPassages, splitPassages, tokenize, type Passage } from './passage-index.ts';

/** At most this many passages are quoted, each from a different source. */
export const MAX_SOURCES = 3;
/** A further source is quoted only when it scores at least this share of the best one. */
export const RELATIVE_CUTOFF = 0.5;
const EXCERPT_LENGTH = 300;

function excerpt(text: string): string {
  return text.length <= EXCERPT_LENGTH ? text : `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`;
}

/** A document's passages with their tokens: what a question is ranked against (index-cache.ts keeps them). */
export function documentPassages(document: KnowledgeDocument): Passage<KnowledgeDocument>[] {
  const title = tokenize(document.title);
  return splitPassages(document.text).map((text) => ({ document, text, tokens: [...title, ...tokenize(text)] }));
}

export function answerFromPassages(passages: Passage<KnowledgeDocument>[], question: string): KnowledgeAnswer {
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
