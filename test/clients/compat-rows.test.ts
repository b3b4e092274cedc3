// Each row of the compatibility table (docs/clients.md) beyond the corpus replays: the edges of what
// the official clients need (raw token refusals, who sees which fields, aggregation scope and limits,
// feature-request filters, tags in fixtures, the exact release sentence and the retry it enables).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATS } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { clientsFixture, PROJECT_ID, REPORTER_TOKEN, TOKENS } from './fixture.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: clientsFixture() });
});
afterAll(() => server.close());
const P = PROJECT_ID;

describe('raw tkn- Authorization', () => {
  it('is refused like FormUser with an unknown token: 401 on the API, valid false on /auth/verify', async () => {
    expect((await server.request('GET', `/projects/${P}.json`, { auth: 'tkn-unknown' })).status).toBe(401);
    expect((await server.request('POST', '/auth/verify', { auth: 'tkn-unknown' })).body).toMatchObject({
      valid: false,
      error: 'Invalid auth token.',
    });
  });

  it("keeps the token's flags and project: 403 without can_list_issues, 403 for another project's", async () => {
    expect((await server.request('GET', `/projects/${P}/issues.json`, { auth: TOKENS.none })).body).toEqual({
      error: 'Not allowed to list issues.',
    });
    expect((await server.request('GET', `/projects/${P}.json`, { auth: TOKENS.other })).body).toEqual({
      error: 'Auth token does not belong to this project.',
    });
  });
});

describe('custom_issue_fields.json', () => {
  it('shows the team every issue field, with name as the ident and the display name as label', async () => {
    const r = await server.request('GET', `/projects/${P}/custom_issue_fields.json`, {
      auth: `Bearer ${PATS.developer}`,
    });
    expect(r.body.custom_issue_fields.map((f: { name: string }) => f.name)).toEqual([
      'country',
      'latency',
      'asn',
      'platform',
      'roblox_id',
    ]);
    expect(r.body.custom_issue_fields[2]).toEqual({
      name: 'asn',
      ident: 'asn',
      label: 'ISP',
      field_type: 'text',
      tester_settable: false,
      required: false,
    });
  });

  it('hides a field that players may neither see nor set from a project token', async () => {
    const local = await startTestServer({ seed: clientsFixture() });
    try {
      local.deps.db
        .prepare("UPDATE custom_fields SET player_viewable = 0, tester_settable = 0 WHERE ident = 'platform'")
        .run();
      const r = await local.request('GET', `/projects/${P}/custom_issue_fields.json`, {
        auth: `FormUser ${TOKENS.all}`,
      });
      expect(r.body.custom_issue_fields.map((f: { name: string }) => f.name)).toEqual([
        'country',
        'latency',
        'asn',
        'roblox_id',
      ]);
    } finally {
      await local.close();
    }
  });
});

describe('custom_field_aggregations.json', () => {
  const aggregate = (query: string, auth = `Bearer ${PATS.developer}`) =>
    server.request('GET', `/projects/${P}/custom_field_aggregations.json?${query}`, { auth });

  it('needs developer access: a tester, support and a project token get 403', async () => {
    for (const auth of [`Bearer ${PATS.tester}`, `Bearer ${PATS.support}`, `FormUser ${TOKENS.all}`]) {
      const r = await aggregate('field=roblox_id', auth);
      expect(r.status, auth).toBe(403);
      expect(r.body.error).toMatch(/developer access/);
    }
  });

  it('validates field, types, dates and the limit (1 to 500, default 50)', async () => {
    expect((await aggregate('')).status).toBe(422);
    expect((await aggregate('field=nope')).body).toEqual({
      error: 'field: no custom field with the ident "nope" in this project.',
    });
    expect((await aggregate('field=roblox_id&types=tickets')).status).toBe(422);
    expect((await aggregate('field=roblox_id&from=yesterday')).status).toBe(422);
    expect((await aggregate('field=roblox_id&limit=501')).status).toBe(422);
    expect((await aggregate('field=roblox_id&limit=0')).status).toBe(422);
    expect((await aggregate('field=roblox_id&limit=500')).status).toBe(200);
  });

  it('counts bugs only with types=bugs, honours status and the date range', async () => {
    expect((await aggregate('field=roblox_id&types=bugs')).body.results).toEqual([
      { value: '777', count: 2, by_type: { bugs: 2, suggestions: 0 } },
      { value: '42', count: 1, by_type: { bugs: 1, suggestions: 0 } },
    ]);
    expect((await aggregate('field=roblox_id&types=bugs&status=resolved')).body.results).toEqual([]);
    expect((await aggregate('field=roblox_id&types=bugs&to=2000-01-01')).body.results).toEqual([]);
    expect((await aggregate('field=roblox_id&types=suggestions')).body.results).toEqual([]);
  });
});

