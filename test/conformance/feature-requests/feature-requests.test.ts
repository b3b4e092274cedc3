// Feature requests: create (title rule, drafts, Discord bot fields, files, custom fields,
// min_suggestion_length, token flag, per-IP counter, Idempotency-Key), list, show, search,
// set contact info and publish, with every refusal. Over 300 lines because it is the one test
// file of the resource; each describe block covers one operation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FeatureRequest,
  FeatureRequestContactResponse,
  FeatureRequestListResponse,
  FeatureRequestSearchResponse,
} from '../../../widget/src/protocol/feature-requests.ts';
import {
  addFeatureRequestVote,
  findFeatureRequestByPathId,
  setFeatureRequestStatus,
} from '../../../reference-server/src/areas/feature-requests/repository.ts';
import { findUserByPublicId, insertUser } from '../../../reference-server/src/areas/projects-auth/users-repository.ts';
import { findProjectByPublicId } from '../../../reference-server/src/areas/projects-auth/repository.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import {
  ALL_FLAGS,
  OTHER_PROJECT_ID,
  PATS,
  PROJECT_ID,
  PUBLIC_PROJECT_ID,
  TOKENS,
  seedDocument,
} from '../../helpers/seed.ts';

const FIELDS_PROJECT = 'pr-2001';
const LIMITED_PROJECT = 'pr-2002';
const NDA_PROJECT = 'pr-2003';

/** The main token gets a high daily limit so that only the limit test meets one. */
function seed() {
  const doc = seedDocument({
    project: { tokens: [{ token: TOKENS.all, daily_limit: 1000, ...ALL_FLAGS }, { token: TOKENS.none }] },
  }) as any;
  doc.projects.push(
    {
      key: 'fields',
      id: FIELDS_PROJECT,
      name: 'Fields',
      organization: 'studio',
      access: 'private',
      modules: ['suggestions'],
      platforms: [],
      min_description_length: 0,
      min_suggestion_length: 0,
      members: [
        { user: 'developer', role: 'developer' },
        { user: 'tester', role: 'tester' },
      ],
      tokens: [{ token: 'tkn-fields', ...ALL_FLAGS }],
      custom_fields: [
        {
          ident: 'platform',
          name: 'Platform',
          field_type: 'single_select',
          options: ['PC', 'Switch'],
          applies_to: 'feature_request',
        },
        { ident: 'would_pay', name: 'Would pay', field_type: 'boolean', applies_to: 'feature_request' },
        { ident: 'area', name: 'Area', field_type: 'text', required: true, applies_to: 'feature_request' },
        {
          ident: 'secret_note',
          name: 'Secret note',
          field_type: 'text',
          player_viewable: false,
          applies_to: 'feature_request',
        },
        { ident: 'severity', name: 'Severity', field_type: 'text', required: true, applies_to: 'issue' },
      ],
    },
    {
      key: 'limited',
      id: LIMITED_PROJECT,
      name: 'Limited',
      organization: 'studio',
      access: 'private',
      modules: ['suggestions'],
      platforms: [],
      min_description_length: 0,
      min_suggestion_length: 0,
      tokens: [{ token: 'tkn-limited', daily_limit: 2, ...ALL_FLAGS }],
    },
    {
      key: 'nda',
      id: NDA_PROJECT,
      name: 'Secret',
      organization: 'studio',
      access: 'private',
      modules: ['suggestions', 'nda'],
      platforms: [],
      nda: true,
      min_description_length: 0,
      min_suggestion_length: 0,
      members: [
        { user: 'tester', role: 'tester' },
        { user: 'developer', role: 'developer' },
      ],
    },
  );
  return doc;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: seed() });
});
afterAll(() => server.close());

const TOKEN = `FormUser ${TOKENS.all}`;
const path = (project = PROJECT_ID) => `/projects/${project}/feature_requests.json`;

async function create(
  body: Record<string, unknown>,
  auth = TOKEN,
  project = PROJECT_ID,
  headers?: Record<string, string>,
) {
  return server.request('POST', path(project), { auth, json: body, headers });
}

function dbRow(project: string, pathId: string | number) {
  const p = findProjectByPublicId(server.deps.db, project)!;
  return findFeatureRequestByPathId(server.deps.db, p.id, String(pathId))!;
}

