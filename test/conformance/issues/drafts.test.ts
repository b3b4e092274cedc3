// The draft flow end to end (create draft, JWT, media, contact info, publish), publish rules,
// email_my_report, automatic publish by the durable job (also across a restart), and
// ask_for_details with its notification and watcher.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PATS, PROJECT_ID } from '../../helpers/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { serveFile, server } from '../../helpers/file-server.ts';
import { BIG, create, DESCRIPTION, ISSUES, issueSeed } from './fixtures.ts';
import { itLocal } from '../../helpers/local-only.ts';

serveFile({ seed: issueSeed() });

const notifications = async (s: TestServer) =>
  (await s.request('GET', '/__admin/notifications')).body.notifications as Array<Record<string, any>>;
const draft = (s: TestServer, top: Record<string, unknown> = {}, auth = BIG) =>
  create(s, { description: DESCRIPTION }, { top: { draft: true, ...top }, auth });

describe('the draft flow', () => {
  it('creates hidden, attaches media and contact info with the JWT, and publishes with an email copy', async () => {
    const created = await draft(server);
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('hidden');
    expect(created.body.url).toBe(`${server.url}/projects/${PROJECT_ID}/issues/g-${created.body.id}`);
    const auth = `Bearer ${created.body.token}`;
    const path = `${ISSUES}/g-${created.body.id}`;

    expect((await server.request('GET', `${path}.json`, { auth: `Bearer ${PATS.tester}` })).status).toBe(404);
    const list = await server.request('GET', `${ISSUES}.json`, { auth: BIG });
    expect(list.body.issues.map((i: { id: number }) => i.id)).not.toContain(created.body.id);

    const log = new FormData();
    log.append('log_file[contents]', 'frame 12: null texture');
    expect((await server.request('POST', `${path}/log_files`, { auth, multipart: log })).status).toBe(201);

    const contact = await server.request('POST', `${path}/set_contact_info`, {
      auth,
      json: { email: 'pilot@players.test', discord_id: '4242' },
    });
    expect(contact.status).toBe(200);
    expect(contact.body).toEqual({
      success: true,
      message: expect.any(String),
      issue_id: created.body.id,
      user: { id: expect.any(Number), email: 'pilot@players.test', discord_id: '4242', virtual: true },
    });
    expect((await notifications(server))[0]).toMatchObject({
      event: 'issue.contact_linked',
      recipient_email: 'pilot@players.test',
    });

    const published = await server.request('POST', `${path}/publish`, { auth, json: { email_my_report: true } });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({
      status: 'open',
      url: `${server.url}/projects/${PROJECT_ID}/issues/${created.body.scoped_id}`,
    });
    expect(published.body.log_files).toHaveLength(1);
    expect(Number(published.body.score)).toBeGreaterThan(Number(created.body.score));
    expect((await notifications(server))[0]).toMatchObject({
      kind: 'email',
      event: 'issue.report_copy',
      recipient_email: 'pilot@players.test',
    });
    expect((await server.request('GET', `${path}.json`, { auth: `Bearer ${PATS.tester}` })).status).toBe(200);
  });

  it('sends no email copy when the reporter has no valid email', async () => {
    const created = await draft(server);
    const before = (await notifications(server)).length;
    const r = await server.request('POST', `${ISSUES}/g-${created.body.id}/publish`, {
      auth: `Bearer ${created.body.token}`,
      form: { email_my_report: '1' },
    });
    expect(r.status).toBe(200);
    expect((await notifications(server)).length).toBe(before);
  });

  it('lets the team publish a draft and answers a repeated publish with the unchanged issue', async () => {
    const created = await draft(server);
    const first = await server.request('POST', `${ISSUES}/g-${created.body.id}/publish`, {
      auth: `Bearer ${PATS.support}`,
    });
    expect(first.body.status).toBe('open');
    const again = await server.request('POST', `${ISSUES}/${created.body.scoped_id}/publish`, {
      auth: `Bearer ${PATS.support}`,
    });
    expect(again.status).toBe(200);
    expect(again.body.updated_at).toBe(first.body.updated_at);
  });

  it('refuses a bare project token and a JWT older than one hour', async () => {
    const created = await draft(server);
    const path = `${ISSUES}/g-${created.body.id}/publish`;
    expect((await server.request('POST', path, { auth: BIG })).status).toBe(404);
    await server.advance('61m');
    expect((await server.request('POST', path, { auth: `Bearer ${created.body.token}` })).status).toBe(401);
  });

  it('lets the reporter publish their own draft', async () => {
    const created = await draft(server, {}, `Bearer ${PATS.tester}`);
    const r = await server.request('POST', `${ISSUES}/g-${created.body.id}/publish`, { auth: `Bearer ${PATS.tester}` });
    expect(r.body.status).toBe('open');
  });
});

