// Support tickets: the five creation rules, title and priority defaults, attachments, token
// flag, per-IP counter and Idempotency-Key; search, show and update with their permissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ticket, TicketSearchResponse } from '../../../widget/src/protocol/tickets.ts';
import { findUserByPublicId } from '../../../reference-server/src/areas/projects-auth/users-repository.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { ALL_FLAGS, PATS, PROJECT_ID, PUBLIC_PROJECT_ID, TOKENS, seedDocument } from '../../helpers/seed.ts';

const LIMITED_PROJECT = 'pr-3002';

function seed() {
  const doc = seedDocument({
    project: { tokens: [{ token: TOKENS.all, daily_limit: 1000, ...ALL_FLAGS }, { token: TOKENS.none }] },
  }) as any;
  doc.projects.push({
    key: 'limited',
    id: LIMITED_PROJECT,
    name: 'Limited',
    organization: 'studio',
    access: 'private',
    modules: ['tickets'],
    platforms: [],
    min_description_length: 0,
    min_suggestion_length: 0,
    tokens: [{ token: 'tkn-limited', daily_limit: 1, ...ALL_FLAGS }],
  });
  return doc;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: seed() });
});
afterAll(() => server.close());

const TOKEN = `FormUser ${TOKENS.all}`;
const tickets = (project = PROJECT_ID) => `/projects/${project}/tickets.json`;
const one = (id: string | number, project = PROJECT_ID) => `/projects/${project}/tickets/${id}.json`;

async function create(
  body: Record<string, unknown>,
  auth = TOKEN,
  project = PROJECT_ID,
  headers?: Record<string, string>,
) {
  return server.request('POST', tickets(project), { auth, json: body, headers });
}