describe('POST /projects/{id}/feature_requests.json', () => {
  it('creates an open request with a title from the first sentence, a scoped id, a url and a draft JWT', async () => {
    const r = await create({
      feature_request: { description: 'Let me rebind the jump key. The default is awkward on AZERTY keyboards.' },
    });
    expect(r.status).toBe(201);
    const fr = FeatureRequest.parse(r.body);
    expect(fr).toMatchObject({
      title: 'Let me rebind the jump key',
      status: 'open',
      votes: 0,
      voted: false,
      files: [],
      custom_fields: [],
    });
    expect(fr.id).toBe(fr.scoped_id);
    expect(fr.url).toBe(`${server.url}/projects/${PROJECT_ID}/feature_requests/${fr.scoped_id}`);
    expect(fr.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(fr.warnings).toBeUndefined();
  });

  it('trims a generated title to 80 characters', async () => {
    const r = await create({ feature_request: { description: `${'word '.repeat(40)}end` } });
    expect(r.body.title.length).toBeLessThanOrEqual(80);
    expect(r.body.title.startsWith('word word')).toBe(true);
  });

  it('numbers requests from 1 in each project', async () => {
    const a = await create(
      { feature_request: { description: 'First idea in the open beta' } },
      `FormUser ${TOKENS.public}`,
      PUBLIC_PROJECT_ID,
    );
    const b = await create(
      { feature_request: { description: 'Second idea in the open beta' } },
      `FormUser ${TOKENS.public}`,
      PUBLIC_PROJECT_ID,
    );
    expect([a.body.scoped_id, b.body.scoped_id]).toEqual([1, 2]);
  });

  it('keeps a developer title and ignores a player title with a warning', async () => {
    const dev = await create(
      { feature_request: { title: 'Photo mode', description: 'Add a photo mode with free camera.' } },
      `Bearer ${PATS.developer}`,
    );
    expect(dev.status).toBe(201);
    expect(dev.body.title).toBe('Photo mode');
    expect(dev.body.token).toBeUndefined();
    const player = await create(
      { feature_request: { title: 'MY TITLE', description: 'More cargo slots please. They fill up fast.' } },
      `Bearer ${PATS.tester}`,
    );
    expect(player.body.title).toBe('More cargo slots please');
    expect(player.body.warnings).toEqual([expect.stringContaining('feature_request[title]')]);
  });

  it('creates a hidden draft with draft=true, sent as a form with True', async () => {
    const r = await server.request('POST', path(), {
      auth: TOKEN,
      form: { 'feature_request[description]': 'A draft about map markers', draft: 'True' },
    });
    expect(r.status).toBe(201);
    expect(r.body.status).toBe('hidden');
  });

  it('makes the signed-in author the reporter, with their vote', async () => {
    const r = await create(
      { feature_request: { description: 'Colour-blind friendly palette' } },
      `Bearer ${PATS.tester}`,
    );
    expect(r.body.user).toEqual({ id: expect.stringMatching(/^usr-/), name: 'Tess Tester' });
    expect(r.body).toMatchObject({ votes: 1, voted: true });
  });

  it('links the Discord bot user fields to a virtual Discord user', async () => {
    const r = await create({
      feature_request: { description: 'Discord suggestion: a trading post' },
      user: { discord_id: '123456789', discord_username: 'pilot', discord_discriminator: '0042' },
    });
    expect(r.status).toBe(201);
    const team = await server.request('GET', `/projects/${PROJECT_ID}/feature_requests/${r.body.id}.json`, {
      auth: `Bearer ${PATS.developer}`,
    });
    expect(team.body.user.name).toBe('pilot#0042');
    const user = findUserByPublicId(server.deps.db, team.body.user.id)!;
    expect(user).toMatchObject({ virtual: 1, discord_id: '123456789' });
  });

  it('ignores Discord user fields from an anonymous player, with a warning', async () => {
    const r = await create(
      { feature_request: { description: 'Anonymous idea with a fake Discord user' }, user: { discord_id: '999' } },
      'FormUser anonymous',
      PUBLIC_PROJECT_ID,
    );
    expect(r.status).toBe(201);
    expect(r.body.warnings).toEqual([expect.stringContaining('user[...]')]);
    expect(dbRow(PUBLIC_PROJECT_ID, r.body.id).reporter_user_id).toBeNull();
  });

  it('refuses a missing or blank description with 422', async () => {
    for (const body of [{}, { feature_request: {} }, { feature_request: { description: '   ' } }]) {
      const r = await create(body);
      expect(r.status).toBe(422);
      expect(r.body.error).toMatch(/description/);
    }
  });

  it('refuses a description under min_suggestion_length with 422', async () => {
    const r = await create({ feature_request: { description: 'abc' } });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatch(/at least 5 characters/);
  });

  it('refuses a token without can_create_feature_request, and a token of another project, with 403', async () => {
    const none = await create({ feature_request: { description: 'Not allowed at all' } }, `FormUser ${TOKENS.none}`);
    expect(none.status).toBe(403);
    expect(none.body.error).toBe('Not allowed to create a feature request.');
    const other = await create({ feature_request: { description: 'Wrong project token' } }, `FormUser ${TOKENS.other}`);
    expect(other.status).toBe(403);
  });

  it('is 401 for an anonymous caller on a private project and 201 on a public one', async () => {
    expect((await create({ feature_request: { description: 'Anonymous private' } }, 'FormUser anonymous')).status).toBe(
      401,
    );
    expect(
      (await create({ feature_request: { description: 'Anonymous public' } }, 'FormUser anonymous', PUBLIC_PROJECT_ID))
        .status,
    ).toBe(201);
  });

  it('refuses a tester who has not accepted the NDA with 403', async () => {
    const r = await create(
      { feature_request: { description: 'Under NDA idea' } },
      `Bearer ${PATS.tester}`,
      NDA_PROJECT,
    );
    expect(r.status).toBe(403);
    expect(r.body.error).toMatch(/NDA/);
    expect(
      (await create({ feature_request: { description: 'Under NDA idea' } }, `Bearer ${PATS.developer}`, NDA_PROJECT))
        .status,
    ).toBe(201);
  });

  it('refuses the request over the per-IP daily limit with 403 and counts again the next day', async () => {
    const auth = 'FormUser tkn-limited';
    for (let i = 0; i < 2; i += 1)
      expect(
        (await create({ feature_request: { description: `Limited idea ${i}` } }, auth, LIMITED_PROJECT)).status,
      ).toBe(201);
    const over = await create({ feature_request: { description: 'Limited idea 3' } }, auth, LIMITED_PROJECT);
    expect(over.status).toBe(403);
    expect(over.body.error).toMatch(/^Not allowed to create a feature request\./);
    await server.advance('25h');
    expect(
      (await create({ feature_request: { description: 'Limited idea tomorrow' } }, auth, LIMITED_PROJECT)).status,
    ).toBe(201);
  });

  it('stores feature_request[files][] and serves each file', async () => {
    const form = new FormData();
    form.append('feature_request[description]', 'Idea with a mock-up');
    form.append(
      'feature_request[files][]',
      new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0])], 'mockup.png', { type: 'image/png' }),
    );
    form.append('feature_request[files][]', new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    const r = await server.request('POST', path(), { auth: TOKEN, multipart: form });
    expect(r.status).toBe(201);
    expect(r.body.files).toEqual([
      {
        id: expect.any(Number),
        filename: 'mockup.png',
        content_type: 'image/png',
        size_bytes: 9,
        url: expect.stringContaining('/files/'),
      },
      {
        id: expect.any(Number),
        filename: 'notes.txt',
        content_type: 'text/plain',
        size_bytes: 5,
        url: expect.stringContaining('/files/'),
      },
    ]);
    const file = await fetch(r.body.files[1].url, { headers: { Authorization: TOKEN } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/plain');
    expect(await file.text()).toBe('notes');
    const missing = await server.request('GET', `/projects/${PROJECT_ID}/feature_requests/${r.body.id}/files/999999`, {
      auth: TOKEN,
    });
    expect(missing.status).toBe(404);
  });

  it('refuses more than 10 files, and a text value in place of a file, with 422', async () => {
    const form = new FormData();
    form.append('feature_request[description]', 'Too many files attached');
    for (let i = 0; i < 11; i += 1)
      form.append('feature_request[files][]', new File(['x'], `f${i}.txt`, { type: 'text/plain' }));
    expect((await server.request('POST', path(), { auth: TOKEN, multipart: form })).status).toBe(422);
    const text = await server.request('POST', path(), {
      auth: TOKEN,
      form: { 'feature_request[description]': 'Files as text', 'feature_request[files][]': 'not a file' },
    });
    expect(text.status).toBe(422);
  });
});

