// The nine custom field rules of issue create, in form and JSON, with both `custom` and
// `custom_fields` keys, the 4096 cap, auto-creation up to 32 fields, and warnings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATS } from '../../helpers/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { serveFile, server } from '../../helpers/file-server.ts';
import { BIG, create, DESCRIPTION, ISSUES, issueFieldCount, withFields } from './fixtures.ts';
import { itLocal } from '../../helpers/local-only.ts';

serveFile({ seed: withFields() });

const form = (fields: Record<string, string | string[]>, auth = BIG) =>
  server.request('POST', `${ISSUES}.json`, { auth, form: { 'issue[description]': DESCRIPTION, ...fields } });
const customValue = (body: { custom_fields: { ident: string; value: unknown }[] }, ident: string) =>
  body.custom_fields.find((f) => f.ident === ident)?.value;

describe('types and encodings (rules 1-4)', () => {
  it('stores every type from JSON, multi_select as an array', async () => {
    const r = await create(server, {
      description: DESCRIPTION,
      custom: {
        platform: 'PC',
        areas: ['Map', 'Combat'],
        repro: true,
        notes: 'seen twice',
        spot: { client_map_id: 'cave', x: 1.5, y: -2 },
      },
    });
    expect(r.status).toBe(201);
    expect(r.body.custom_fields).toEqual([
      { id: expect.any(Number), ident: 'platform', name: 'Platform', field_type: 'single_select', value: 'PC' },
      {
        id: expect.any(Number),
        ident: 'areas',
        name: 'Game areas',
        field_type: 'multi_select',
        value: ['Map', 'Combat'],
      },
      { id: expect.any(Number), ident: 'repro', name: 'Reproducible', field_type: 'boolean', value: true },
      { id: expect.any(Number), ident: 'notes', name: 'Notes', field_type: 'text', value: 'seen twice' },
      {
        id: expect.any(Number),
        ident: 'spot',
        name: 'Spot',
        field_type: 'coordinates',
        value: { client_map_id: 'cave', x: 1.5, y: -2 },
      },
    ]);
  });

  it('reads a form multi_select from repeated bracketed keys and a form boolean from 1 or 0', async () => {
    const r = await form({
      'issue[custom][areas][]': ['Map', 'Menu'],
      'issue[custom][repro]': '0',
      'issue[custom][spot][client_map_id]': 'm1',
      'issue[custom][spot][x]': '3',
      'issue[custom][spot][y]': '4',
    });
    expect(r.status).toBe(201);
    expect(customValue(r.body, 'areas')).toEqual(['Map', 'Menu']);
    expect(customValue(r.body, 'repro')).toBe(false);
    expect(customValue(r.body, 'spot')).toEqual({ client_map_id: 'm1', x: 3, y: 4 });
  });

  it('refuses the strings true and false for a boolean field in form encoding with 422', async () => {
    for (const value of ['true', 'false']) {
      const r = await form({ 'issue[custom][repro]': value });
      expect(r.status).toBe(422);
      expect(r.body.error).toBe(
        `Custom field "Reproducible" is a boolean: in form encoding send 1 or 0, not "${value}".`,
      );
    }
  });

  it('accepts JSON booleans, and the top-level form flags take true and false', async () => {
    expect((await create(server, { description: DESCRIPTION, custom: { repro: false } })).status).toBe(201);
    expect((await form({ draft: 'false', 'issue[process_include_flags]': 'False' })).status).toBe(201);
  });

  it('matches single_select case-sensitively and names the allowed values on 422', async () => {
    const r = await create(server, { description: DESCRIPTION, custom: { platform: 'pc' } });
    expect(r.status).toBe(422);
    expect(r.body.error).toBe(
      'Custom field "Platform" has an invalid value "pc": allowed values are "PC", "Mac", "Switch".',
    );
    const multi = await form({ 'issue[custom][areas][]': ['Map', 'Space'] });
    expect(multi.status).toBe(422);
    expect(multi.body.error).toMatch(/Game areas.*"Space".*"Map", "Menu", "Combat"/);
  });

  it('accepts custom_fields as well as custom', async () => {
    const json = await create(server, { description: DESCRIPTION, custom_fields: { notes: 'via custom_fields' } });
    expect(customValue(json.body, 'notes')).toBe('via custom_fields');
    const viaForm = await form({ 'issue[custom_fields][platform]': 'Mac' });
    expect(customValue(viaForm.body, 'platform')).toBe('Mac');
  });

  it('refuses malformed coordinates with 422', async () => {
    const r = await create(server, { description: DESCRIPTION, custom: { spot: { x: 'left' } } });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatch(/Spot/);
  });
});

