// Show, update (PATCH and PUT), archive and unarchive: permissions per caller kind, the
// developer-only priority, drafts changed by their JWT, rendering details, and write hooks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueWriteHooks, type IssueWriteKind } from '../../../reference-server/src/areas/issues/write-hooks.ts';
import { memberId, publicUserId } from '../../helpers/member-ids.ts';
import { PATS, PROJECT_ID } from '../../helpers/seed.ts';
import { serveFile, server } from '../../helpers/file-server.ts';
import { BIG, create, DESCRIPTION, ISSUES, issueSeed } from './fixtures.ts';
import { itLocal } from '../../helpers/local-only.ts';

const writes: Array<{ id: number; kind: IssueWriteKind }> = [];
const hook = (_deps: unknown, issue: { id: number }, kind: IssueWriteKind) => {
  writes.push({ id: issue.id, kind });
};
const DEV = `Bearer ${PATS.developer}`;

serveFile({ seed: issueSeed({ statuses: [{ key: 'triaged', name: 'Needs triage' }] }) });
beforeAll(() => {
  issueWriteHooks.push(hook);
});
afterAll(() => {
  issueWriteHooks.splice(issueWriteHooks.indexOf(hook), 1);
});

/** The project's releases as the team lists them, and the release an issue is filed against as the team sees it. */
const releases = async () =>
  (await server.request('GET', `/projects/${PROJECT_ID}/releases.json`, { auth: DEV })).body as Array<{
    id: string;
    label: string;
    status: string;
    created_at: string;
  }>;
const releaseOf = async (scoped: number) =>
  (await server.request('GET', `${ISSUES}/${scoped}.json`, { auth: DEV })).body.release?.id as string | undefined;

const patch = (scoped: number, issue: Record<string, unknown>, auth = DEV, method = 'PATCH') =>
  server.request(method, `${ISSUES}/${scoped}.json`, { auth, json: { issue } });

describe('show', () => {
  it('finds an issue by scoped id and by g- id, and 404s otherwise', async () => {
    const created = await create(server, { description: DESCRIPTION });
    expect((await server.request('GET', `${ISSUES}/${created.body.scoped_id}.json`, { auth: DEV })).body.id).toBe(
      created.body.id,
    );
    expect((await server.request('GET', `${ISSUES}/g-${created.body.id}`, { auth: DEV })).body.scoped_id).toBe(
      created.body.scoped_id,
    );
    const missing = await server.request('GET', `${ISSUES}/99999.json`, { auth: DEV });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Issue not found.' });
    expect(created.body).not.toHaveProperty('warnings');
  });

  itLocal(
    'renders potential_duplicate only for duplicates, as a full issue',
    'reads or writes the database, or hooks the server in-process',
    async () => {
      const canonical = await create(server, { description: DESCRIPTION, title: 'Canonical' });
      const copy = await create(server, { description: DESCRIPTION });
      server.deps.db
        .prepare("UPDATE issues SET status = 'duplicate', duplicate_of_issue_id = ? WHERE id = ?")
        .run(canonical.body.id, copy.body.id);
      const r = await server.request('GET', `${ISSUES}/${copy.body.scoped_id}.json`, { auth: DEV });
      expect(r.body.status_display).toBe('Duplicate');
      expect(r.body.potential_duplicate).toMatchObject({
        id: canonical.body.id,
        title: 'Canonical',
        potential_duplicate: null,
      });
      server.deps.db.prepare("UPDATE issues SET status = 'open' WHERE id = ?").run(copy.body.id);
      expect(
        (await server.request('GET', `${ISSUES}/${copy.body.scoped_id}.json`, { auth: DEV })).body.potential_duplicate,
      ).toBeNull();
    },
  );

  it('displays custom statuses by their project name', async () => {
    const created = await create(server, { description: DESCRIPTION });
    const r = await patch(created.body.scoped_id, { status: 'triaged' });
    expect(r.body).toMatchObject({ status: 'triaged', status_display: 'Needs triage' });
  });
});

