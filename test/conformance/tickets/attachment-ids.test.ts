// A removed ticket attachment's id is never given to a later one (reference-server/src/db/retired-ids.ts): repeating
// an update's remove_attachment_ids after a lost answer is 422 and cannot remove a file added since.
import { describe, expect, it } from 'vitest';
import { PATS, PROJECT_ID, TOKENS } from '../../helpers/seed.ts';
import { serveTickets, server } from './fixtures.ts';

serveTickets();

const SUPPORT = `Bearer ${PATS.support}`;

function withFile(name: string): FormData {
  const form = new FormData();
  form.append('ticket[attachments][]', new File([`${name} contents`], name, { type: 'text/plain' }));
  return form;
}

describe('ticket attachment ids', () => {
  it('gives a file added after a removal a new id, so repeating the removal is 422 and keeps it', async () => {
    const made = await server.request('POST', `/projects/${PROJECT_ID}/tickets.json`, {
      auth: `FormUser ${TOKENS.all},email:buyer@example.test`,
      multipart: (() => {
        const form = withFile('receipt.txt');
        form.append('ticket[description]', 'The deluxe pack did not unlock after paying.');
        return form;
      })(),
    });
    expect(made.status).toBe(201);
    const path = `/projects/${PROJECT_ID}/tickets/${made.body.id}.json`;
    const [receipt] = made.body.attachments;
    const removal = { ticket: { remove_attachment_ids: [receipt.id] } };
    expect((await server.request('PATCH', path, { auth: SUPPORT, json: removal })).body.attachments).toEqual([]);
    const added = await server.request('PATCH', path, { auth: SUPPORT, multipart: withFile('bank-statement.txt') });
    const [statement] = added.body.attachments;
    expect(statement.id).toBeGreaterThan(receipt.id);
    const retry = await server.request('PATCH', path, { auth: SUPPORT, json: removal });
    expect(retry.status).toBe(422);
    const shown = await server.request('GET', path, { auth: SUPPORT });
    expect(shown.body.attachments.map((a: { filename: string }) => a.filename)).toEqual(['bank-statement.txt']);
  });
});
