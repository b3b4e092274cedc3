// Game facts (docs/api/game-facts.md, docs/api-choices.md#operation-paths, docs/api-choices.md#fixture-format): 404
// before any exist, created on first update, partial sections merged, every nested structure validated, fixture
// loading.
import { describe, expect, it } from 'vitest';
import { GameFacts } from '../../../widget/src/protocol/game-facts.ts';
import { reseed, serveReseeded, server } from '../../helpers/file-server.ts';
import { PATS, PROJECT_ID, PUBLIC_PROJECT_ID, TOKENS, seedDocument } from '../../helpers/seed.ts';

serveReseeded();

const path = `/projects/${PROJECT_ID}/game_facts.json`;
const DEV = `Bearer ${PATS.developer}`;
const put = (game_fact: unknown, auth = DEV, method = 'PUT') =>
  server.request(method, path, { auth, json: { game_fact } });

const FULL = {
  description: 'Deliver parcels across the galaxy.',
  genre: 'Arcade',
  target_audience: 'Teens and up',
  platforms: ['Web', 'Windows'],
  core_mechanics: {
    key_features: ['Orbital slingshots'],
    game_modes: ['Story', 'Time trial'],
    controls: { pc: { thrust: 'W', brake: 'S' }, console: { thrust: 'RT' } },
  },
  technical_specifications: {
    supported_platforms: ['Windows 10'],
    minimum_system_requirements: { ram: '8 GB', cpu: 'i5', gpu: 'GTX 960' },
  },
  glossary: {
    items: [{ term: 'Parcel', definition: 'What you deliver.' }],
    characters: [{ term: 'Captain Vex', definition: 'Your rival courier.' }],
    events: [],
    locations: [{ term: 'Hub 7', definition: 'The depot.' }],
    other_terms: [],
  },
};

describe('GET /projects/{pid}/game_facts.json', () => {
  it('is 404 before any facts exist', async () => {
    const r = await server.request('GET', path, { auth: `Bearer ${PATS.tester}` });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: 'This project has no game facts yet.' });
  });

  it('is readable by every caller who can see the project, a project token included', async () => {
    await put(FULL);
    for (const auth of [`Bearer ${PATS.tester}`, `FormUser ${TOKENS.all}`, `FormUser ${TOKENS.none}`]) {
      expect((await server.request('GET', path, { auth })).status).toBe(200);
    }
    expect((await server.request('GET', path, { auth: 'FormUser anonymous' })).status).toBe(401);
  });
});