describe('feature request list filters', () => {
  it('filters by status (an unknown one matches nothing) and by update time', async () => {
    const make = (description: string) =>
      server.request('POST', `/projects/${P}/feature_requests.json`, {
        auth: `FormUser ${TOKENS.all}`,
        form: { 'feature_request[description]': description },
      });
    const first = (await make('A trading post on every station')).body.id;
    const list = (query: string) =>
      server.request('GET', `/projects/${P}/feature_requests.json?${query}`, { auth: `Bearer ${PATS.developer}` });
    expect((await list('status=open')).body.feature_requests.map((f: { id: number }) => f.id)).toContain(first);
    expect((await list('status=approved')).body.feature_requests).toEqual([]);
    expect((await list('status=approved')).body.pagination.total_count).toBe(0);
    const tomorrow = new Date(Date.parse((await server.request('GET', '/__admin/clock')).body.now) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect((await list(`updated_after=${tomorrow}`)).body.feature_requests).toEqual([]);
    expect((await list(`updated_before=${tomorrow}`)).body.feature_requests.map((f: { id: number }) => f.id)).toContain(
      first,
    );
    expect((await list('created_before=not-a-date')).status).toBe(422);
  });
});

describe('tags in fixtures', () => {
  it('refuses a parent tag that is not listed before it', async () => {
    const r = await server.request('POST', '/__admin/fixtures', {
      json: {
        organizations: [{ key: 'o', name: 'O', admins: [] }],
        projects: [{ key: 'p', name: 'P', organization: 'o', tags: [{ name: 'Child', parent: 'Missing' }] }],
      },
    });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatch(/Missing/);
  });
});

describe('the known release sentence', () => {
  it('lets a client that matches it retry without release_label and file the report', async () => {
    const form = {
      'issue[description]': 'The pawn gets stuck in the doorway after loading a save.',
      'issue[release_label]': 'mod-1.2.3',
    };
    const first = await server.request('POST', `/projects/${P}/issues.json`, {
      auth: `FormUser ${REPORTER_TOKEN}`,
      form,
    });
    // The third-party client's check: exactly this text means "retry without release_label".
    expect(first.status).toBe(403);
    expect(first.body.error === 'Auth token does not have permission to create releases').toBe(true);
    const { 'issue[release_label]': _, ...retry } = form;
    const second = await server.request('POST', `/projects/${P}/issues.json`, {
      auth: `FormUser ${REPORTER_TOKEN}`,
      form: retry,
    });
    expect(second.status).toBe(201);
  });
});

describe('the OpenAPI document', () => {
  it('describes every operation the clients need, generated from the protocol module', async () => {
    const doc = (await server.request('GET', '/openapi.json')).body;
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap((p) =>
      Object.values(p).map((o) => o.operationId),
    );
    for (const id of [
      'listIssueTags',
      'listCustomIssueFields',
      'aggregateCustomField',
      'createDeviceAuth',
      'pollDeviceAuth',
      'authorizeDeviceAuth',
      'adminApproveDeviceAuth',
      'adminConformance',
    ])
      expect(ids).toContain(id);
    const similar =
      doc.paths['/projects/{project_id}/issues/{issue_id}/find_similar'].get.responses['200'].content[
        'application/json'
      ].schema;
    expect(JSON.stringify(similar)).toContain('similarity_score');
    expect(JSON.stringify(similar)).toContain('steps_to_reproduce');
    const list = doc.paths['/projects/{project_id}/feature_requests'].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(list).toEqual(
      expect.arrayContaining(['status', 'created_after', 'created_before', 'updated_after', 'updated_before']),
    );
  });
});