describe('custom fields on feature requests', () => {
  const auth = 'FormUser tkn-fields';

  it('stores valid values given under custom or custom_fields, hiding non-viewable ones from players', async () => {
    const r = await create(
      {
        feature_request: {
          description: 'Cross-save please',
          custom: { platform: 'Switch', area: 'saves' },
          custom_fields: { would_pay: true, secret_note: 'vip' },
        },
      },
      auth,
      FIELDS_PROJECT,
    );
    expect(r.status).toBe(201);
    expect(r.body.custom_fields.map((f: { ident: string; value: unknown }) => [f.ident, f.value])).toEqual([
      ['platform', 'Switch'],
      ['would_pay', true],
      ['area', 'saves'],
    ]);
    const dev = await server.request('GET', `/projects/${FIELDS_PROJECT}/feature_requests/${r.body.id}.json`, {
      auth: `Bearer ${PATS.developer}`,
    });
    expect(dev.body.custom_fields.map((f: { ident: string }) => f.ident)).toContain('secret_note');
  });

  it('refuses an invalid select value naming the field and its options', async () => {
    const r = await create(
      { feature_request: { description: 'Bad platform', custom: { platform: 'Xbox', area: 'x' } } },
      auth,
      FIELDS_PROJECT,
    );
    expect(r.status).toBe(422);
    expect(r.body.error).toBe(
      'Custom field "Platform" has an invalid value "Xbox": allowed values are "PC", "Switch".',
    );
  });

  it('refuses a form boolean sent as true instead of 1', async () => {
    const r = await server.request('POST', path(FIELDS_PROJECT), {
      auth,
      form: {
        'feature_request[description]': 'Form bool',
        'feature_request[custom][area]': 'x',
        'feature_request[custom][would_pay]': 'true',
      },
    });
    expect(r.status).toBe(422);
    const ok = await server.request('POST', path(FIELDS_PROJECT), {
      auth,
      form: {
        'feature_request[description]': 'Form bool',
        'feature_request[custom][area]': 'x',
        'feature_request[custom][would_pay]': '1',
      },
    });
    expect(ok.status).toBe(201);
  });

  it('refuses a missing required field, but lets a draft wait until publish', async () => {
    const r = await create({ feature_request: { description: 'No area given' } }, auth, FIELDS_PROJECT);
    expect(r.status).toBe(422);
    expect(r.body.error).toBe('Custom field "Area" is required.');
    const draft = await create(
      { feature_request: { description: 'No area given yet' }, draft: true },
      auth,
      FIELDS_PROJECT,
    );
    expect(draft.status).toBe(201);
    const publish = await server.request(
      'POST',
      `/projects/${FIELDS_PROJECT}/feature_requests/${draft.body.id}/publish`,
      { auth: `Bearer ${draft.body.token}` },
    );
    expect(publish.status).toBe(422);
    expect(dbRow(FIELDS_PROJECT, draft.body.id).status).toBe('hidden');
  });

  it('auto-creates a text field for an unknown ident on the SDK path and refuses it from a signed-in user', async () => {
    const r = await create(
      { feature_request: { description: 'From Roblox', custom: { area: 'x', roblox_id: '42' } } },
      auth,
      FIELDS_PROJECT,
    );
    expect(r.status).toBe(201);
    const defs = await server.request(
      'GET',
      `/projects/${FIELDS_PROJECT}/custom_fields.json?applies_to=feature_request`,
      { auth: `Bearer ${PATS.developer}` },
    );
    expect(defs.body.custom_fields.map((f: { ident: string }) => f.ident)).toContain('roblox_id');
    const user = await create(
      { feature_request: { description: 'From the web', custom: { area: 'x', mystery: '1' } } },
      `Bearer ${PATS.tester}`,
      FIELDS_PROJECT,
    );
    // As on issues (custom field rule 7): auto-creation is for the SDK and Discord paths only.
    expect(user.status).toBe(422);
    expect(user.body.error).toBe('Unknown custom field "mystery".');
  });

  it('keeps a text value of 4096 characters (an emoji counts as one), drops a longer one with a warning', async () => {
    // area is required, so the longer value goes in the optional secret_note.
    const full = '🎮'.repeat(4096);
    const kept = await create(
      { feature_request: { description: 'Long area text', custom: { area: full } } },
      auth,
      FIELDS_PROJECT,
    );
    expect(kept.status).toBe(201);
    expect(kept.body.custom_fields.find((f: { ident: string }) => f.ident === 'area')?.value).toBe(full);
    expect(kept.body.warnings ?? []).toEqual([]);
    const long = await create(
      { feature_request: { description: 'Too long note text', custom: { area: 'x', secret_note: `${full}x` } } },
      auth,
      FIELDS_PROJECT,
    );
    expect(long.status).toBe(201);
    const dev = await server.request('GET', `/projects/${FIELDS_PROJECT}/feature_requests/${long.body.id}.json`, {
      auth: `Bearer ${PATS.developer}`,
    });
    expect(dev.body.custom_fields.map((f: { ident: string }) => f.ident)).not.toContain('secret_note');
    expect(long.body.warnings).toEqual([expect.stringMatching(/4096 characters/)]);
  });
});