describe('update', () => {
  it('lets a developer change every field with PATCH or PUT', async () => {
    const created = await create(server, { description: DESCRIPTION });
    const release = (await releases()).find((r) => r.label === '1.0.0')!.id;
    const dev = { id: await memberId(server, 'Dev Eloper'), public_id: await publicUserId(server, PATS.developer) };
    const r = await patch(created.body.scoped_id, {
      title: 'Renamed',
      description: 'A better description of it.',
      status: 'in_progress',
      priority: 'critical',
      assigned_to_id: dev.public_id,
      unformatted_steps_to_reproduce: '1. a\n2. b',
      release_id: release,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      title: 'Renamed',
      status: 'in_progress',
      priority: 'critical',
      assigned_to: { id: dev.id, name: 'Dev Eloper' },
      steps_to_reproduce: [{ step: 'a' }, { step: 'b' }],
    });
    expect(await releaseOf(created.body.scoped_id)).toBe(release);
    const put = await patch(created.body.scoped_id, { status: 'resolved', assigned_to_id: '' }, DEV, 'PUT');
    expect(put.body).toMatchObject({ status: 'resolved', assigned_to: { id: null, name: null } });
  });

  it('notifies the contact set on the issue and its watchers of a new status, not the updater', async () => {
    const created = await create(server, { description: DESCRIPTION });
    const auth = `Bearer ${created.body.token}`;
    await server.request('POST', `${ISSUES}/g-${created.body.id}/set_contact_info`, {
      auth,
      json: { email: 'watcher@players.test' },
    });
    await server.request('POST', `${ISSUES}/g-${created.body.id}/ask_for_details`, {
      auth: `Bearer ${PATS.support}`,
      json: { what: 'logs' },
    });
    const list = async () =>
      (await server.request('GET', '/__admin/notifications')).body.notifications as Array<Record<string, any>>;
    const before = (await list()).length;
    await patch(created.body.scoped_id, { status: 'resolved' });
    const sent = (await list()).slice(0, (await list()).length - before);
    expect(sent.map((n) => n.event)).toEqual(['issue.status_changed', 'issue.status_changed']);
    expect(sent.map((n) => n.recipient_email).sort()).toEqual(['support@studio.test', 'watcher@players.test']);
    expect(sent[0].data).toEqual({ issue_id: created.body.id, from: 'open', to: 'resolved' });
    const count = (await list()).length;
    await patch(created.body.scoped_id, { title: 'Same status, new title' });
    await patch(created.body.scoped_id, { status: 'open' }, `Bearer ${PATS.support}`);
    const again = (await list()).slice(0, (await list()).length - count);
    expect(again.map((n) => n.recipient_email)).toEqual(['watcher@players.test']);
  });

  it('moves an issue to the latest release with release_id=latest', async () => {
    const created = await create(server, { description: DESCRIPTION, release_label: '1.0.0' });
    // The latest published release: the newest, the higher id first among those made in one millisecond.
    const [latest] = (await releases())
      .filter((r) => r.status === 'published')
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || Number(b.id.slice(4)) - Number(a.id.slice(4)));
    expect((await patch(created.body.scoped_id, { release_id: 'latest' })).status).toBe(200);
    expect(await releaseOf(created.body.scoped_id)).toBe(latest.id);
  });

  it('takes JSON null for a member it cannot clear as left out, and null assigned_to_id as unassign', async () => {
    const created = await create(server, { description: DESCRIPTION, title: 'Kept title' });
    const dev = await memberId(server, 'Dev Eloper');
    await patch(created.body.scoped_id, { assigned_to_id: dev });
    const r = await patch(created.body.scoped_id, {
      title: null,
      description: null,
      status: null,
      priority: null,
      unformatted_steps_to_reproduce: null,
      steps_to_reproduce_array: null,
      custom: null,
      assigned_to_id: null,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      title: 'Kept title',
      description: DESCRIPTION,
      status: 'open',
      assigned_to: { id: null, name: null },
    });
    expect(r.body).not.toHaveProperty('warnings');
  });

  itLocal(
    'refuses values outside the update enums and unknown assignees with 422',
    'reads or writes the database, or hooks the server in-process',
    async () => {
      const created = await create(server, { description: DESCRIPTION });
      expect((await patch(created.body.scoped_id, { status: 'hidden' })).status).toBe(422);
      expect((await patch(created.body.scoped_id, { priority: 'blocker' })).status).toBe(422);
      const outsider = server.deps.db.prepare("SELECT id FROM users WHERE name = 'Otto Outsider'").pluck().get();
      const r = await patch(created.body.scoped_id, { assigned_to_id: String(outsider) });
      expect(r.status).toBe(422);
      expect(r.body.error).toMatch(/not a member/);
    },
  );

  it('drops a priority from support (not a developer) with a warning', async () => {
    const created = await create(server, { description: DESCRIPTION });
    const r = await patch(created.body.scoped_id, { priority: 'low', title: 'Support edit' }, `Bearer ${PATS.support}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      title: 'Support edit',
      priority: created.body.priority,
      warnings: ['issue[priority] was ignored: only developers set the priority.'],
    });
  });

  it('refuses a tester without bugs.update with 403', async () => {
    const created = await create(server, { description: DESCRIPTION }, { auth: `Bearer ${PATS.tester}` });
    const r = await patch(created.body.scoped_id, { title: 'Mine' }, `Bearer ${PATS.tester}`);
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('You do not have the bugs.update permission on this project.');
  });

  it('lets a project token update with can_update_issue, never the priority', async () => {
    const created = await create(server, { description: DESCRIPTION });
    const r = await patch(created.body.scoped_id, { status: 'closed', priority: 'low' }, BIG);
    expect(r.body).toMatchObject({ status: 'closed', priority: created.body.priority });
    expect(r.body.warnings).toHaveLength(1);
    const refused = await patch(created.body.scoped_id, { status: 'open' }, 'FormUser tkn-nolist');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Not allowed to update this issue.');
  });

  it('lets the draft JWT change its draft until it is published', async () => {
    const created = await create(server, { description: DESCRIPTION }, { top: { draft: true } });
    const auth = `Bearer ${created.body.token}`;
    const path = `${ISSUES}/g-${created.body.id}.json`;
    const r = await server.request('PATCH', path, { auth, json: { issue: { title: 'Draft title', status: 'open' } } });
    expect(r.body).toMatchObject({ title: 'Draft title', status: 'hidden' });
    expect(r.body.warnings).toEqual([expect.stringContaining('status')]);
    await server.request('POST', `${ISSUES}/g-${created.body.id}/publish`, { auth });
    expect((await server.request('PATCH', path, { auth, json: { issue: { title: 'Too late' } } })).status).toBe(403);
  });
});

describe('archive', () => {
  it('archives and unarchives with bugs.archive', async () => {
    const created = await create(server, { description: DESCRIPTION });
    const path = `${ISSUES}/${created.body.scoped_id}`;
    expect((await server.request('POST', `${path}/archive`, { auth: DEV })).status).toBe(200);
    const archived = await server.request('GET', `${ISSUES}.json?archived=true&per_page=100`, { auth: DEV });
    expect(archived.body.issues.map((i: { id: number }) => i.id)).toContain(created.body.id);
    expect((await server.request('POST', `${path}/unarchive.json`, { auth: DEV })).status).toBe(200);
    const back = await server.request('GET', `${ISSUES}.json?per_page=100`, { auth: DEV });
    expect(back.body.issues.map((i: { id: number }) => i.id)).toContain(created.body.id);
  });

  it('refuses callers without bugs.archive with 403', async () => {
    const created = await create(server, { description: DESCRIPTION });
    for (const auth of [`Bearer ${PATS.support}`, `Bearer ${PATS.tester}`, BIG]) {
      const r = await server.request('POST', `${ISSUES}/${created.body.scoped_id}/archive`, { auth });
      expect(r.status).toBe(403);
    }
  });
});

itLocal(
  'tells the write hooks about every create, update and publish',
  'reads or writes the database, or hooks the server in-process',
  async () => {
    writes.length = 0;
    const created = await create(server, { description: DESCRIPTION }, { top: { draft: true } });
    await server.request('PATCH', `${ISSUES}/g-${created.body.id}.json`, {
      auth: DEV,
      json: { issue: { title: 'x' } },
    });
    await server.request('POST', `${ISSUES}/g-${created.body.id}/publish`, { auth: DEV });
    expect(writes).toEqual([
      { id: created.body.id, kind: 'created' },
      { id: created.body.id, kind: 'updated' },
      { id: created.body.id, kind: 'published' },
    ]);
  },
);

it('leaves /issues/search to the search area', async () => {
  const r = await server.request('GET', `${ISSUES}/search.json?query=map`, { auth: DEV });
  expect(r.body.error).not.toBe('Issue not found.');
});
