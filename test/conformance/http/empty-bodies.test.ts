// An empty request body carries no parameters whatever Content-Type came with it
// (docs/api-choices.md#error-bodies-and-statuses): fetch sends text/plain for body '', an HTTP library may label an
// empty POST multipart. Publishing a draft that way is a success, not a 400 about an encoding with nothing in it.
import { describe, expect, it } from 'vitest';
import { ALL_FLAGS, PROJECT_ID, TOKENS, seedDocument } from '../../helpers/seed.ts';
import { serveFile, server } from '../../helpers/file-server.ts';

serveFile({
  seed: seedDocument({ project: { tokens: [{ token: TOKENS.all, daily_limit: 1000, ...ALL_FLAGS }] } }),
});

async function draft(): Promise<{ id: number; token: string }> {
  const r = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
    auth: `FormUser ${TOKENS.all}`,
    json: { issue: { description: 'The cargo bay door stays shut after docking.' }, draft: true },
  });
  expect(r.status).toBe(201);
  return r.body;
}

/** POST with the raw body and Content-Type given, as a client outside our helpers sends it. */
function publish(issue: { id: number; token: string }, contentType: string, body: string) {
  return fetch(`${server.url}/projects/${PROJECT_ID}/issues/g-${issue.id}/publish`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${issue.token}`, 'Content-Type': contentType },
    body,
  });
}

describe('empty request bodies', () => {
  it('publishes a draft whose empty body is labelled text/plain, octet-stream or multipart', async () => {
    for (const type of ['text/plain;charset=UTF-8', 'application/octet-stream', 'multipart/form-data; boundary=x']) {
      const r = await publish(await draft(), type, '');
      expect(r.status, type).toBe(200);
      expect((await r.json()).status).toBe('open');
    }
  });

  it('reads an empty create body as no parameters: 422 for the missing description, not 400', async () => {
    const r = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
      auth: `FormUser ${TOKENS.all}`,
      raw: '',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatch(/description/i);
  });

  it('still refuses a body with content in an encoding the API does not take, and a broken multipart', async () => {
    const text = await publish(await draft(), 'text/plain', 'email_my_report=1');
    expect(text.status).toBe(400);
    expect((await text.json()).error).toMatch(/Unsupported Content-Type text\/plain/);
    const multipart = await publish(await draft(), 'multipart/form-data; boundary=x', '--x\r\nbroken');
    expect(multipart.status).toBe(400);
  });
});