describe('Idempotency-Key on create', () => {
  it('answers the first response again for the same key and body, creating nothing', async () => {
    const body = { feature_request: { description: 'Idempotent suggestion text' } };
    const first = await create(body, TOKEN, PROJECT_ID, { 'Idempotency-Key': 'report-uuid-1' });
    const second = await create(body, TOKEN, PROJECT_ID, { 'Idempotency-Key': 'report-uuid-1' });
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    const list = await server.request('GET', `${path()}?sort=new`, { auth: `Bearer ${PATS.developer}` });
    expect(
      list.body.feature_requests.filter(
        (f: { description: string }) => f.description === body.feature_request.description,
      ),
    ).toHaveLength(1);
  });

  it('refuses the same key with a different body with 422', async () => {
    await create({ feature_request: { description: 'Keyed suggestion one' } }, TOKEN, PROJECT_ID, {
      'Idempotency-Key': 'report-uuid-2',
    });
    const r = await create({ feature_request: { description: 'Keyed suggestion two' } }, TOKEN, PROJECT_ID, {
      'Idempotency-Key': 'report-uuid-2',
    });
    expect(r.status).toBe(422);
  });

  it('keeps keys apart per caller', async () => {
    const body = { feature_request: { description: 'Same key, other caller' } };
    const a = await create(body, TOKEN, PROJECT_ID, { 'Idempotency-Key': 'shared-key' });
    const b = await create(body, `Bearer ${PATS.tester}`, PROJECT_ID, { 'Idempotency-Key': 'shared-key' });
    expect(b.body.id).not.toBe(a.body.id);
  });
});

