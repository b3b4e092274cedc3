// The /__admin test surface (docs/api-choices.md#admin-surface, docs/api-choices.md#fixture-format): fixtures
// all-or-nothing with the offending path, reset, the clock, jobs and notifications; loopback only; absent with
// --no-admin.
import { describe, expect, it } from 'vitest';
import { stmt } from '../../../reference-server/src/db/database.ts';
import { NotificationList } from '../../../widget/src/protocol/fixtures.ts';
import { createApp } from '../../../reference-server/src/app.ts';
import { createDeps } from '../../../reference-server/src/server.ts';
import { notify } from '../../../reference-server/src/areas/notifications/notify.ts';
import { serveFile, server } from '../../helpers/file-server.ts';
import { PROJECT_ID, seedDocument } from '../../helpers/seed.ts';
import { itLocal } from '../../helpers/local-only.ts';

serveFile({ seed: false });

const count = (table: string) => stmt(server.deps.db, `SELECT count(*) FROM ${table}`).pluck().get() as number;

describe('POST /__admin/fixtures', () => {
  it('loads a document and answers 201 with the ids keyed as in the document', async () => {
    const r = await server.request('POST', '/__admin/fixtures', {
      json: seedDocument({
        project: { issues: [{ key: 'crash', title: 'Crash on load', description: 'It crashes' }] },
      }),
    });
    expect(r.status).toBe(201);
    expect(r.body.projects.game).toBe(PROJECT_ID);
    expect(r.body.users.owner).toMatch(/^usr-\d+$/);
    expect(r.body.organizations.studio).toMatch(/^org-\d+$/);
    expect(r.body.releases['1.0.0']).toMatch(/^rel-\d+$/);
    expect(r.body.issues.crash).toEqual({
      id: expect.any(Number),
      scoped_id: 1,
      path_id: `g-${r.body.issues.crash.id}`,
    });
  });

  // docs/api-choices.md#fixture-format: a fixture issue may carry other Issue fields.
  it('takes more Issue fields in a fixture issue, and Issue names custom_fields, release_label, {step}', async () => {
    await server.request('POST', '/__admin/reset');
    const r = await server.request('POST', '/__admin/fixtures', {
      json: seedDocument({
        project: {
          custom_fields: [{ ident: 'level', name: 'Level', field_type: 'text' }],
          issues: [
            {
              key: 'fall',
              title: 'Falls through floor',
              description: 'Falls through the floor in level 3',
              status: 'open',
              priority: 'high',
              reporter: 'tester',
              created_at: '2025-01-02T03:04:05.000Z',
              release_label: '1.0.0',
              custom_fields: { level: '3' },
              steps_to_reproduce: [{ step: 'Load level 3' }, { step: 'Jump' }],
              device: null,
              score: '0.5',
              scoped_id: 9,
              url: 'ignored',
            },
          ],
        },
      }),
    });
    expect(r.status).toBe(201);
    const issue = await server.request('GET', `/projects/${PROJECT_ID}/issues/${r.body.issues.fall.path_id}.json`, {
      auth: 'Bearer pat-owner',
    });
    expect(issue.status).toBe(200);
    expect(issue.body).toMatchObject({
      priority: 'high',
      steps_to_reproduce: [{ step: 'Load level 3' }, { step: 'Jump' }],
      custom_fields: [{ ident: 'level', value: '3' }],
    });
  });

  it("reads null for an optional member as not given, as in the README (scopes: null is the role's)", async () => {
    await server.request('POST', '/__admin/reset');
    const doc = seedDocument() as any;
    doc.projects[0].members[1].scopes = null;
    doc.projects[0].description = null;
    doc.users[0].email = null;
    const r = await server.request('POST', '/__admin/fixtures', { json: doc });
    expect(r.status).toBe(201);
    const search = await server.request('GET', `/projects/${PROJECT_ID}/issues.json`, { auth: 'Bearer pat-developer' });
    expect(search.status).toBe(200);
  });

  itLocal(
    'answers 422 naming the offending path and loads nothing',
    'reads the database or builds an app in-process',
    async () => {
      await server.request('POST', '/__admin/reset');
      const doc = seedDocument() as any;
      doc.projects[0].members[2].role = 'overlord';
      const r = await server.request('POST', '/__admin/fixtures', { json: doc });
      expect(r.status).toBe(422);
      expect(r.body.error).toMatch(/^Invalid fixture at projects\[0\]\.members\[2\]\.role/);
      expect(count('users') + count('projects')).toBe(0);
    },
  );

  itLocal(
    'answers 422 for a key that names nothing, rolling back what came before it',
    'reads the database or builds an app in-process',
    async () => {
      const doc = seedDocument() as any;
      doc.projects[1].organization = 'nobody';
      const r = await server.request('POST', '/__admin/fixtures', { json: doc });
      expect(r.status).toBe(422);
      expect(r.body.error).toBe('Invalid fixture at projects[1].organization: unknown organization key "nobody"');
      expect(count('projects')).toBe(0);
      expect(count('users')).toBe(0);
    },
  );

  // docs/api-choices.md#fixture-format: ids may be given.
  itLocal(
    'keeps an issue id and scoped id given in the document, generating the others after them',
    'reads the database or builds an app in-process',
    async () => {
      await server.request('POST', '/__admin/reset');
      const r = await server.request('POST', '/__admin/fixtures', {
        json: seedDocument({
          project: {
            issues: [
              { key: 'given', id: 500, scoped_id: 7, title: 'Given ids', description: 'Both ids given' },
              { key: 'g_form', id: 'g-600', title: 'Given g- id', description: 'Global id in its path form' },
              { key: 'generated', title: 'Generated ids', description: 'Nothing given' },
            ],
          },
        }),
      });
      expect(r.status).toBe(201);
      expect(r.body.issues.given).toEqual({ id: 500, scoped_id: 7, path_id: 'g-500' });
      expect(r.body.issues.g_form).toEqual({ id: 600, scoped_id: 8, path_id: 'g-600' });
      expect(r.body.issues.generated).toMatchObject({ scoped_id: 9 });
      for (const path of ['g-500', '7', 'g-600', '8']) {
        expect(
          (await server.request('GET', `/projects/${PROJECT_ID}/issues/${path}.json`, { auth: 'Bearer pat-owner' }))
            .status,
        ).toBe(200);
      }
      const dup = seedDocument({
        project: {
          issues: [
            { title: 'A', description: 'a', scoped_id: 3 },
            { title: 'B', description: 'b', scoped_id: 3 },
          ],
        },
      });
      await server.request('POST', '/__admin/reset');
      const refused = await server.request('POST', '/__admin/fixtures', { json: dup });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatch(/^Invalid fixture at projects\[0\]\.issues\[1\]: already exists/);
      expect(count('issues')).toBe(0);
    },
  );

  // docs/api-choices.md#fixture-format
  it('keeps a release id given in the document as rel-<n> or a number', async () => {
    await server.request('POST', '/__admin/reset');
    const r = await server.request('POST', '/__admin/fixtures', {
      json: seedDocument({
        project: { releases: [{ label: '0.9.0', id: 'rel-40' }, { label: '1.0.0', id: 41 }, { label: '1.1.0' }] },
      }),
    });
    expect(r.status).toBe(201);
    expect(r.body.releases).toMatchObject({ '0.9.0': 'rel-40', '1.0.0': 'rel-41', '1.1.0': 'rel-42' });
    const shown = await server.request('GET', `/projects/${PROJECT_ID}/releases/rel-40.json`, {
      auth: 'Bearer pat-owner',
    });
    expect(shown).toMatchObject({ status: 200, body: { id: 'rel-40', label: '0.9.0' } });
    await server.request('POST', '/__admin/reset');
  });

  it('answers 422 for a duplicate project token', async () => {
    const doc = seedDocument() as any;
    doc.projects[1].tokens = [{ token: 'tkn-all' }];
    const r = await server.request('POST', '/__admin/fixtures', { json: doc });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatch(/^Invalid fixture at projects\[1\]\.tokens\[0\]: already exists/);
  });
});

