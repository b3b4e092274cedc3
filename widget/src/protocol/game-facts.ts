// Game facts: descriptive data about a game (docs/api/game-facts.md). Every nested structure is
// validated; the length limits are ours.
import { z } from 'zod';
import { ProjectId, Timestamp } from './common.ts';
import { defineOperation } from './operation.ts';
import { paths } from './paths.ts';
import { toRecordList } from './releases.ts';

export const GAME_FACT_LIMITS = {
  description: 10_000,
  genre: 200,
  targetAudience: 1_000,
  listItem: 500,
  items: 200,
  term: 200,
  definition: 2_000,
  controlKey: 100,
  controlValue: 500,
  requirementKey: 50,
  requirement: 500,
} as const;

/** Names unknown members (strict objects) instead of the generic message. */
function objectError(issue: { code?: string; input?: unknown; keys?: string[] }): string {
  if (issue.code === 'unrecognized_keys') return `unknown field ${(issue.keys ?? []).join(', ')}`;
  return issue.input === undefined ? 'is required' : 'must be an object';
}
const text = (max: number) => z.string({ error: 'must be a string' }).max(max, `must be at most ${max} characters`);
const list = (max: number) =>
  z
    .array(text(max), { error: 'must be an array of strings' })
    .max(GAME_FACT_LIMITS.items, `must have at most ${GAME_FACT_LIMITS.items} items`);
const map = (keyMax: number, valueMax: number) =>
  z
    .record(z.string().min(1).max(keyMax, `keys must be at most ${keyMax} characters`), text(valueMax), {
      error: 'must be an object of strings',
    })
    .refine(
      (m) => Object.keys(m).length <= GAME_FACT_LIMITS.items,
      `must have at most ${GAME_FACT_LIMITS.items} entries`,
    );

export const GlossaryEntry = z
  .object({
    term: z
      .string({ error: 'is required' })
      .trim()
      .min(1, 'must not be blank')
      .max(GAME_FACT_LIMITS.term, `must be at most ${GAME_FACT_LIMITS.term} characters`),
    definition: z
      .string({ error: 'is required' })
      .trim()
      .min(1, 'must not be blank')
      .max(GAME_FACT_LIMITS.definition, `must be at most ${GAME_FACT_LIMITS.definition} characters`),
  })
  .strict();
// Form bodies send `glossary[items][][term]=…&glossary[items][][definition]=…` (merged by toRecordList).
const glossaryList = z.preprocess(
  toRecordList,
  z
    .array(GlossaryEntry, { error: 'must be an array of {term, definition}' })
    .max(GAME_FACT_LIMITS.items, `must have at most ${GAME_FACT_LIMITS.items} entries`),
);

export const GLOSSARY_SECTIONS = ['items', 'characters', 'events', 'locations', 'other_terms'] as const;

/** The writable part, every member optional: an update merges what it names (see mergeGameFacts). */
export const GameFactsInput = z
  .object(
    {
      description: text(GAME_FACT_LIMITS.description).optional(),
      genre: text(GAME_FACT_LIMITS.genre).optional(),
      target_audience: text(GAME_FACT_LIMITS.targetAudience).optional(),
      platforms: list(GAME_FACT_LIMITS.listItem).optional(),
      core_mechanics: z
        .object(
          {
            key_features: list(GAME_FACT_LIMITS.listItem).optional(),
            game_modes: list(GAME_FACT_LIMITS.listItem).optional(),
            controls: z
              .object(
                {
                  pc: map(GAME_FACT_LIMITS.controlKey, GAME_FACT_LIMITS.controlValue).optional(),
                  console: map(GAME_FACT_LIMITS.controlKey, GAME_FACT_LIMITS.controlValue).optional(),
                },
                { error: objectError },
              )
              .strict()
              .optional(),
          },
          { error: objectError },
        )
        .strict()
        .optional(),
      technical_specifications: z
        .object(
          {
            supported_platforms: list(GAME_FACT_LIMITS.listItem).optional(),
            minimum_system_requirements: map(GAME_FACT_LIMITS.requirementKey, GAME_FACT_LIMITS.requirement).optional(),
          },
          { error: objectError },
        )
        .strict()
        .optional(),
      glossary: z
        .object(
          Object.fromEntries(GLOSSARY_SECTIONS.map((s) => [s, glossaryList.optional()])) as Record<
            (typeof GLOSSARY_SECTIONS)[number],
            z.ZodOptional<typeof glossaryList>
          >,
          { error: objectError },
        )
        .strict()
        .optional(),
    },
    { error: objectError },
  )
  .strict();
export type GameFactsInput = z.infer<typeof GameFactsInput>;

export const GameFactsUpdateBody = z.object({ game_fact: GameFactsInput });

const GlossaryTerms = z.array(z.object({ term: z.string(), definition: z.string() }));

/** The full object: every section present, empty when never set. */
export const GameFacts = z.object({
  description: z.string(),
  genre: z.string(),
  target_audience: z.string(),
  platforms: z.array(z.string()),
  core_mechanics: z.object({
    key_features: z.array(z.string()),
    game_modes: z.array(z.string()),
    controls: z.object({ pc: z.record(z.string(), z.string()), console: z.record(z.string(), z.string()) }),
  }),
  technical_specifications: z.object({
    supported_platforms: z.array(z.string()),
    minimum_system_requirements: z.record(z.string(), z.string()),
  }),
  glossary: z.object({
    items: GlossaryTerms,
    characters: GlossaryTerms,
    events: GlossaryTerms,
    locations: GlossaryTerms,
    other_terms: GlossaryTerms,
  }),
  project: z.object({ id: ProjectId, name: z.string() }),
  meta: z.object({ created_at: Timestamp, updated_at: Timestamp }),
});
export type GameFacts = z.infer<typeof GameFacts>;
export type GameFactsContent = Omit<GameFacts, 'project' | 'meta'>;

export function emptyGameFacts(): GameFactsContent {
  return {
    description: '',
    genre: '',
    target_audience: '',
    platforms: [],
    core_mechanics: { key_features: [], game_modes: [], controls: { pc: {}, console: {} } },
    technical_specifications: { supported_platforms: [], minimum_system_requirements: {} },
    glossary: { items: [], characters: [], events: [], locations: [], other_terms: [] },
  };
}

/**
 * Merges a partial update into the stored facts: the sections `core_mechanics`,
 * `core_mechanics.controls`, `technical_specifications` and `glossary` merge member by member;
 * every other value (strings, arrays, the control and requirement maps) is replaced whole.
 */
export function mergeGameFacts(current: GameFactsContent, update: GameFactsInput): GameFactsContent {
  const { core_mechanics: cm, technical_specifications: ts, glossary, ...scalars } = update;
  return {
    ...current,
    ...scalars,
    core_mechanics: {
      ...current.core_mechanics,
      ...(cm ? { ...cm, controls: { ...current.core_mechanics.controls, ...cm.controls } } : {}),
    },
    technical_specifications: { ...current.technical_specifications, ...ts },
    glossary: { ...current.glossary, ...glossary },
  };
}

export const gameFactOperations = {
  showGameFacts: defineOperation({
    id: 'showGameFacts',
    ...paths.showGameFacts,
    tag: 'Game facts',
    summary: 'The game facts; 404 before any exist.',
    response: GameFacts,
  }),
  updateGameFacts: defineOperation({
    id: 'updateGameFacts',
    ...paths.updateGameFacts,
    tag: 'Game facts',
    summary: 'Merge partial sections; created on first update (developer-level or project.settings.edit).',
    body: GameFactsUpdateBody,
    response: GameFacts,
  }),
} as const;