describe('GET /projects/{id}/feature_requests.json', () => {
  let local: TestServer;
  beforeAll(async () => {
    local = await startTestServer({ seed: seed() });
    for (const description of ['Oldest idea here', 'Middle idea here', 'Newest idea here']) {
      await local.request('POST', path(), { auth: TOKEN, json: { feature_request: { description } } });
      await local.advance('1m');
    }
    const project = findProjectByPublicId(local.deps.db, PROJECT_ID)!;
    const middle = findFeatureRequestByPathId(local.deps.db, project.id, '2')!;
    const now = new Date().toISOString();
    for (let i = 0; i < 3; i += 1)
      addFeatureRequestVote(
        local.deps.db,
        middle.id,
        insertUser(local.deps.db, { name: `v${i}`, created_at: now }).id,
        now,
      );
    await local.request('POST', path(), {
      auth: TOKEN,
      json: { feature_request: { description: 'Hidden draft idea' }, draft: true },
    });
    await local.request('POST', path(), {
      auth: TOKEN,
      json: { feature_request: { description: 'Rejected idea here' } },
    });
    setFeatureRequestStatus(
      local.deps.db,
      findFeatureRequestByPathId(local.deps.db, project.id, '5')!.id,
      'rejected',
      now,
    );
  });
  afterAll(() => local.close());

  it('orders by votes with sort=top (the default) and by date with sort=new, public statuses only', async () => {
    const top = await local.request('GET', path(), { auth: TOKEN });
    expect(top.status).toBe(200);
    const parsed = FeatureRequestListResponse.parse(top.body);
    expect(parsed.feature_requests.map((f) => f.title)).toEqual([
      'Middle idea here',
      'Newest idea here',
      'Oldest idea here',
    ]);
    expect(parsed).toMatchObject({
      sort: 'top',
      project_id: PROJECT_ID,
      pagination: { current_page: 1, per_page: 25, total_pages: 1, total_count: 3 },
    });
    const fresh = await local.request('GET', `${path()}?sort=new`, { auth: TOKEN });
    expect(fresh.body.feature_requests.map((f: { title: string }) => f.title)).toEqual([
      'Newest idea here',
      'Middle idea here',
      'Oldest idea here',
    ]);
  });

  it('shows the team every status, and the moderation views to the team only', async () => {
    const team = await local.request('GET', `${path()}?sort=new`, { auth: `Bearer ${PATS.developer}` });
    expect(team.body.pagination.total_count).toBe(5);
    const rejected = await local.request('GET', `${path()}?sort=rejected`, { auth: `Bearer ${PATS.support}` });
    expect(rejected.body.feature_requests.map((f: { status: string }) => f.status)).toEqual(['rejected']);
    expect((await local.request('GET', `${path()}?sort=rejected`, { auth: TOKEN })).status).toBe(403);
  });

  it('pages by 25 and refuses an unknown sort or page 0 with 422', async () => {
    const page2 = await local.request('GET', `${path()}?page=2`, { auth: TOKEN });
    expect(page2.body).toMatchObject({ feature_requests: [], pagination: { current_page: 2, total_count: 3 } });
    expect((await local.request('GET', `${path()}?sort=hot`, { auth: TOKEN })).status).toBe(422);
    expect((await local.request('GET', `${path()}?page=0`, { auth: TOKEN })).status).toBe(422);
  });
});

