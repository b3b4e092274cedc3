// Ticket update's assigned_to_id takes a member's integer id (the `members[].id` of the project detail, and what
// issue update takes) as well as its usr- id (docs/api/submissions.md#choices-we-made); a user who is not a
// member is 422 either way.
import { describe, expect, it } from 'vitest';
import { PATS, PROJECT_ID, TOKENS } from '../../helpers/seed.ts';
import { serveTickets, server } from './fixtures.ts';
import { itLocal } from '../../helpers/local-only.ts';

serveTickets();

const OWNER = `Bearer ${PATS.owner}`;

async function newTicket(): Promise<string> {
  const r = await server.request('POST', `/projects/${PROJECT_ID}/tickets.json`, {
    auth: `FormUser ${TOKENS.all},email:buyer@example.test`,
    json: { ticket: { description: 'The deluxe pack did not unlock after paying.' } },
  });
  expect(r.status).toBe(201);
  return `/projects/${PROJECT_ID}/tickets/${r.body.id}.json`;
}

async function member(name: string): Promise<{ id: number; name: string }> {
  const detail = await server.request('GET', `/projects/${PROJECT_ID}.json`, { auth: OWNER });
  return detail.body.members.find((m: { name: string }) => m.name === name);
}

describe('PATCH /projects/{pid}/tickets/{id}.json assigned_to_id', () => {
  it('assigns the member whose integer id the project detail lists, sent as a JSON number or form digits', async () => {
    const path = await newTicket();
    const developer = await member('Dev Eloper');
    const byNumber = await server.request('PATCH', path, {
      auth: OWNER,
      json: { ticket: { assigned_to_id: developer.id } },
    });
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.assigned_to).toEqual({ id: developer.id, name: 'Dev Eloper' });
    const support = await member('Sam Support');
    const byForm = await server.request('PATCH', path, {
      auth: OWNER,
      form: { 'ticket[assigned_to_id]': String(support.id) },
    });
    expect(byForm.status).toBe(200);
    expect(byForm.body.assigned_to.name).toBe('Sam Support');
  });

  itLocal(
    'refuses the integer id of a user who is not a member with 422 naming it',
    "reads a non-member's id in the database",
    async () => {
      const path = await newTicket();
      const outsider = server.deps.db.prepare("SELECT id FROM users WHERE name = 'Otto Outsider'").pluck().get();
      const r = await server.request('PATCH', path, { auth: OWNER, json: { ticket: { assigned_to_id: outsider } } });
      expect(r.status).toBe(422);
      expect(r.body).toEqual({ error: `ticket[assigned_to_id]: ${outsider} is not a member of this project.` });
    },
  );
});
