// One file on purpose: the replay corpus is a table, one entry per request of the service's official
// clients (and one third-party client) as they send it, read from their public source; each entry names the
// section of docs/clients.md#the-replay-corpus that says what it shows.
import { expect } from 'vitest';
import { PATS, PUBLIC_PROJECT_ID } from '../helpers/seed.ts';
import { PROJECT_ID, REPORTER_TOKEN, TOKENS } from './fixture.ts';
import { formBody, unrealMultipart, USER_AGENTS, type PrepareApi, type Replay, type ReplayContext } from './replay.ts';

const P = PROJECT_ID;
const DESCRIPTION = 'The character falls through the floor of the second level after a jump.';

/** A draft issue made with the project token: its g- id and draft JWT. */
async function draftIssue(api: PrepareApi): Promise<ReplayContext> {
  const r = await api.call('POST', `/projects/${P}/issues.json`, {
    auth: `FormUser ${TOKENS.all}`,
    form: { 'issue[description]': DESCRIPTION, draft: 'true' },
  });
  if (r.status !== 201) throw new Error(`prepare draft: ${r.status} ${r.text}`);
  return { id: r.body.id, jwt: r.body.token };
}

const unity = (extra: Record<string, string> = {}) => ({
  'User-Agent': USER_AGENTS['Unity plugin'],
  Authorization: `FormUser ${TOKENS.all}`,
  'BetaHub-Project-ID': P,
  Accept: 'application/json',
  ...extra,
});
const mcp = (auth: string) => ({ 'User-Agent': USER_AGENTS['MCP server'], Authorization: auth });