describe('contact info', () => {
  it('validates email and discord_id and needs one of them', async () => {
    const created = await draft(server);
    const path = `${ISSUES}/g-${created.body.id}`;
    const auth = `Bearer ${created.body.token}`;
    expect((await server.request('POST', `${path}/set_contact_info`, { auth, json: {} })).status).toBe(422);
    expect(
      (await server.request('POST', `${path}/set_contact_info`, { auth, json: { email: 'not an email' } })).status,
    ).toBe(422);
    expect(
      (await server.request('POST', `${path}/set_contact_info`, { auth, json: { discord_id: 'abc' } })).status,
    ).toBe(422);
    const discord = await server.request('POST', `${path}/set_contact_info`, { auth, json: { discord_id: '777' } });
    expect(discord.body.user).toMatchObject({ email: null, discord_id: '777', virtual: true });
  });

  it('keeps the deprecated set_reporter_email with email required and `reporter` in the answer', async () => {
    const created = await draft(server);
    const path = `${ISSUES}/g-${created.body.id}/set_reporter_email`;
    const auth = `Bearer ${created.body.token}`;
    expect((await server.request('POST', path, { auth, json: { discord_id: '1' } })).status).toBe(422);
    const r = await server.request('POST', path, { auth, form: { email: 'old@client.test' } });
    expect(r.body).toEqual({
      success: true,
      message: expect.any(String),
      issue_id: created.body.id,
      reporter: { id: expect.any(Number), email: 'old@client.test', discord_id: null, virtual: true },
    });
    const seen = await server.request('GET', `${ISSUES}/g-${created.body.id}.json`, {
      auth: `Bearer ${PATS.developer}`,
    });
    expect(seen.body.reported_by).toEqual({ id: r.body.reporter.id, name: 'old' });
  });
});

describe('automatic publish', () => {
  it('publishes a draft when the clock passes publish_after, and not before', async () => {
    const created = await draft(server, { publish_after: '30m' });
    await server.advance('29m');
    await server.runJobs();
    expect(
      (await server.request('GET', `${ISSUES}/g-${created.body.id}.json`, { auth: `Bearer ${PATS.developer}` })).body
        .status,
    ).toBe('hidden');
    await server.advance('2m');
    expect(await server.runJobs()).toBeGreaterThan(0);
    expect(
      (await server.request('GET', `${ISSUES}/g-${created.body.id}.json`, { auth: `Bearer ${PATS.developer}` })).body
        .status,
    ).toBe('open');
  });

  itLocal('clamps publish_after to 7 days', 'reads the database', async () => {
    const created = await draft(server, { publish_after: '30d' });
    const row = server.deps.db
      .prepare('SELECT publish_at, created_at FROM issues WHERE id = ?')
      .get(created.body.id) as { publish_at: string; created_at: string };
    expect(Date.parse(row.publish_at) - Date.parse(row.created_at)).toBe(7 * 86_400_000);
  });

  itLocal("uses the project's default when a draft gives none", 'reads the database', async () => {
    const local = await startTestServer({ seed: issueSeed({ publish_after_default: '1h' }) });
    try {
      const created = await draft(local);
      await local.advance('61m');
      await local.runJobs();
      expect(
        (await local.request('GET', `${ISSUES}/g-${created.body.id}.json`, { auth: `Bearer ${PATS.developer}` })).body
          .status,
      ).toBe('open');
      const notDraft = await create(local, { description: DESCRIPTION });
      expect(
        local.deps.db.prepare('SELECT publish_at FROM issues WHERE id = ?').pluck().get(notDraft.body.id),
      ).toBeNull();
    } finally {
      await local.close();
    }
  });

  itLocal('survives a restart of the server', 'restarts the server on a database file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'glitchbox-issues-'));
    const db = join(dir, 'server.db');
    const first = await startTestServer({ db, seed: issueSeed() });
    const created = await draft(first, { publish_after: '2d' });
    await first.close();
    const second = await startTestServer({ db, seed: false });
    try {
      await second.advance('2d');
      await second.advance('1m');
      await second.runJobs();
      const seen = await second.request('GET', `${ISSUES}/g-${created.body.id}.json`, {
        auth: `Bearer ${PATS.developer}`,
      });
      expect(seen.body.status).toBe('open');
    } finally {
      await second.close();
    }
  });

  itLocal(
    'publishes after a restart a draft whose time passed before it (the moved clock is kept)',
    'restarts the server on a database file',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'glitchbox-issues-'));
      const db = join(dir, 'server.db');
      const first = await startTestServer({ db, seed: issueSeed() });
      const created = await draft(first, { publish_after: '1h' });
      await first.advance('2h');
      const movedTo = Date.parse((await first.request('GET', '/__admin/clock')).body.now);
      await first.close();
      const second = await startTestServer({ db, seed: false });
      try {
        const now = Date.parse((await second.request('GET', '/__admin/clock')).body.now);
        expect(now).toBeGreaterThanOrEqual(movedTo);
        expect(now - movedTo).toBeLessThan(60_000);
        expect(await second.runJobs()).toBeGreaterThanOrEqual(1);
        const seen = await second.request('GET', `${ISSUES}/g-${created.body.id}.json`, {
          auth: `Bearer ${PATS.developer}`,
        });
        expect(seen.body.status).toBe('open');
      } finally {
        await second.close();
      }
    },
  );
});

