// Knowledge base (docs/api-choices.md#operation-paths): POST /projects/{pid}/support_knowledge/ask answers from the
// game facts, the glossary, knowledge chunks and resolved issues with sources; module, token flag,
// per-IP daily counter and bad input.
import { beforeEach, describe, expect, it } from 'vitest';
import { KnowledgeAnswer } from '../../../widget/src/protocol/knowledge-base.ts';
import { serveFile, server } from '../../helpers/file-server.ts';
import { PATS, PROJECT_ID, PUBLIC_PROJECT_ID, TOKENS, seedDocument } from '../../helpers/seed.ts';
import { GAME_FACTS } from '../../helpers/knowledge.ts';

let issues: Record<string, { id: number }>;
serveFile({ seed: false });
beforeEach(async () => {
  await reseed();
});

const KNOWLEDGE = {
  game_facts: GAME_FACTS,
  knowledge_chunks: [
    {
      title: 'Saving your progress',
      content:
        'The game saves automatically at every depot. Cloud saves sync when you sign in with your studio account.',
    },
    {
      title: 'Refund policy',
      content: 'Refunds are granted within 14 days of purchase when less than two hours were played.',
    },
  ],
  issues: [
    {
      key: 'fixed',
      title: 'Black screen after the intro video',
      description: 'Updating the graphics driver fixes the black screen after the intro.',
      status: 'resolved',
    },
    {
      key: 'open',
      title: 'Audio crackles on the map screen',
      description: 'Audio crackles when opening the star map.',
      status: 'open',
    },
    {
      key: 'raw',
      title: 'Telemetry: audio crackles resolved',
      description: 'Audio crackles automated report.',
      status: 'resolved',
      raw: true,
    },
  ],
};

async function reseed(project: Record<string, unknown> = KNOWLEDGE) {
  await server.request('POST', '/__admin/reset');
  issues = (await server.fixtures(seedDocument({ project }))).issues;
}

const ask = (question: unknown, auth = `Bearer ${PATS.tester}`, projectId = PROJECT_ID) =>
  server.request('POST', `/projects/${projectId}/support_knowledge/ask`, {
    auth,
    json: question === undefined ? {} : { question },
  });

describe('POST /projects/{pid}/support_knowledge/ask', () => {
  it('answers from a knowledge chunk, quoting it and naming the source', async () => {
    const r = await ask('How do I save my progress?');
    expect(r.status).toBe(200);
    const answer = KnowledgeAnswer.strict().parse(r.body);
    expect(answer.answer).toContain('The game saves automatically at every depot.');
    expect(answer.sources[0]).toEqual({
      kind: 'knowledge_chunk',
      id: expect.stringMatching(/^\d+$/),
      title: 'Saving your progress',
      excerpt: expect.stringContaining('saves automatically'),
    });
  });

  it('answers from the glossary', async () => {
    const r = await ask('What does the flux capacitor do?');
    expect(r.body.sources[0]).toEqual({
      kind: 'glossary',
      id: 'items/Flux capacitor',
      title: 'Flux capacitor',
      excerpt: 'Flux capacitor: An upgrade that doubles your boost duration.',
    });
    expect(r.body.answer).toMatch(/^Flux capacitor: An upgrade that doubles your boost duration\./);
  });

  it('answers from the game facts: controls and system requirements', async () => {
    const controls = await ask('Which key is boost on PC?');
    expect(controls.body.sources[0]).toMatchObject({ kind: 'game_facts', id: 'controls' });
    expect(controls.body.answer).toContain('boost: Left Shift');
    const requirements = await ask('What are the minimum system requirements? How much RAM?');
    expect(requirements.body.sources[0]).toMatchObject({ kind: 'game_facts', id: 'technical_specifications' });
    expect(requirements.body.answer).toContain('ram: 8 GB');
  });

  it('answers from resolved issues only, never open or raw ones', async () => {
    const fixed = await ask('I get a black screen after the intro video');
    expect(fixed.body.sources[0]).toEqual({
      kind: 'issue',
      id: `g-${issues.fixed.id}`,
      title: 'Black screen after the intro video',
      excerpt: expect.stringContaining('graphics driver'),
    });
    const crackles = await ask('audio crackles');
    expect(crackles.body.sources.filter((s: { kind: string }) => s.kind === 'issue')).toEqual([]);
  });

  it('quotes at most three sources, best first, and answers the same way every time', async () => {
    const question = 'boost upgrade depot driver refund';
    const first = await ask(question);
    expect(first.body.sources.length).toBeGreaterThan(0);
    expect(first.body.sources.length).toBeLessThanOrEqual(3);
    expect(new Set(first.body.sources.map((s: { kind: string; id: string }) => `${s.kind}:${s.id}`)).size).toBe(
      first.body.sources.length,
    );
    expect((await ask(question)).body).toEqual(first.body);
  });

  it('says so, with no sources, when nothing matches', async () => {
    const r = await ask('Can I pet the dog?');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      answer:
        "I could not find anything about that in this game's knowledge base. " +
        'Try other words, or contact the developers.',
      sources: [],
    });
  });

  it('answers with no sources for a project with no knowledge at all', async () => {
    await reseed({});
    expect((await ask('How do I save?')).body.sources).toEqual([]);
  });

  it.each([
    ['no question', undefined, 'question: is required'],
    ['a blank question', '   ', 'question: must not be blank'],
    ['a question that is not a string', 42, 'question: must be a string'],
    ['a question over 1000 characters', 'why '.repeat(251), 'question: must be at most 1000 characters'],
  ])('refuses %s with 422', async (_name, question, error) => {
    const r = await ask(question);
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ error });
  });

  it('is 404 when the project has not enabled the support_knowledge module', async () => {
    const r = await ask('How do I save?', 'FormUser anonymous', PUBLIC_PROJECT_ID);
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('The knowledge base (module support_knowledge) is not enabled for this project.');
  });

  it('needs can_search_knowledge_base for a project token (403 without it)', async () => {
    expect((await ask('How do I save?', `FormUser ${TOKENS.all}`)).status).toBe(200);
    const refused = await ask('How do I save?', `FormUser ${TOKENS.none}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Not allowed to search the knowledge base.');
  });

  it('counts project-token questions per IP and day: over the limit is 403, the next day is fine', async () => {
    await reseed({ ...KNOWLEDGE, tokens: [{ token: 'tkn-kb', daily_limit: 2, can_search_knowledge_base: true }] });
    expect((await ask('save', 'FormUser tkn-kb')).status).toBe(200);
    expect((await ask('save', 'FormUser tkn-kb')).status).toBe(200);
    const over = await ask('save', 'FormUser tkn-kb');
    expect(over.status).toBe(403);
    expect(over.body.error).toMatch(/^Not allowed to search the knowledge base\. The daily limit of 2/);
    await server.advance('25h');
    expect((await ask('save', 'FormUser tkn-kb')).status).toBe(200);
  });

  it('does not count a refused question (422) against the daily limit', async () => {
    await reseed({ ...KNOWLEDGE, tokens: [{ token: 'tkn-kb', daily_limit: 1, can_search_knowledge_base: true }] });
    expect((await ask('', 'FormUser tkn-kb')).status).toBe(422);
    expect((await ask('save', 'FormUser tkn-kb')).status).toBe(200);
    expect((await ask('save', 'FormUser tkn-kb')).status).toBe(403);
  });

  it('is 401 for an anonymous caller on a private project', async () => {
    expect((await ask('save', 'FormUser anonymous')).status).toBe(401);
  });
});