describe('GET /projects/{id}/feature_requests/{id}.json', () => {
  it('finds a request by scoped id, fr-<scoped> and g-<id>', async () => {
    const created = await create({ feature_request: { description: 'Show me three ways' } });
    const row = dbRow(PROJECT_ID, created.body.id);
    for (const id of [`${row.scoped_id}`, `fr-${row.scoped_id}`, `g-${row.id}`]) {
      const r = await server.request('GET', `/projects/${PROJECT_ID}/feature_requests/${id}.json`, { auth: TOKEN });
      expect(r.status).toBe(200);
      expect(r.body.title).toBe('Show me three ways');
    }
  });

  it('is 404 for an unknown id and for a draft the caller does not own', async () => {
    expect(
      (await server.request('GET', `/projects/${PROJECT_ID}/feature_requests/99999.json`, { auth: TOKEN })).status,
    ).toBe(404);
    expect(
      (await server.request('GET', `/projects/${PROJECT_ID}/feature_requests/nope.json`, { auth: TOKEN })).status,
    ).toBe(404);
    const draft = await create(
      { feature_request: { description: 'Secret draft idea' }, draft: true },
      `Bearer ${PATS.tester}`,
    );
    expect(
      (await server.request('GET', `/projects/${PROJECT_ID}/feature_requests/${draft.body.id}.json`, { auth: TOKEN }))
        .status,
    ).toBe(404);
    expect(
      (
        await server.request('GET', `/projects/${PROJECT_ID}/feature_requests/${draft.body.id}.json`, {
          auth: `Bearer ${PATS.tester}`,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await server.request('GET', `/projects/${PROJECT_ID}/feature_requests/${draft.body.id}.json`, {
          auth: `Bearer ${PATS.support}`,
        })
      ).status,
    ).toBe(200);
  });
});

describe('feature request search', () => {
  let local: TestServer;
  const search = (query: string, auth = TOKEN) =>
    local.request('GET', `/projects/${PROJECT_ID}/feature_requests/search.json?${query}`, { auth });
  beforeAll(async () => {
    local = await startTestServer({ seed: seed() });
    const ideas = [
      'Dark mode for the menus',
      'Inventory sorting by weight',
      'Dark matter weapon',
      'Darker nights option',
      'Dark cockpit theme',
      'Dark hangar lighting',
      'Hidden dark draft',
      'Pending dark idea',
      'Rejected dark idea',
      'Muted dark idea',
      'Duplicate dark idea',
      'Split dark idea',
    ];
    for (const description of ideas)
      await local.request('POST', path(), { auth: TOKEN, json: { feature_request: { description } } });
    const project = findProjectByPublicId(local.deps.db, PROJECT_ID)!;
    const now = new Date().toISOString();
    ['hidden', 'pending_moderation', 'rejected', 'muted', 'duplicate', 'split'].forEach((status, i) => {
      setFeatureRequestStatus(
        local.deps.db,
        findFeatureRequestByPathId(local.deps.db, project.id, String(7 + i))!.id,
        status,
        now,
      );
    });
  });
  afterAll(() => local.close());

  it('matches words with the last one as a prefix and answers the full shape', async () => {
    const r = await search('query=dark%20mo');
    expect(r.status).toBe(200);
    const body = FeatureRequestSearchResponse.parse(r.body);
    expect('feature_requests' in body && body.feature_requests.map((f) => f.title)).toEqual([
      'Dark mode for the menus',
    ]);
    expect(r.body).toMatchObject({
      sort: 'relevance',
      project_id: PROJECT_ID,
      votes: 0,
      voted: false,
      pagination: { current_page: 1, per_page: 25, total_count: 1 },
    });
    expect(Object.keys(r.body.feature_requests[0])).toEqual(
      expect.arrayContaining(['id', 'title', 'status', 'created_at']),
    );
  });

  it('tolerates a typo', async () => {
    const r = await search('query=invertory');
    expect(r.body.feature_requests.map((f: { title: string }) => f.title)).toEqual(['Inventory sorting by weight']);
  });

  it('omits hidden, pending_moderation, rejected, muted, duplicate, split requests, even for the team', async () => {
    const r = await search('query=dark', `Bearer ${PATS.owner}`);
    expect(r.body.feature_requests.map((f: { status: string }) => f.status)).toEqual([
      'open',
      'open',
      'open',
      'open',
      'open',
    ]);
  });

  it('skips skip_ids given plain or with fr-', async () => {
    const r = await search('query=dark&skip_ids=1,fr-3');
    expect(r.body.feature_requests.map((f: { id: number }) => f.id).sort()).toEqual([4, 5, 6]);
    expect((await search('query=dark&skip_ids=x1')).status).toBe(422);
  });

  it('does not cap the JSON answer at 4 with partial=true (only HTML autocomplete is, reference Limits)', async () => {
    const r = await search('query=dark&partial=true');
    expect(r.status).toBe(200);
    expect(r.body.feature_requests).toHaveLength(5);
    expect(r.body.pagination).toMatchObject({ current_page: 1, per_page: 25, total_count: 5 });
  });

  it('answers one request for scoped_id, plain or fr-, and 404 for an unknown one', async () => {
    for (const id of ['2', 'fr-2']) {
      const r = await search(`scoped_id=${id}`);
      expect(r.status).toBe(200);
      expect(FeatureRequest.parse(r.body).title).toBe('Inventory sorting by weight');
    }
    expect((await search('scoped_id=fr-999')).status).toBe(404);
  });

  it('counts the votes of the matches and whether the caller voted for one', async () => {
    await local.request('POST', path(), {
      auth: `Bearer ${PATS.tester}`,
      json: { feature_request: { description: 'Nebula racing mode' } },
    });
    const mine = await search('query=nebula', `Bearer ${PATS.tester}`);
    expect(mine.body).toMatchObject({ votes: 1, voted: true });
    expect((await search('query=nebula')).body).toMatchObject({ votes: 1, voted: false });
  });

  it('takes the same parameters in a POST body', async () => {
    const r = await local.request('POST', `/projects/${PROJECT_ID}/feature_requests/search.json`, {
      auth: TOKEN,
      json: { query: 'weight' },
    });
    expect(r.body.feature_requests.map((f: { id: number }) => f.id)).toEqual([2]);
  });

  it('empties the index with /__admin/reset and numbers from 1 again', async () => {
    const other = await startTestServer({ seed: seed() });
    try {
      await other.request('POST', path(), {
        auth: TOKEN,
        json: { feature_request: { description: 'Before the reset' } },
      });
      await other.request('GET', `/projects/${PROJECT_ID}/feature_requests/search.json?query=reset`, { auth: TOKEN });
      expect((await other.request('POST', '/__admin/reset')).status).toBeLessThan(300);
      other.fixtures(seed());
      const after = await other.request('POST', path(), {
        auth: TOKEN,
        json: { feature_request: { description: 'After the reset' } },
      });
      expect(after.body.id).toBe(1);
      const found = await other.request('GET', `/projects/${PROJECT_ID}/feature_requests/search.json?query=reset`, {
        auth: TOKEN,
      });
      expect(found.body.feature_requests.map((f: { title: string }) => f.title)).toEqual(['After the reset']);
    } finally {
      await other.close();
    }
  });

  it('is 400 without a query', async () => {
    expect((await search('')).status).toBe(400);
    expect(
      (await local.request('POST', `/projects/${PROJECT_ID}/feature_requests/search.json`, { auth: TOKEN, json: {} }))
        .status,
    ).toBe(400);
  });
});

describe('set contact info and publish', () => {
  const route = (id: number | string, action: string) => `/projects/${PROJECT_ID}/feature_requests/${id}/${action}`;

  it('attaches an email, creates a notified virtual user and answers the contact shape', async () => {
    const draft = await create({ feature_request: { description: 'Contact me about this' }, draft: true });
    const r = await server.request('POST', route(draft.body.id, 'set_contact_info'), {
      auth: `Bearer ${draft.body.token}`,
      json: { email: 'player@example.test' },
    });
    expect(r.status).toBe(200);
    expect(FeatureRequestContactResponse.parse(r.body)).toMatchObject({
      success: true,
      feature_request_id: draft.body.id,
      user: { email: 'player@example.test', discord_id: null, virtual: true },
    });
    const notes = await server.request('GET', '/__admin/notifications');
    expect(notes.body.notifications[0]).toMatchObject({
      event: 'feature_request.contact_info_set',
      recipient_email: 'player@example.test',
      recipient_user_id: r.body.user.id,
    });
  });

  it('accepts a numeric Discord id instead of an email', async () => {
    const draft = await create({ feature_request: { description: 'Ping me on Discord' }, draft: true });
    const auth = `Bearer ${draft.body.token}`;
    const json = { discord_id: '55501' };
    const r = await server.request('POST', route(draft.body.id, 'set_contact_info'), { auth, json });
    expect(r.body.user).toMatchObject({ email: null, discord_id: '55501', virtual: true });
  });

  it('refuses no contact, a malformed email and a non-numeric Discord id with 422', async () => {
    const draft = await create({ feature_request: { description: 'Bad contact data' }, draft: true });
    for (const json of [{}, { email: 'not an email' }, { discord_id: 'abc' }]) {
      const auth = `Bearer ${draft.body.token}`;
      expect((await server.request('POST', route(draft.body.id, 'set_contact_info'), { auth, json })).status).toBe(422);
    }
  });

  it('is 404 for an unknown request and 403 for a player who does not own it', async () => {
    expect(
      (await server.request('POST', route(99999, 'set_contact_info'), { auth: TOKEN, json: { email: 'a@b.c' } }))
        .status,
    ).toBe(404);
    const open = await create({ feature_request: { description: 'Somebody else owns this' } });
    expect(
      (
        await server.request('POST', route(open.body.id, 'set_contact_info'), {
          auth: `Bearer ${PATS.tester}`,
          json: { email: 'a@b.c' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await server.request('POST', route(open.body.id, 'publish'), { auth: `Bearer ${PATS.tester}` })).status,
    ).toBe(403);
  });

  it('publishes a draft with its JWT (hidden → open), and again as a no-op', async () => {
    const draft = await create({ feature_request: { description: 'Publish me later' }, draft: true });
    const r = await server.request('POST', route(`fr-${draft.body.id}`, 'publish'), {
      auth: `Bearer ${draft.body.token}`,
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true });
    expect(dbRow(PROJECT_ID, draft.body.id).status).toBe('open');
    expect(
      (await server.request('POST', route(draft.body.id, 'publish'), { auth: `Bearer ${draft.body.token}` })).body,
    ).toEqual({ success: true });
  });

  it('lets the reporter and the team publish, and refuses a request in another state with 422', async () => {
    const mine = await create(
      { feature_request: { description: 'My own draft idea' }, draft: true },
      `Bearer ${PATS.tester}`,
    );
    expect(
      (await server.request('POST', route(mine.body.id, 'publish'), { auth: `Bearer ${PATS.tester}` })).status,
    ).toBe(200);
    const other = await create({ feature_request: { description: 'Draft for the team' }, draft: true });
    expect(
      (await server.request('POST', route(other.body.id, 'publish'), { auth: `Bearer ${PATS.support}` })).status,
    ).toBe(200);
    const rejected = await create({ feature_request: { description: 'Will be rejected' } });
    setFeatureRequestStatus(
      server.deps.db,
      dbRow(PROJECT_ID, rejected.body.id).id,
      'rejected',
      new Date().toISOString(),
    );
    expect(
      (await server.request('POST', route(rejected.body.id, 'publish'), { auth: `Bearer ${PATS.developer}` })).status,
    ).toBe(422);
  });

  it('refuses a draft JWT of another project with 403', async () => {
    const draft = await create(
      { feature_request: { description: 'Other project draft' }, draft: true },
      `FormUser ${TOKENS.other}`,
      OTHER_PROJECT_ID,
    );
    expect((await server.request('POST', route(1, 'publish'), { auth: `Bearer ${draft.body.token}` })).status).toBe(
      403,
    );
  });
});