describe('required fields and drafts (rule 5)', () => {
  let strict: TestServer;
  beforeAll(async () => {
    const doc = withFields();
    doc.projects[0].custom_fields = [
      ...doc.projects[0].custom_fields!,
      { ident: 'build', name: 'Build number', field_type: 'text', required: true },
    ];
    strict = await startTestServer({ seed: doc });
  });
  afterAll(() => strict.close());

  it('refuses a missing or blank required field with 422 naming it', async () => {
    for (const custom of [{}, { build: '  ' }]) {
      const r = await create(strict, { description: DESCRIPTION, custom });
      expect(r.status).toBe(422);
      expect(r.body.error).toBe('Custom field "Build number" is required.');
    }
    expect((await create(strict, { description: DESCRIPTION, custom: { build: '1234' } })).status).toBe(201);
  });

  it('defers required and select checks of a draft to publish: 201 at create, 422 at publish', async () => {
    const draft = await create(
      strict,
      { description: DESCRIPTION, custom: { platform: 'Amiga' } },
      { top: { draft: true } },
    );
    expect(draft.status).toBe(201);
    const auth = `Bearer ${draft.body.token}`;
    const path = `${ISSUES}/g-${draft.body.id}`;
    const invalid = await strict.request('POST', `${path}/publish`, { auth });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error).toBe(
      'Custom field "Platform" has an invalid value "Amiga": allowed values are "PC", "Mac", "Switch".',
    );
    expect(
      (await strict.request('PATCH', `${path}.json`, { auth, json: { issue: { custom: { platform: 'PC' } } } })).status,
    ).toBe(200);
    const missing = await strict.request('POST', `${path}/publish`, { auth });
    expect(missing.status).toBe(422);
    expect(missing.body.error).toBe('Custom field "Build number" is required.');
    expect(
      (await strict.request('PATCH', `${path}.json`, { auth, json: { issue: { custom: { build: '77' } } } })).status,
    ).toBe(200);
    const published = await strict.request('POST', `${path}/publish`, { auth });
    expect(published.status).toBe(200);
    expect(published.body.status).toBe('open');
  });
});

