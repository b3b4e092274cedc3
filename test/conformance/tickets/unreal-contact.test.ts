// The Unreal plugin's ticket: multipart `ticket[description]` with the player's email in `user[email]`,
// expecting 201 (docs/api/submissions.md#choices-we-made). It was refused for want of a contact.
import { describe, expect, it } from 'vitest';
import { serveFile, server } from '../../helpers/file-server.ts';
import { PATS, PROJECT_ID, PUBLIC_PROJECT_ID, TOKENS } from '../../helpers/seed.ts';

serveFile();

/** The plugin's request: multipart, BetaHub-Project-ID, Accept JSON, the token or `FormUser anonymous`. */
function unrealTicket(project: string, auth: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return server.request('POST', `/projects/${project}/tickets.json`, {
    auth,
    project: false,
    headers: { 'BetaHub-Project-ID': project },
    multipart: form,
  });
}

const DESCRIPTION = 'The game will not start after the last patch.';

describe('ticket contact in user[email]', () => {
  it('creates the ticket with the player as its virtual reporter, for the token and anonymously', async () => {
    for (const [project, auth] of [
      [PROJECT_ID, `FormUser ${TOKENS.all}`],
      [PUBLIC_PROJECT_ID, 'FormUser anonymous'],
    ]) {
      const r = await unrealTicket(project, auth, {
        'ticket[description]': DESCRIPTION,
        'user[email]': 'ana@mail.test',
      });
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ description: DESCRIPTION, status: 'new', reporter: { name: 'ana' } });
    }
    const shown = await server.request('GET', `/projects/${PROJECT_ID}/tickets/1.json`, {
      auth: `Bearer ${PATS.support}`,
    });
    expect(shown.body.reporter).toEqual({ id: expect.any(Number), name: 'ana' });
  });

  it('lets ticket[reporter_email] win over user[email], and still refuses a ticket with neither', async () => {
    const both = await unrealTicket(PROJECT_ID, `FormUser ${TOKENS.all}`, {
      'ticket[description]': DESCRIPTION,
      'ticket[reporter_email]': 'typed@mail.test',
      'user[email]': 'plugin@mail.test',
    });
    expect(both.status).toBe(201);
    expect(both.body.reporter.name).toBe('typed');
    const none = await unrealTicket(PROJECT_ID, `FormUser ${TOKENS.all}`, {
      'ticket[description]': DESCRIPTION,
      'user[email]': '',
    });
    expect(none.status).toBe(422);
    expect(none.body.error).toMatch(/^Contact information is required/);
  });

  it('answers 422 naming user.email for an email that is not one', async () => {
    const r = await unrealTicket(PROJECT_ID, `FormUser ${TOKENS.all}`, {
      'ticket[description]': DESCRIPTION,
      'user[email]': 'not an email',
    });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatch(/^user\.email: /);
  });
});