describe('PUT/PATCH /projects/{pid}/game_facts.json', () => {
  it('creates the facts on the first update and answers the full object with project and meta', async () => {
    const r = await put(FULL);
    expect(r.status).toBe(200);
    const facts = GameFacts.strict().parse(r.body);
    expect(facts).toMatchObject({ ...FULL, project: { id: PROJECT_ID, name: 'Star Courier' } });
    expect(facts.meta.created_at).toBe(facts.meta.updated_at);
    expect((await server.request('GET', path, { auth: DEV })).body).toEqual(r.body);
  });

  it('fills every section the first update leaves out with empty values', async () => {
    const r = await put({ genre: 'Puzzle' });
    expect(r.body).toMatchObject({
      description: '',
      genre: 'Puzzle',
      target_audience: '',
      platforms: [],
      core_mechanics: { key_features: [], game_modes: [], controls: { pc: {}, console: {} } },
      technical_specifications: { supported_platforms: [], minimum_system_requirements: {} },
      glossary: { items: [], characters: [], events: [], locations: [], other_terms: [] },
    });
  });

  it('merges a partial update section by section and keeps created_at', async () => {
    const first = await put(FULL);
    await server.advance('1h');
    const r = await put(
      {
        genre: 'Racing',
        core_mechanics: { game_modes: ['Versus'], controls: { console: { thrust: 'A' } } },
        glossary: { events: [{ term: 'Rush hour', definition: 'Double pay.' }] },
      },
      DEV,
      'PATCH',
    );
    expect(r.status).toBe(200);
    expect(r.body.genre).toBe('Racing');
    expect(r.body.description).toBe(FULL.description);
    expect(r.body.core_mechanics).toEqual({
      key_features: ['Orbital slingshots'],
      game_modes: ['Versus'],
      controls: { pc: { thrust: 'W', brake: 'S' }, console: { thrust: 'A' } },
    });
    expect(r.body.technical_specifications).toEqual(FULL.technical_specifications);
    expect(r.body.glossary).toEqual({ ...FULL.glossary, events: [{ term: 'Rush hour', definition: 'Double pay.' }] });
    expect(r.body.meta.created_at).toBe(first.body.meta.created_at);
    expect(r.body.meta.updated_at > first.body.meta.updated_at).toBe(true);
  });

  it('accepts a form body with bracketed keys and glossary records', async () => {
    const form = new URLSearchParams();
    form.append('game_fact[genre]', 'Strategy');
    form.append('game_fact[platforms][]', 'Mac');
    form.append('game_fact[platforms][]', 'Linux');
    form.append('game_fact[glossary][items][][term]', 'Crystal');
    form.append('game_fact[glossary][items][][definition]', 'Fuel.');
    form.append('game_fact[glossary][items][][term]', 'Shield');
    form.append('game_fact[glossary][items][][definition]', 'Blocks hits.');
    form.append('game_fact[technical_specifications][minimum_system_requirements][ram]', '4 GB');
    const r = await server.request('PATCH', path, {
      auth: DEV,
      raw: form.toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      genre: 'Strategy',
      platforms: ['Mac', 'Linux'],
      technical_specifications: { minimum_system_requirements: { ram: '4 GB' } },
    });
    expect(r.body.glossary.items).toEqual([
      { term: 'Crystal', definition: 'Fuel.' },
      { term: 'Shield', definition: 'Blocks hits.' },
    ]);
  });

  it.each([
    ['no game_fact', undefined, 'game_fact: is required'],
    ['an unknown field', { genre: 'x', mood: 'happy' }, 'game_fact: unknown field mood'],
    [
      'a description over 10,000 characters',
      { description: 'x'.repeat(10_001) },
      'game_fact.description: must be at most 10000 characters',
    ],
    ['a genre over 200 characters', { genre: 'x'.repeat(201) }, 'game_fact.genre: must be at most 200 characters'],
    ['platforms as a string', { platforms: 'PC' }, 'game_fact.platforms: must be an array of strings'],
    [
      'more than 200 platforms',
      { platforms: Array.from({ length: 201 }, (_, i) => `P${i}`) },
      'game_fact.platforms: must have at most 200 items',
    ],
    [
      'a key feature that is not a string',
      { core_mechanics: { key_features: [42] } },
      'game_fact.core_mechanics.key_features.0: must be a string',
    ],
    [
      'an unknown control scheme',
      { core_mechanics: { controls: { mobile: {} } } },
      'game_fact.core_mechanics.controls: unknown field mobile',
    ],
    [
      'a control binding that is not a string',
      { core_mechanics: { controls: { pc: { jump: 1 } } } },
      'game_fact.core_mechanics.controls.pc.jump: must be a string',
    ],
    [
      'controls as an array',
      { core_mechanics: { controls: [] } },
      'game_fact.core_mechanics.controls: must be an object',
    ],
    [
      'a requirement over 500 characters',
      { technical_specifications: { minimum_system_requirements: { gpu: 'x'.repeat(501) } } },
      'game_fact.technical_specifications.minimum_system_requirements.gpu: must be at most 500 characters',
    ],
    ['an unknown glossary section', { glossary: { weapons: [] } }, 'game_fact.glossary: unknown field weapons'],
    [
      'a glossary entry without a definition',
      { glossary: { items: [{ term: 'Sword' }] } },
      'game_fact.glossary.items.0.definition: is required',
    ],
    [
      'a blank glossary term',
      { glossary: { locations: [{ term: ' ', definition: 'Somewhere' }] } },
      'game_fact.glossary.locations.0.term: must not be blank',
    ],
    [
      'a glossary term over 200 characters',
      { glossary: { characters: [{ term: 'x'.repeat(201), definition: 'd' }] } },
      'game_fact.glossary.characters.0.term: must be at most 200 characters',
    ],
    [
      'more than 200 glossary entries',
      { glossary: { other_terms: Array.from({ length: 201 }, (_, i) => ({ term: `t${i}`, definition: 'd' })) } },
      'game_fact.glossary.other_terms: must have at most 200 entries',
    ],
  ])('refuses %s with 422 naming the field', async (_name, gameFact, error) => {
    const r = await server.request('PUT', path, {
      auth: DEV,
      json: gameFact === undefined ? {} : { game_fact: gameFact },
    });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ error });
  });

  it('stores nothing when an update is refused', async () => {
    await put({ genre: 'x', platforms: 'PC' });
    expect((await server.request('GET', path, { auth: DEV })).status).toBe(404);
  });

  it('needs developer-level access or project.settings.edit: 403 for support, tester and project tokens', async () => {
    for (const auth of [`Bearer ${PATS.support}`, `Bearer ${PATS.tester}`, `FormUser ${TOKENS.all}`]) {
      const r = await put({ genre: 'x' }, auth);
      expect(r.status).toBe(403);
      expect(r.body.error).toBe(
        'Changing game facts needs developer-level access or the project.settings.edit permission.',
      );
    }
    // A refused caller learns nothing from validation: still 403 for a bad body.
    expect((await put({ mood: 1 }, `Bearer ${PATS.tester}`)).status).toBe(403);
    for (const who of ['owner', 'orgAdmin', 'siteAdmin'] as const)
      expect((await put({ genre: who }, `Bearer ${PATS[who]}`)).status).toBe(200);
    await reseed({ members: [{ user: 'support', role: 'support', scopes: ['project.settings.edit'] }] });
    expect((await put({ genre: 'x' }, `Bearer ${PATS.support}`)).status).toBe(200);
  });
});

describe('fixture game_facts', () => {
  it('loads the game facts of a project from the fixture document', async () => {
    await reseed({
      game_facts: { genre: 'Arcade', glossary: { items: [{ term: 'Parcel', definition: 'What you deliver.' }] } },
    });
    const r = await server.request('GET', path, { auth: DEV });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      genre: 'Arcade',
      description: '',
      glossary: { items: [{ term: 'Parcel', definition: 'What you deliver.' }] },
    });
    expect(
      (await server.request('GET', `/projects/${PUBLIC_PROJECT_ID}/game_facts.json`, { auth: 'FormUser anonymous' }))
        .status,
    ).toBe(404);
  });

  it('refuses invalid fixture facts with 422 naming the path, loading nothing', async () => {
    await server.request('POST', '/__admin/reset');
    const r = await server.request('POST', '/__admin/fixtures', {
      json: seedDocument({ project: { game_facts: { glossary: { items: [{ term: 'x' }] } } } }),
    });
    expect(r.status).toBe(422);
    expect(r.body.error).toBe('Invalid fixture at projects[0].game_facts.glossary.items.0.definition: is required');
    expect((await server.request('GET', '/projects.json?all=true')).body.projects).toEqual([]);
  });
});
