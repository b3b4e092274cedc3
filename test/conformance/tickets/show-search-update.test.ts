// Ticket show, search and update (docs/api/submissions.md#choices-we-made): path ids and who may see a ticket, the
// case-insensitive search capped at 10 and what each caller finds, every status, assignee and attachment change,
// and the refusals of each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ticket, TicketSearchResponse } from '../../../widget/src/protocol/tickets.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { PATS, PROJECT_ID } from '../../helpers/seed.ts';
import { one, seed, TOKEN, tickets } from './fixtures.ts';
import { itLocal } from '../../helpers/local-only.ts';
import { memberId, publicUserId } from '../../helpers/member-ids.ts';

describe('ticket show, search and update', () => {
  let local: TestServer;
  const tester = `Bearer ${PATS.tester}`;
  beforeAll(async () => {
    local = await startTestServer({ seed: seed() });
    const make = (auth: string, ticket: Record<string, unknown>) =>
      local.request('POST', tickets(), { auth, json: { ticket } });
    await make(tester, { title: 'Controller not detected', description: 'My GAMEPAD is ignored.' });
    await make(`${TOKEN},email:other@example.test`, { title: 'Gamepad drift', description: 'Stick drifts left.' });
    await make(`${TOKEN},email:other@example.test`, {
      title: 'Billing question',
      description: 'Charged twice for 100% of the pack',
    });
    for (let i = 0; i < 11; i += 1)
      await make(`${TOKEN},email:bulk@example.test`, { title: `Bulk crash ${i}`, description: 'crash report' });
  });
  afterAll(() => local.close());

  const search = (query: string, auth: string) =>
    local.request('GET', `/projects/${PROJECT_ID}/tickets/search.json?${query}`, { auth });

  itLocal(
    'shows a ticket by scoped id and g-<id> to the team and its reporter',
    'reads ids in the database',
    async () => {
      const byScoped = await local.request('GET', one(1), { auth: `Bearer ${PATS.support}` });
      expect(byScoped.status).toBe(200);
      expect(Ticket.parse(byScoped.body).title).toBe('Controller not detected');
      const global = local.deps.db.prepare('SELECT id FROM tickets WHERE scoped_id = 1').pluck().get() as number;
      expect((await local.request('GET', one(`g-${global}`), { auth: tester })).body.id).toBe('1');
    },
  );

  it('refuses a ticket to a player who did not report it with 403, and an unknown id with 404', async () => {
    expect((await local.request('GET', one(2), { auth: tester })).status).toBe(403);
    expect((await local.request('GET', one(2), { auth: TOKEN })).status).toBe(403);
    expect((await local.request('GET', one(999), { auth: `Bearer ${PATS.support}` })).status).toBe(404);
  });

  it('searches title and description case-insensitively for the team, at most 10 {id, title}', async () => {
    const r = await search('query=gamepad', `Bearer ${PATS.developer}`);
    expect(r.status).toBe(200);
    expect(
      TicketSearchResponse.parse(r.body)
        .map((t) => t.title)
        .sort(),
    ).toEqual(['Controller not detected', 'Gamepad drift']);
    expect(r.body[0]).toEqual({ id: expect.any(String), title: expect.any(String) });
    expect((await search('query=CRASH', `Bearer ${PATS.support}`)).body).toHaveLength(10);
    expect(
      (await search('query=100%25', `Bearer ${PATS.support}`)).body.map((t: { title: string }) => t.title),
    ).toEqual(['Billing question']);
  });

  it('limits a reporter to their own tickets and a caller with no identity to nothing', async () => {
    expect((await search('query=gamepad', tester)).body).toEqual([{ id: '1', title: 'Controller not detected' }]);
    expect((await search('query=gamepad', TOKEN)).body).toEqual([]);
  });

  it('takes the query in a POST body and is 400 without one', async () => {
    const r = await local.request('POST', `/projects/${PROJECT_ID}/tickets/search.json`, {
      auth: `Bearer ${PATS.owner}`,
      json: { query: 'billing' },
    });
    expect(r.body.map((t: { id: string }) => t.id)).toEqual(['3']);
    expect((await search('', `Bearer ${PATS.owner}`)).status).toBe(400);
  });

  it('moves a ticket through every status and sets priority, title and description', async () => {
    for (const status of ['open', 'pending', 'solved', 'closed', 'new']) {
      const r = await local.request('PATCH', one(1), { auth: `Bearer ${PATS.support}`, json: { ticket: { status } } });
      expect(r.status).toBe(200);
      expect(r.body.status).toBe(status);
    }
    const r = await local.request('PUT', one(1), {
      auth: `Bearer ${PATS.developer}`,
      json: { ticket: { priority: 'critical', title: 'Gamepad ignored', description: 'Updated text' } },
    });
    expect(r.body).toMatchObject({
      priority: 'critical',
      title: 'Gamepad ignored',
      description: 'Updated text',
      status: 'new',
    });
    const notes = await local.request('GET', '/__admin/notifications');
    expect(notes.body.notifications.filter((n: { event: string }) => n.event === 'ticket.status_changed')).toHaveLength(
      5,
    );
  });

  it('assigns a member by usr- id and unassigns with an empty value', async () => {
    const developer = { id: await memberId(local, 'Dev Eloper'), public_id: await publicUserId(local, PATS.developer) };
    const assigned = await local.request('PATCH', one(1), {
      auth: `Bearer ${PATS.support}`,
      json: { ticket: { assigned_to_id: developer.public_id } },
    });
    expect(assigned.body.assigned_to).toEqual({ id: developer.id, name: 'Dev Eloper' });
    const cleared = await local.request('PATCH', one(1), {
      auth: `Bearer ${PATS.support}`,
      form: { 'ticket[assigned_to_id]': '' },
    });
    expect(cleared.body.assigned_to).toEqual({ id: null, name: null });
  });

  it('adds attachments and removes them by id', async () => {
    const form = new FormData();
    form.append('ticket[attachments][]', new File(['log line'], 'game.log', { type: 'text/plain' }));
    const added = await local.request('PATCH', one(1), { auth: `Bearer ${PATS.support}`, multipart: form });
    expect(added.status).toBe(200);
    const attachment = added.body.attachments.at(-1);
    expect(attachment).toMatchObject({ filename: 'game.log', file_type: 'text', user: { name: 'Sam Support' } });
    const removed = await local.request('PATCH', one(1), {
      auth: `Bearer ${PATS.support}`,
      json: { ticket: { remove_attachment_ids: [attachment.id] } },
    });
    expect(removed.body.attachments.map((a: { id: number }) => a.id)).not.toContain(attachment.id);
    const again = await local.request('PATCH', one(1), {
      auth: `Bearer ${PATS.support}`,
      json: { ticket: { remove_attachment_ids: [attachment.id] } },
    });
    expect(again.status).toBe(422);
  });

  itLocal('refuses a bad status, priority or assignee with 422', 'reads ids in the database', async () => {
    for (const ticket of [
      { status: 'reopened' },
      { priority: 'blocker' },
      { assigned_to_id: 'usr-1' },
      { title: 'x'.repeat(300) },
    ]) {
      const r = await local.request('PATCH', one(1), { auth: `Bearer ${PATS.owner}`, json: { ticket } });
      expect(r.status).toBe(422);
    }
    const outsiderId = local.deps.db
      .prepare("SELECT public_id FROM users WHERE name = 'Otto Outsider'")
      .pluck()
      .get() as string;
    expect(
      (
        await local.request('PATCH', one(1), {
          auth: `Bearer ${PATS.owner}`,
          json: { ticket: { assigned_to_id: outsiderId } },
        })
      ).status,
    ).toBe(422);
    expect((await local.request('PATCH', one(1), { auth: `Bearer ${PATS.owner}`, json: {} })).status).toBe(422);
  });

  it('refuses an update without tickets.update with 403, even from the reporter; 404 for an unknown one', async () => {
    for (const auth of [tester, TOKEN, `Bearer ${PATS.outsider}`]) {
      const r = await local.request('PATCH', one(1), { auth, json: { ticket: { status: 'closed' } } });
      expect(r.status).toBe(403);
    }
    expect(
      (await local.request('PATCH', one(999), { auth: `Bearer ${PATS.owner}`, json: { ticket: { status: 'closed' } } }))
        .status,
    ).toBe(404);
  });
});
