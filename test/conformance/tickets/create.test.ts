// Ticket create (docs/api/submissions.md#choices-we-made, docs/api-choices.md#idempotency): the reporter precedence
// (form email, header email or Discord id, the Discord bot's fields, the signed-in user), title and priority
// defaults, contact info, bad input, the token flag, the per-IP counter, attachments and Idempotency-Key.
import { describe, expect, it } from 'vitest';
import { Ticket } from '../../../widget/src/protocol/tickets.ts';
import { findUserById } from '../../../reference-server/src/areas/projects-auth/users-repository.ts';
import { PATS, PROJECT_ID, PUBLIC_PROJECT_ID, TOKENS } from '../../helpers/seed.ts';
import { create, LIMITED_PROJECT, serveTickets, server, TOKEN, tickets } from './fixtures.ts';
import { itLocal } from '../../helpers/local-only.ts';

serveTickets();

describe('POST /projects/{id}/tickets.json', () => {
  itLocal(
    'creates a ticket for a header email: a virtual reporter, status new, priority low, generated title',
    "reads the reporter's row in the database",
    async () => {
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
      const reporter = findUserById(server.deps.db, ticket.reporter.id as number)!;
      expect(reporter).toMatchObject({ email: 'buyer@example.test', virtual: 1 });
    },
  );

  itLocal(
    'lets ticket[reporter_email] win over the header email',
    "reads the reporter's row in the database",
    async () => {
      const r = await create(
        { ticket: { description: 'Refund request for a double charge', reporter_email: 'form@example.test' } },
        `${TOKEN},email:header@example.test`,
      );
      expect(findUserById(server.deps.db, r.body.reporter.id)!.email).toBe('form@example.test');
    },
  );

  itLocal(
    'creates a reporter from a header Discord id, and from the Discord bot user fields',
    "reads the reporter's row in the database",
    async () => {
      const header = await create({ ticket: { description: 'Stuck in the tutorial' } }, `${TOKEN},discord_id:4242`);
      expect(findUserById(server.deps.db, header.body.reporter.id)!.discord_id).toBe('4242');
      const bot = await create({
        ticket: { description: 'Lost my save file' },
        user: { discord_id: '777', discord_username: 'captain', discord_discriminator: '0' },
      });
      expect(bot.status).toBe(201);
      expect(bot.body.reporter.name).toBe('captain');
      expect(findUserById(server.deps.db, bot.body.reporter.id)!).toMatchObject({ discord_id: '777', virtual: 1 });
    },
  );

  it('makes the signed-in user the reporter and keeps a given title and priority', async () => {
    const r = await create(
      { ticket: { title: 'Crash on launch', description: 'The game closes at the logo.', priority: 'high' } },
      `Bearer ${PATS.tester}`,
    );
    expect(r.body).toMatchObject({
      title: 'Crash on launch',
      priority: 'high',
      reporter: { id: expect.any(Number), name: 'Tess Tester' },
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
        user: { id: expect.any(Number), name: 'Tess Tester' },
      },
      {
        id: expect.any(Number),
        filename: 'shot.jpg',
        content_type: 'image/jpeg',
        file_type: 'image',
        size_bytes: 3,
        user: { id: expect.any(Number), name: 'Tess Tester' },
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