describe('reset, clock, jobs, notifications', () => {
  itLocal('empties every table on reset', 'reads the database or builds an app in-process', async () => {
    await server.request('POST', '/__admin/fixtures', { json: seedDocument() });
    expect(count('projects')).toBe(3);
    expect((await server.request('POST', '/__admin/reset')).status).toBe(200);
    expect(count('projects') + count('users') + count('project_tokens')).toBe(0);
  });

  it('advances and sets the server clock', async () => {
    const set = await server.request('POST', '/__admin/clock', { json: { set: '2030-01-01T23:00:00.000Z' } });
    expect(set.body.now).toMatch(/^2030-01-01T23:00:0/);
    const advanced = await server.request('POST', '/__admin/clock', { json: { advance: '25h' } });
    expect(advanced.body.now).toMatch(/^2030-01-03T00:00:0/);
    expect((await server.request('GET', '/__admin/clock')).body.now).toMatch(/^2030-01-03/);
    const bad = await server.request('POST', '/__admin/clock', { json: { advance: 'soon' } });
    expect(bad.status).toBe(422);
  });

  it('refuses to move the clock past what a date can hold with 422, and keeps answering', async () => {
    const before = (await server.request('GET', '/__admin/clock')).body.now;
    const huge = await server.request('POST', '/__admin/clock', { json: { advance: '99999999999999999999d' } });
    expect(huge).toMatchObject({ status: 422, body: { error: 'The clock cannot be moved past the year 275760.' } });
    const after = await server.request('GET', '/__admin/clock');
    expect(after.status).toBe(200);
    expect(Date.parse(after.body.now) - Date.parse(before)).toBeLessThan(60_000);
    expect((await server.request('GET', '/projects.json')).status).toBe(200);
  });

  itLocal('runs due jobs and only those', 'reads the database or builds an app in-process', async () => {
    const seen: number[] = [];
    server.deps.jobs.register('test.record', (payload: { n: number }) => {
      seen.push(payload.n);
    });
    server.deps.jobs.enqueue('test.record', { n: 1 });
    server.deps.jobs.enqueue('test.record', { n: 2 }, new Date(server.deps.clock.now().getTime() + 3_600_000));
    expect((await server.request('POST', '/__admin/jobs/run')).body).toEqual({ ran: 1 });
    expect(seen).toEqual([1]);
    await server.advance('2h');
    expect((await server.request('POST', '/__admin/jobs/run')).body).toEqual({ ran: 1 });
    expect(seen).toEqual([1, 2]);
  });

  itLocal('lists notifications newest first', 'reads the database or builds an app in-process', async () => {
    notify(server.deps, { kind: 'email', event: 'first', recipientEmail: 'a@example.com', subject: 'One', body: 'b' });
    await server.advance('1m');
    notify(server.deps, { kind: 'notification', event: 'second', subject: 'Two', body: 'b' });
    const r = await server.request('GET', '/__admin/notifications');
    expect(NotificationList.parse(r.body).notifications[0]).toMatchObject({
      kind: 'notification',
      subject: 'Two',
      data: {},
    });
    expect(r.body.notifications.map((n: { event: string }) => n.event).slice(0, 2)).toEqual(['second', 'first']);
  });
});

describe('access to the surface', () => {
  itLocal('is absent with --no-admin', 'reads the database or builds an app in-process', async () => {
    const app = createApp({ ...createDeps(), config: { ...createDeps().config, admin: false } });
    const r = await app.request('/__admin/reset', { method: 'POST' });
    expect(r.status).toBe(404);
  });

  itLocal('refuses a non-loopback peer', 'reads the database or builds an app in-process', async () => {
    const deps = createDeps();
    const app = createApp(deps);
    const r = await app.request(
      '/__admin/reset',
      { method: 'POST' },
      { incoming: { socket: { remoteAddress: '203.0.113.9', remotePort: 5555, remoteFamily: 'IPv4' } } },
    );
    expect(r.status).toBe(403);
    expect(await r.json()).toEqual({ error: 'The /__admin test surface answers loopback addresses only.' });
  });
});