export const CORPUS: Replay[] = [
  // ---- MCP server: PAT or raw tkn-, .json paths, no Accept, no project header ----
  {
    client: 'MCP server',
    note: 'docs/clients.md#global-facts',
    name: 'verifies a raw project token',
    request: () => ({
      method: 'POST',
      path: '/auth/verify',
      headers: { ...mcp(TOKENS.all), 'Content-Type': 'application/json' },
    }),
    expectAnswer: (r) => {
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ valid: true, token_type: 'project_auth_token', project: { id: P }, error: null });
    },
    tolerated: ['raw-project-token', 'json-less-path'],
  },
  {
    client: 'MCP server',
    note: 'docs/clients.md#global-facts',
    name: 'lists issues with a raw project token',
    request: () => ({ method: 'GET', path: `/projects/${P}/issues.json?page=1&per_page=5`, headers: mcp(TOKENS.all) }),
    expectAnswer: (r) => {
      expect(r.status).toBe(200);
      expect(r.body.issues.length).toBeGreaterThan(0);
    },
    tolerated: ['raw-project-token', 'project-header-missing'],
  },
  {
    client: 'MCP server',
    note: 'docs/clients.md#issues-and-their-media',
    name: 'lists issue tags (listIssueTags)',
    request: () => ({
      method: 'GET',
      path: `/projects/${P}/issue_tags.json`,
      headers: mcp(`Bearer ${PATS.developer}`),
    }),
    expectAnswer: (r) => {
      expect(r.status).toBe(200);
      expect(r.body.tags).toEqual([
        {
          id: 11,
          name: 'Crash',
          color: '#d62828',
          description: 'The game stops',
          parent_tag_id: null,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
        {
          id: 12,
          name: 'Graphics',
          color: '#3a86ff',
          description: null,
          parent_tag_id: null,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
        {
          id: 13,
          name: 'Shaders',
          color: '#8338ec',
          description: 'Shader compilation and effects',
          parent_tag_id: 12,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      ]);
    },
    tolerated: ['project-header-missing'],
  },
  {
    client: 'MCP server',
    note: 'docs/clients.md#issues-and-their-media',
    name: 'filters the issue list by the tag ids it found',
    request: () => ({
      method: 'GET',
      path: `/projects/${P}/issues.json?tag_ids=13,11&page=1`,
      headers: mcp(`Bearer ${PATS.developer}`),
    }),
    expectAnswer: (r) => {
      expect(r.status).toBe(200);
      expect(r.body.issues.map((i: { id: number }) => i.id).sort()).toEqual([501, 502, 503]);
    },
    tolerated: ['project-header-missing'],
  },
  {
    client: 'MCP server',
    note: 'docs/clients.md#issues-and-their-media',
    name: 'reads find_similar as full issues plus similarity_score',
    request: () => ({
      method: 'GET',
      path: `/projects/${P}/issues/g-501/find_similar.json?limit=2`,
      headers: mcp(`Bearer ${PATS.developer}`),
    }),
    expectAnswer: (r) => {
      expect(r.status).toBe(200);
      const [first] = r.body.issues;
      expect(first).toMatchObject({
        id: 502,
        scoped_id: expect.any(Number),
        title: 'Map screen crash',
        status: 'open',
        priority: expect.any(String),
      });
      // What the tool prints beyond the seven fields: url, description, steps; and no media arrays.
      expect(first.url).toMatch(new RegExp(`/projects/${P}/issues/\\d+$`));
      expect(first.description).toContain('Opening the map screen');
      expect(first.steps_to_reproduce).toEqual([]);
      expect(first.similarity_score).toBeGreaterThan(0);
      expect(first).not.toHaveProperty('screenshots');
    },
    tolerated: ['project-header-missing'],
  },
  {
    client: 'MCP server',
    note: 'docs/clients.md#endpoints-outside-the-api',
    name: 'aggregates a custom field over bugs and suggestions',
    prepare: async (api) => {
      const r = await api.call('POST', `/projects/${P}/feature_requests.json`, {
        auth: `FormUser ${TOKENS.all}`,
        form: {
          'feature_request[description]': 'Let me trade items with friends',
          'feature_request[custom][roblox_id]': '777',
        },
      });
      if (r.status !== 201) throw new Error(`prepare suggestion: ${r.status} ${r.text}`);
      return {};
    },
    request: () => ({
      method: 'GET',
      path: `/projects/${P}/custom_field_aggregations.json?field=roblox_id&from=2000-01-01&limit=2`,
      headers: mcp(`Bearer ${PATS.developer}`),
    }),
    expectAnswer: (r) => {
      expect(r.status).toBe(200);
      expect(r.body.results[0]).toEqual({
        value: '777',
        count: expect.any(Number),
        by_type: { bugs: 2, suggestions: expect.any(Number) },
      });
      expect(r.body.results[0].by_type.suggestions).toBeGreaterThanOrEqual(1);
      expect(r.body.results[0].count).toBe(2 + r.body.results[0].by_type.suggestions);
      expect(r.body.results).toHaveLength(2);
    },
    tolerated: ['project-header-missing'],
  },
  {
    client: 'MCP server',
    note: 'docs/clients.md#feature-requests-tickets-and-releases',
    name: 'lists feature requests with status and date filters',
    prepare: async (api) => {
      const make = async (description: string) => {
        const r = await api.call('POST', `/projects/${P}/feature_requests.json`, {
          auth: `FormUser ${TOKENS.all}`,
          form: { 'feature_request[description]': description },
        });
        if (r.status !== 201) throw new Error(`prepare suggestion: ${r.status} ${r.text}`);
        return r.body.id as number;
      };
      const old = await make('An old idea: a photo mode for the cockpit');
      const clock = await api.call('POST', '/__admin/clock', { json: { advance: '2d' } });
      const cutoff = new Date(Date.parse(clock.body.now) - 86_400_000).toISOString();
      return { old, fresh: await make('A new idea: cargo insurance for fragile parcels'), cutoff };
    },
    request: (ctx) => ({
      method: 'GET',
      path:
        `/projects/${P}/feature_requests.json?sort=new&status=open` +
        `&created_after=${encodeURIComponent(String(ctx.cutoff))}`,
      headers: mcp(`Bearer ${PATS.developer}`),
    }),
    expectAnswer: (r, ctx) => {
      expect(r.status).toBe(200);
      const ids = r.body.feature_requests.map((f: { id: number }) => f.id);
      expect(ids).toContain(ctx.fresh);
      expect(ids).not.toContain(ctx.old);
      for (const item of r.body.feature_requests) {
        expect(item.status).toBe('open');
        expect(item.created_at >= String(ctx.cutoff)).toBe(true);
      }
    },
    tolerated: ['project-header-missing'],
  },
  {
    client: 'MCP server',
    note: 'docs/clients.md#endpoints-outside-the-api',
    name: 'lists suggestion custom fields page by page',
    request: () => ({
      method: 'GET',
      path: `/projects/${P}/custom_fields.json?applies_to=feature_request&page=1`,
      headers: mcp(`Bearer ${PATS.developer}`),
    }),
    expectAnswer: (r) => {
      expect(r.status).toBe(200);
      expect(r.body.custom_fields).toEqual([
        expect.objectContaining({ ident: 'roblox_id', applies_to: 'feature_request' }),
      ]);
    },
    // `page` is a parameter of this operation (pages of 100, docs/api/projects-auth.md#custom-field-definitions).
    tolerated: ['project-header-missing'],
  },
  // ---- Unity plugin: FormUser, BetaHub-Project-ID, Accept JSON, WWWForm bodies ----
  {
    client: 'Unity plugin',
    note: 'docs/clients.md#endpoints-outside-the-api',
    name: 'checks its custom fields at start-up',
    request: () => ({ method: 'GET', path: `/projects/${P}/custom_issue_fields.json`, headers: unity() }),
    expectAnswer: (r) => {
      expect(r.status).toBe(200);
      const byName = Object.fromEntries(r.body.custom_issue_fields.map((f: { name: string }) => [f.name, f]));
      expect(byName.country).toMatchObject({ name: 'country', field_type: 'text', tester_settable: true });
      expect(byName.latency).toMatchObject({ field_type: 'text', tester_settable: true });
      expect(byName.asn).toMatchObject({ field_type: 'text', tester_settable: false });
    },
    tolerated: ['project-header-alias'],
  },
  {
    client: 'Unity plugin',
    note: 'docs/clients.md#issues-and-their-media',
    name: 'creates a draft with issue[custom_fields]',
    request: () => ({
      method: 'POST',
      path: `/projects/${P}/issues.json`,
      headers: unity({ 'Content-Type': 'application/x-www-form-urlencoded' }),
      body: formBody([
        ['issue[description]', DESCRIPTION],
        ['issue[unformatted_steps_to_reproduce]', ''],
        ['draft', 'true'],
        ['issue[release_label]', '1.0.0'],
        ['issue[custom_fields][country]', 'PL'],
        ['issue[custom_fields][latency]', 'min/avg/max = 20ms/31ms/48ms (10/10 requests)'],
      ]),
    }),
    expectAnswer: (r) => {
      expect(r.status).toBe(201);
      expect(r.body.status).toBe('hidden');
      expect(r.body.token).toEqual(expect.any(String));
      expect(r.body.custom_fields.find((f: { ident: string }) => f.ident === 'country')?.value).toBe('PL');
    },
    tolerated: ['project-header-alias', 'custom-fields-wrapper'],
  },
  {
    client: 'Unity plugin',
    note: 'docs/clients.md#issues-and-their-media',
    name: 'publishes with email_my_report=False (C# bool.ToString())',
    prepare: draftIssue,
    request: (ctx) => ({
      method: 'POST',
      path: `/projects/${P}/issues/g-${ctx.id}/publish`,
      headers: unity({ Authorization: `Bearer ${ctx.jwt}`, 'Content-Type': 'application/x-www-form-urlencoded' }),
      body: formBody([['email_my_report', 'False']]),
    }),
    expectAnswer: (r) => {
      expect(r.status).toBe(200);
      expect(r.body.status).toBe('open');
    },
    tolerated: ['project-header-alias', 'form-boolean-spelling'],
  },
  {
    client: 'Unity plugin',
    note: 'docs/clients.md#endpoints-outside-the-api',
    name: 'starts a device sign-in',
    request: () => ({
      method: 'POST',
      path: '/device_auth/create',
      headers: {
        'User-Agent': USER_AGENTS['Unity plugin'],
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'BetaHub-Project-ID': P,
      },
      body: JSON.stringify({ request_id: crypto.randomUUID(), entity_kind: 'game', entity_name: 'Star Courier' }),
    }),
    expectAnswer: (r) => {
      expect(r.status).toBe(201);
      expect(r.body).toEqual({ status: 'created' });
    },
    tolerated: [],
  },
  // ---- Unreal plugin: hand-built multipart, presigned uploads without the project header ----
  {
    client: 'Unreal plugin',
    note: 'docs/clients.md#issues-and-their-media',
    name: 'creates a draft in hand-built multipart with issue[custom]',
    request: () => {
      const { body, contentType } = unrealMultipart([
        ['issue[description]', DESCRIPTION],
        ['issue[unformatted_steps_to_reproduce]', 'Jump\nFall'],
        ['draft', 'true'],
        ['issue[custom][platform]', 'Windows'],
      ]);
      return {
        method: 'POST',
        path: `/projects/${P}/issues.json`,
        headers: {
          'User-Agent': USER_AGENTS['Unreal plugin'],
          Authorization: `FormUser ${TOKENS.all}`,
          'BetaHub-Project-ID': P,
          Accept: 'application/json',
          'Content-Type': contentType,
        },
        body,
      };
    },
    expectAnswer: (r) => {
      expect(r.status).toBe(201);
      expect(r.body.steps_to_reproduce).toEqual([{ step: 'Jump' }, { step: 'Fall' }]);
      expect(r.body.token).toEqual(expect.any(String));
    },
    tolerated: ['project-header-alias'],
  },
  {
    client: 'Unreal plugin',
    note: 'docs/clients.md#issues-and-their-media',
    name: 'asks for a presigned upload without the project header',
    prepare: draftIssue,
    request: (ctx) => ({
      method: 'POST',
      path: `/projects/${P}/issues/g-${ctx.id}/screenshots/presigned_upload`,
      headers: {
        'User-Agent': USER_AGENTS['Unreal plugin'],
        Authorization: `Bearer ${ctx.jwt}`,
        Accept: 'application/json',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        filename: 'screenshot.jpg',
        byte_size: 4,
        checksum: 'CY9rzUYh03PK3k6DJie09g==',
        content_type: 'image/jpeg',
      }),
    }),
    expectAnswer: (r) => {
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        direct_upload_url: expect.any(String),
        blob_signed_id: expect.any(String),
        headers: expect.any(Object),
      });
    },
    tolerated: ['project-header-missing'],
  },
  {
    client: 'Unreal plugin',
    note: 'docs/clients.md#feature-requests-tickets-and-releases',
    name: 'fetches the release list of a public project without credentials',
    request: () => ({
      method: 'GET',
      path: `/projects/${PUBLIC_PROJECT_ID}/releases.json`,
      headers: { 'User-Agent': USER_AGENTS['Unreal plugin'], Accept: 'application/json' },
    }),
    expectAnswer: (r) => {
      expect(r.status).toBe(200);
      expect(Array.isArray(r.body)).toBe(true);
    },
    tolerated: ['project-header-missing'],
  },
  {
    client: 'Unreal plugin',
    note: 'docs/clients.md#feature-requests-tickets-and-releases',
    name: 'publishes a suggestion by scoped id with an empty JSON body',
    prepare: async (api) => {
      const r = await api.call('POST', `/projects/${P}/feature_requests.json`, {
        auth: `FormUser ${TOKENS.all}`,
        form: { 'feature_request[description]': 'Add a co-op mode for deliveries', draft: 'true' },
      });
      if (r.status !== 201) throw new Error(`prepare draft suggestion: ${r.status} ${r.text}`);
      return { scoped: String(r.body.url).split('/').pop()!, jwt: r.body.token };
    },
    request: (ctx) => ({
      method: 'POST',
      path: `/projects/${P}/feature_requests/${ctx.scoped}/publish`,
      headers: {
        'User-Agent': USER_AGENTS['Unreal plugin'],
        Authorization: `Bearer ${ctx.jwt}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'BetaHub-Project-ID': P,
      },
    }),
    expectAnswer: (r) => {
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ success: true });
    },
    tolerated: ['project-header-alias'],
  },
  // ---- Roblox plugin: form-urlencoded, no Accept, .json paths ----
  {
    client: 'Roblox plugin',
    note: 'docs/clients.md#issues-and-their-media',
    name: 'creates a published bug with issue[custom][roblox_id]',
    request: () => ({
      method: 'POST',
      path: `/projects/${P}/issues.json`,
      headers: {
        'User-Agent': USER_AGENTS['Roblox plugin'],
        Authorization: `FormUser ${TOKENS.all}`,
        'BetaHub-Project-ID': P,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: formBody([
        ['issue[description]', DESCRIPTION],
        ['issue[unformatted_steps_to_reproduce]', '1. Jump\n2. Fall'],
        ['issue[source]', 'in-game'],
        ['issue[custom][roblox_id]', '123'],
      ]),
    }),
    expectAnswer: (r) => {
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({
        status: 'open',
        source: 'in-game',
        id: expect.any(Number),
        token: expect.any(String),
      });
    },
    tolerated: ['project-header-alias'],
  },
  {
    client: 'Roblox plugin',
    note: 'docs/clients.md#the-draft-jwt',
    name: 'uploads an inline server log with FormUser tkn-…,<jwt>',
    prepare: async (api) => {
      const r = await api.call('POST', `/projects/${P}/issues.json`, {
        auth: `FormUser ${TOKENS.all}`,
        form: { 'issue[description]': DESCRIPTION },
      });
      return { id: r.body.id, jwt: r.body.token };
    },
    request: (ctx) => ({
      method: 'POST',
      path: `/projects/${P}/issues/g-${ctx.id}/log_files.json`,
      headers: {
        'User-Agent': USER_AGENTS['Roblox plugin'],
        Authorization: `FormUser ${TOKENS.all},${ctx.jwt}`,
        'BetaHub-Project-ID': P,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: formBody([
        ['log_file[contents]', '12:00:01 Server started\n12:00:05 Player joined'],
        ['log_file[name]', 'roblox_server_console.log'],
        ['log_file[developer_private]', 'true'],
      ]),
    }),
    expectAnswer: (r) => {
      expect(r.status).toBe(201);
      expect(r.body.media_size_bytes).toBeGreaterThan(0);
    },
    tolerated: ['project-header-alias'],
  },
  // ---- HTML widget: form-urlencoded, email in the header, no Accept ----
  {
    client: 'HTML widget',
    note: 'docs/clients.md#issues-and-their-media',
    name: 'sends a bug with issue[source]=betahub-widget',
    request: () => ({
      method: 'POST',
      path: `/projects/${P}/issues.json`,
      headers: {
        'User-Agent': USER_AGENTS['HTML widget'],
        Authorization: `FormUser ${TOKENS.all},email:player@example.com`,
        'BetaHub-Project-ID': P,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: formBody([
        ['issue[description]', DESCRIPTION],
        ['issue[unformatted_steps_to_reproduce]', 'Jump twice'],
        ['issue[source]', 'betahub-widget'],
        ['issue[custom_fields][platform]', 'Web'],
      ]),
    }),
    expectAnswer: (r) => {
      expect(r.status).toBe(201);
      expect(r.body.source).toBe('betahub-widget');
    },
    tolerated: ['project-header-alias', 'custom-fields-wrapper'],
  },
  {
    client: 'HTML widget',
    note: 'docs/clients.md#feature-requests-tickets-and-releases',
    name: 'sends a ticket with the email in the header and the form',
    request: () => ({
      method: 'POST',
      path: `/projects/${P}/tickets.json`,
      headers: {
        'User-Agent': USER_AGENTS['HTML widget'],
        Authorization: `FormUser ${TOKENS.all},email:player@example.com`,
        'BetaHub-Project-ID': P,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: formBody([
        ['ticket[description]', 'I bought the deluxe pack but it does not show up.'],
        ['ticket[reporter_email]', 'player@example.com'],
      ]),
    }),
    expectAnswer: (r) => {
      expect(r.status).toBe(201);
    },
    tolerated: ['project-header-alias'],
  },
  // ---- A third-party client that matches the live error sentence ----
  {
    client: 'RimWorld mod (third party)',
    note: 'docs/clients.md#global-facts',
    name: 'names an unknown release without permission to create it',
    request: () => ({
      method: 'POST',
      path: `/projects/${P}/issues.json`,
      headers: {
        'User-Agent': USER_AGENTS['RimWorld mod (third party)'],
        Authorization: `FormUser ${REPORTER_TOKEN}`,
        'BetaHub-Project-ID': P,
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: formBody([
        ['issue[title]', 'Pawn stuck'],
        ['issue[description]', DESCRIPTION],
        ['issue[release_label]', 'mod-9.9.9'],
        ['issue[source]', 'rimworld_ingame'],
      ]),
    }),
    expectAnswer: (r) => {
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ error: 'Auth token does not have permission to create releases' });
    },
    tolerated: ['project-header-alias'],
  },
];