describe('ask for details', () => {
  itLocal('notifies the reporter and makes the requester a watcher', 'reads the database', async () => {
    const created = await create(server, { description: DESCRIPTION }, { auth: `Bearer ${PATS.tester}` });
    const r = await server.request('POST', `${ISSUES}/${created.body.scoped_id}/ask_for_details`, {
      auth: `Bearer ${PATS.support}`,
      json: { what: 'screenshot', comment: 'Which level?' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, message: expect.any(String) });
    const note = (await notifications(server))[0];
    expect(note).toMatchObject({
      event: 'issue.details_requested',
      recipient_email: 'tess@players.test',
      data: { what: 'screenshot', comment: 'Which level?' },
    });
    const support = server.deps.db.prepare("SELECT id FROM users WHERE name = 'Sam Support'").pluck().get();
    expect(
      server.deps.db.prepare('SELECT user_id FROM issue_watchers WHERE issue_id = ?').pluck().all(created.body.id),
    ).toEqual([support]);
  });

  itLocal(
    'answers 200 for an anonymous report with no reporter: the asker watches, no one is notified',
    'reads the database',
    async () => {
      const created = await create(server, { description: DESCRIPTION });
      const before = (await notifications(server)).length;
      const r = await server.request('POST', `${ISSUES}/${created.body.scoped_id}/ask_for_details`, {
        auth: `Bearer ${PATS.developer}`,
        json: { what: 'steps' },
      });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ success: true, message: expect.any(String) });
      expect((await notifications(server)).length).toBe(before);
      const dev = server.deps.db.prepare("SELECT id FROM users WHERE name = 'Dev Eloper'").pluck().get();
      expect(
        server.deps.db.prepare('SELECT user_id FROM issue_watchers WHERE issue_id = ?').pluck().all(created.body.id),
      ).toEqual([dev]);
    },
  );

  it('needs bugs.ask_details and a known `what`', async () => {
    const created = await create(server, { description: DESCRIPTION }, { auth: `Bearer ${PATS.tester}` });
    const path = `${ISSUES}/${created.body.scoped_id}/ask_for_details`;
    expect((await server.request('POST', path, { auth: `Bearer ${PATS.tester}`, json: { what: 'logs' } })).status).toBe(
      403,
    );
    expect((await server.request('POST', path, { auth: BIG, json: { what: 'logs' } })).status).toBe(403);
    expect(
      (await server.request('POST', path, { auth: `Bearer ${PATS.developer}`, json: { what: 'everything' } })).status,
    ).toBe(422);
  });
});
