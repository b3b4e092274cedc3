// One person, one id: a virtual user links the same player's issues, feature requests and tickets, so every
// `{id, name}` that names them (reported_by, user, reporter, assigned_to, the contact answers) carries the same
// integer id (docs/api/projects-auth.md#identifiers-and-virtual-users).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { PATS, PROJECT_ID, TOKENS } from '../../helpers/seed.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const OWNER = `Bearer ${PATS.owner}`;
const BASE = `/projects/${PROJECT_ID}`;

async function create(kind: 'issues' | 'feature_requests' | 'tickets', auth: string, body: Record<string, unknown>) {
  const r = await server.request('POST', `${BASE}/${kind}.json`, { auth, json: body });
  expect(r.status).toBe(201);
  return r.body;
}

describe('the ids that name a person', () => {
  it("are one integer across an issue's reported_by, a feature request's user and a ticket's reporter", async () => {
    const auth = `FormUser ${TOKENS.all},email:pilot@players.test`;
    const issue = await create('issues', auth, { issue: { description: 'The jump gate drops me in deep space.' } });
    const request = await create('feature_requests', auth, {
      feature_request: { description: 'Let me rename ships.' },
    });
    const ticket = await create('tickets', auth, { ticket: { description: 'My purchase never arrived.' } });

    const shownIssue = (await server.request('GET', `${BASE}/issues/g-${issue.id}.json`, { auth: OWNER })).body;
    const shownRequest = (await server.request('GET', `${BASE}/feature_requests/${request.id}.json`, { auth: OWNER }))
      .body;
    const shownTicket = (await server.request('GET', `${BASE}/tickets/${ticket.id}.json`, { auth: OWNER })).body;
    expect(shownIssue.reported_by.id).toEqual(expect.any(Number));
    expect(shownRequest.user.id).toBe(shownIssue.reported_by.id);
    expect(shownTicket.reporter.id).toBe(shownIssue.reported_by.id);
  });

  it("match the user a feature request's set_contact_info answers", async () => {
    const draft = await create('feature_requests', `FormUser ${TOKENS.all}`, {
      draft: true,
      feature_request: { description: 'A photo mode with free camera.' },
    });
    const contact = await server.request('POST', `${BASE}/feature_requests/${draft.id}/set_contact_info`, {
      auth: `Bearer ${draft.token}`,
      json: { email: 'shutter@players.test' },
    });
    expect(contact.status).toBe(200);
    expect(contact.body.user).toMatchObject({ id: expect.any(Number), email: 'shutter@players.test', virtual: true });
    const shown = (await server.request('GET', `${BASE}/feature_requests/${draft.id}.json`, { auth: OWNER })).body;
    expect(shown.user.id).toBe(contact.body.user.id);
  });

  it("name a ticket's assignee as an issue's assigned_to names the same member", async () => {
    const issue = await create('issues', OWNER, { issue: { description: 'Docking clamps release too early.' } });
    const ticket = await create('tickets', OWNER, { ticket: { description: 'Refund for a double charge.' } });
    const members = (await server.request('GET', `${BASE}.json`, { auth: OWNER })).body.members;
    const developer = members.find((m: { name: string }) => m.name === 'Dev Eloper');
    const assign = { assigned_to_id: String(developer.id) };
    const issueAnswer = await server.request('PATCH', `${BASE}/issues/g-${issue.id}.json`, {
      auth: OWNER,
      json: { issue: assign },
    });
    const ticketAnswer = await server.request('PATCH', `${BASE}/tickets/${ticket.id}.json`, {
      auth: OWNER,
      json: { ticket: assign },
    });
    expect(issueAnswer.body.assigned_to).toEqual({ id: developer.id, name: 'Dev Eloper' });
    expect(ticketAnswer.body.assigned_to).toEqual(issueAnswer.body.assigned_to);
  });
});