describe('lookup, auto-creation, caps and warnings (rules 6-9)', () => {
  it('resolves a value by display name when no ident matches', async () => {
    const r = await create(server, { description: DESCRIPTION, custom: { 'Game areas': ['Menu'] } });
    expect(customValue(r.body, 'areas')).toEqual(['Menu']);
  });

  itLocal(
    'auto-creates a text field for an unknown ident on the SDK path, hidden from testers',
    "reads the database or signs a token with the server's key",
    async () => {
      const r = await create(server, { description: DESCRIPTION, custom: { gpu_driver: '551.23' } });
      expect(r.status).toBe(201);
      const field = server.deps.db.prepare("SELECT * FROM custom_fields WHERE ident = 'gpu_driver'").get() as {
        field_type: string;
        player_viewable: number;
        auto_created: number;
      };
      expect(field).toMatchObject({ field_type: 'text', player_viewable: 0, auto_created: 1 });
      expect(customValue(r.body, 'gpu_driver')).toBeUndefined();
      const dev = await server.request('GET', `${ISSUES}/${r.body.scoped_id}.json`, {
        auth: `Bearer ${PATS.developer}`,
      });
      expect(customValue(dev.body, 'gpu_driver')).toBe('551.23');
    },
  );

  it('auto-creates on the Discord path visible to testers', async () => {
    const r = await create(server, {
      description: DESCRIPTION,
      source: 'discord_bot',
      custom: { server_region: 'EU' },
    });
    expect(customValue(r.body, 'server_region')).toBe('EU');
  });

  it('refuses an unknown field from a signed-in user with 422', async () => {
    const r = await create(
      server,
      { description: DESCRIPTION, custom: { mystery: 'x' } },
      { auth: `Bearer ${PATS.tester}` },
    );
    expect(r.status).toBe(422);
    expect(r.body.error).toBe('Unknown custom field "mystery".');
  });

  it('drops a value over 4096 characters with a warning and still answers 201', async () => {
    const r = await create(server, { description: DESCRIPTION, custom: { notes: 'n'.repeat(4097), platform: 'PC' } });
    expect(r.status).toBe(201);
    expect(customValue(r.body, 'notes')).toBeUndefined();
    expect(customValue(r.body, 'platform')).toBe('PC');
    expect(r.body.warnings).toEqual(['Custom field "Notes" was dropped: values are capped at 4096 characters.']);
    expect(
      (await create(server, { description: DESCRIPTION, custom: { notes: 'n'.repeat(4096) } })).body,
    ).not.toHaveProperty('warnings');
  });

  it('counts the 4096 characters of a value as written, not as JSON-escaped or UTF-16 units', async () => {
    const quoted = `${'line "one"\n'.repeat(372)}abcd`;
    expect([...quoted]).toHaveLength(4096);
    const emoji = '🐛'.repeat(4096);
    const r = await create(server, { description: DESCRIPTION, custom: { notes: quoted, newly_quoted: emoji } });
    expect(r.status).toBe(201);
    expect(r.body).not.toHaveProperty('warnings');
    const seen = await server.request('GET', `${ISSUES}/${r.body.scoped_id}.json`, {
      auth: `Bearer ${PATS.developer}`,
    });
    expect(customValue(seen.body, 'notes')).toBe(quoted);
    expect(customValue(seen.body, 'newly_quoted')).toBe(emoji);
    expect((await create(server, { description: DESCRIPTION, custom: { notes: `${quoted}x` } })).body.warnings).toEqual(
      ['Custom field "Notes" was dropped: values are capped at 4096 characters.'],
    );
  });

  itLocal(
    'drops a field testers may not set, with a warning; the team and trusted submission tokens keep it',
    "reads the database or signs a token with the server's key",
    async () => {
      const tester = await create(server, { description: DESCRIPTION, custom: { triage: 'p1' } });
      expect(tester.body.warnings).toEqual([
        'Custom field "Triage" can only be set by the team; the value was dropped.',
      ]);
      const dev = await create(
        server,
        { description: DESCRIPTION, custom: { triage: 'p1' } },
        { auth: `Bearer ${PATS.developer}` },
      );
      expect(customValue(dev.body, 'triage')).toBe('p1');
      const { token } = await server.deps.jwt.signSubmissionToken(
        { project_id: 'pr-1001', custom: { triage: 'from-token' } },
        600,
      );
      const trusted = await create(
        server,
        { description: DESCRIPTION, custom: { triage: 'ignored' } },
        { auth: `${BIG},${token}` },
      );
      expect(
        customValue(
          (
            await server.request('GET', `${ISSUES}/${trusted.body.scoped_id}.json`, {
              auth: `Bearer ${PATS.developer}`,
            })
          ).body,
          'triage',
        ),
      ).toBe('from-token');
    },
  );

  it('stops auto-creating at 32 fields and reports each uncreated field in warnings', async () => {
    const local = await startTestServer({ seed: withFields() });
    try {
      const have = await issueFieldCount(local);
      const custom = Object.fromEntries(Array.from({ length: 32 - have + 2 }, (_, i) => [`extra_${i}`, `v${i}`]));
      const r = await create(local, { description: DESCRIPTION, custom });
      expect(r.status).toBe(201);
      expect(await issueFieldCount(local)).toBe(32);
      expect(r.body.warnings).toHaveLength(2);
      expect(r.body.warnings[0]).toMatch(/was not created: the project already has 32 issue custom fields/);
    } finally {
      await local.close();
    }
  });

  it('hides fields that are not player-viewable from players but shows them to the team', async () => {
    const r = await create(server, { description: DESCRIPTION, custom: { internal: 'secret' } });
    expect(customValue(r.body, 'internal')).toBeUndefined();
    const support = await server.request('GET', `${ISSUES}/${r.body.scoped_id}.json`, {
      auth: `Bearer ${PATS.support}`,
    });
    expect(customValue(support.body, 'internal')).toBe('secret');
  });
});

it('drops a value under a blank ident on the SDK path with a warning, creating no nameless field', async () => {
  const before = await issueFieldCount(server);
  const r = await create(server, { description: DESCRIPTION, custom: { '': 'x', '  ': 'y' } });
  expect(r.status).toBe(201);
  expect(r.body.warnings).toEqual([
    'A custom field with a blank name was dropped.',
    'A custom field with a blank name was dropped.',
  ]);
  expect(await issueFieldCount(server)).toBe(before);
});