describe('POST /projects/{id}/tickets.json', () => {
  it('creates a ticket for a header email: a virtual reporter, status new, priority low, generated title', async () => {
    const r = await create(
      { ticket: { description: 'I bought the deluxe pack. It did not unlock.' } },
      `${TOKEN},email:buyer@example.test`,
    );
    expect(r.status).toBe(201);
    const ticket = Ticket.parse(r.body);
    expect(ticket).toMatchObject({
      title: 'I bought the deluxe pack',
      status: 'new',
      priority: 'low',
      assigned_to: { id: null, name: null },
      attachments: [],
    });
    expect(ticket.id).toBe(String(ticket.scoped_id));
    const reporter = findUserByPublicId(server.deps.db, String(ticket.reporter.id))!;
    expect(reporter).toMatchObject({ email: 'buyer@example.test', virtual: 1 });
  });

  it('lets ticket[reporter_email] win over the header email', async () => {
    const r = await create(
      { ticket: { description: 'Refund request for a double charge', reporter_email: 'form@example.test' } },
      `${TOKEN},email:header@example.test`,
    );
    expect(findUserByPublicId(server.deps.db, r.body.reporter.id)!.email).toBe('form@example.test');
  });

  it('creates a reporter from a header Discord id, and from the Discord bot user fields', async () => {
    const header = await create({ ticket: { description: 'Stuck in the tutorial' } }, `${TOKEN},discord_id:4242`);
    expect(findUserByPublicId(server.deps.db, header.body.reporter.id)!.discord_id).toBe('4242');
    const bot = await create({
      ticket: { description: 'Lost my save file' },
      user: { discord_id: '777', discord_username: 'captain', discord_discriminator: '0' },
    });
    expect(bot.status).toBe(201);
    expect(bot.body.reporter.name).toBe('captain');
    expect(findUserByPublicId(server.deps.db, bot.body.reporter.id)!).toMatchObject({ discord_id: '777', virtual: 1 });
  });

  it('makes the signed-in user the reporter and keeps a given title and priority', async () => {
    const r = await create(
      { ticket: { title: 'Crash on launch', description: 'The game closes at the logo.', priority: 'high' } },
      `Bearer ${PATS.tester}`,
    );
    expect(r.body).toMatchObject({
      title: 'Crash on launch',
      priority: 'high',
      reporter: { id: expect.stringMatching(/^usr-/), name: 'Tess Tester' },
    });
  });

  it('refuses an anonymous ticket without contact info with 422, and takes it with a form email', async () => {
    const bare = await create({ ticket: { description: 'Who am I?' } }, TOKEN);
    expect(bare.status).toBe(422);
    expect(bare.body.error).toMatch(/Contact information is required/);
    const anonymous = await create(
      { ticket: { description: 'Anonymous public ticket' } },
      'FormUser anonymous',
      PUBLIC_PROJECT_ID,
    );
    expect(anonymous.status).toBe(422);
    const withEmail = await server.request('POST', tickets(PUBLIC_PROJECT_ID), {
      auth: 'FormUser anonymous',
      form: { 'ticket[description]': 'Anonymous with email', 'ticket[reporter_email]': 'anon@example.test' },
    });
    expect(withEmail.status).toBe(201);
  });

  it('refuses a missing description, a bad priority and a malformed reporter email with 422', async () => {
    for (const ticket of [
      {},
      { description: '' },
      { description: 'Bad priority', priority: 'urgent' },
      { description: 'Bad email', reporter_email: 'nobody' },
    ]) {
      const r = await create({ ticket }, `${TOKEN},email:someone@example.test`);
      expect(r.status).toBe(422);
      expect(r.body).toEqual({ error: expect.any(String) });
    }
  });

  it('refuses a token without can_create_ticket and a private project without credentials', async () => {
    const none = await create(
      { ticket: { description: 'No flag', reporter_email: 'a@b.c' } },
      `FormUser ${TOKENS.none}`,
    );
    expect(none.status).toBe(403);
    expect(none.body.error).toBe('Not allowed to create a ticket.');
    expect(
      (await create({ ticket: { description: 'Private', reporter_email: 'a@b.c' } }, 'FormUser anonymous')).status,
    ).toBe(401);
  });

  it('refuses a ticket over the per-IP daily limit with 403', async () => {
    const body = { ticket: { description: 'Limited ticket', reporter_email: 'limit@example.test' } };
    expect((await create(body, 'FormUser tkn-limited', LIMITED_PROJECT)).status).toBe(201);
    const over = await create(body, 'FormUser tkn-limited', LIMITED_PROJECT);
    expect(over.status).toBe(403);
    expect(over.body.error).toMatch(/^Not allowed to create a ticket\./);
  });

  it('stores ticket[attachments][] with their uploader and file type', async () => {
    const form = new FormData();
    form.append('ticket[description]', 'Receipt attached');
    form.append('ticket[attachments][]', new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' }));
    form.append(
      'ticket[attachments][]',
      new File([new Uint8Array([255, 216, 255])], 'shot.jpg', { type: 'image/jpeg' }),
    );
    const r = await server.request('POST', tickets(), { auth: `Bearer ${PATS.tester}`, multipart: form });
    expect(r.status).toBe(201);
    expect(r.body.attachments).toEqual([
      {
        id: expect.any(Number),
        filename: 'receipt.pdf',
        content_type: 'application/pdf',
        file_type: 'other',
        size_bytes: 8,
        user: { id: expect.any(String), name: 'Tess Tester' },
      },
      {
        id: expect.any(Number),
        filename: 'shot.jpg',
        content_type: 'image/jpeg',
        file_type: 'image',
        size_bytes: 3,
        user: { id: expect.any(String), name: 'Tess Tester' },
      },
    ]);
    const bytes = await server.request(
      'GET',
      `/projects/${PROJECT_ID}/tickets/${r.body.id}/attachments/${r.body.attachments[0].id}`,
      { auth: `Bearer ${PATS.tester}` },
    );
    expect(bytes.status).toBe(200);
    expect(bytes.body).toBe('%PDF-1.4');
  });

  it('answers the first response again for a repeated Idempotency-Key, and 422 for another body', async () => {
    const auth = `${TOKEN},email:idem@example.test`;
    const first = await create({ ticket: { description: 'Idempotent ticket' } }, auth, PROJECT_ID, {
      'Idempotency-Key': 'ticket-key-1',
    });
    const again = await create({ ticket: { description: 'Idempotent ticket' } }, auth, PROJECT_ID, {
      'Idempotency-Key': 'ticket-key-1',
    });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const other = await create({ ticket: { description: 'Another ticket body' } }, auth, PROJECT_ID, {
      'Idempotency-Key': 'ticket-key-1',
    });
    expect(other.status).toBe(422);
  });
});

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

  it('shows a ticket by scoped id and g-<id> to the team and its reporter', async () => {
    const byScoped = await local.request('GET', one(1), { auth: `Bearer ${PATS.support}` });
    expect(byScoped.status).toBe(200);
    expect(Ticket.parse(byScoped.body).title).toBe('Controller not detected');
    const global = local.deps.db.prepare('SELECT id FROM tickets WHERE scoped_id = 1').pluck().get() as number;
    expect((await local.request('GET', one(`g-${global}`), { auth: tester })).body.id).toBe('1');
  });

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
    const developerId = local.deps.db
      .prepare("SELECT public_id FROM users WHERE name = 'Dev Eloper'")
      .pluck()
      .get() as string;
    const assigned = await local.request('PATCH', one(1), {
      auth: `Bearer ${PATS.support}`,
      json: { ticket: { assigned_to_id: developerId } },
    });
    expect(assigned.body.assigned_to).toEqual({ id: developerId, name: 'Dev Eloper' });
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

  it('refuses a bad status, priority or assignee with 422', async () => {
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
