// Knowledge-base question and answer (docs/api-choices.md#operation-paths): a player's question answered from the game
// facts, the glossary, the project's knowledge chunks and its resolved issues, with sources.
import { z } from 'zod';

export const KNOWLEDGE_QUESTION_MAX = 1_000;

export const KnowledgeQuestion = z.object({
  question: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
    .trim()
    .min(1, 'must not be blank')
    .max(KNOWLEDGE_QUESTION_MAX, `must be at most ${KNOWLEDGE_QUESTION_MAX} characters`),
});

export const KNOWLEDGE_SOURCE_KINDS = ['game_facts', 'glossary', 'knowledge_chunk', 'issue'] as const;

export const KnowledgeSource = z.object({
  kind: z.enum(KNOWLEDGE_SOURCE_KINDS),
  /** game_facts: the section; glossary: `<section>/<term>`; knowledge_chunk: its id; issue: `g-<id>`. */
  id: z.string(),
  title: z.string(),
  excerpt: z.string(),
});
export type KnowledgeSource = z.infer<typeof KnowledgeSource>;

export const KnowledgeAnswer = z.object({ answer: z.string(), sources: z.array(KnowledgeSource) });
export type KnowledgeAnswer = z.infer<typeof KnowledgeAnswer>;
