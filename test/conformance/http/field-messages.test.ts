// A 422 names the fault a client made (docs/api-choices.md#error-bodies-and-statuses): a value that is too long says
// how long it may be and a value of the wrong type says which type, never "is required" for a field that was sent.
import { describe, expect, it } from 'vitest';
import { ALL_FLAGS, PATS, PROJECT_ID, TOKENS, seedDocument } from '../../helpers/seed.ts';
import { serveFile, server } from '../../helpers/file-server.ts';

const OWNER = `Bearer ${PATS.owner}`;
const LONG = 'word '.repeat(30_000);

serveFile({
  seed: seedDocument({ project: { tokens: [{ token: TOKENS.all, daily_limit: 1000, ...ALL_FLAGS }] } }),
});

async function refusal(path: string, json: unknown, auth = OWNER): Promise<string> {
  const r = await server.request('POST', `/projects/${PROJECT_ID}/${path}`, { auth, json });
  expect(r.status).toBe(422);
  return r.body.error;
}

describe('validation messages', () => {
  it('says how long a feature request or ticket description may be, and that it must be text', async () => {
    for (const [path, key] of [
      ['feature_requests.json', 'feature_request'],
      ['tickets.json', 'ticket'],
    ]) {
      expect(await refusal(path, { [key]: { description: LONG } })).toBe(
        `${key}.description: must be at most 20000 characters`,
      );
      expect(await refusal(path, { [key]: { description: 42 } })).toBe(`${key}.description: must be a string`);
      expect(await refusal(path, { [key]: {} })).toBe(`${key}.description: is required`);
      expect(await refusal(path, { [key]: { description: '   ' } })).toBe(`${key}.description: is required`);
      expect(await refusal(path, { [key]: { description: 'Fine text', title: 'x'.repeat(300) } })).toBe(
        `${key}.title: must be at most 255 characters`,
      );
    }
  });

  it('says how long a release label may be, and that it must be text', async () => {
    expect(await refusal('releases.json', { release: { label: 'x'.repeat(300) } })).toBe(
      'release.label: must be at most 200 characters',
    );
    expect(await refusal('releases.json', { release: { label: 5 } })).toBe('release.label: must be a string');
    expect(await refusal('releases.json', { release: { label: 'ok', summary: 'x'.repeat(1001) } })).toBe(
      'release.summary: must be at most 1000 characters',
    );
  });

  it('names the type an id, a step list, device info or attachment ids must have, not "Invalid input"', async () => {
    const token = `FormUser ${TOKENS.all}`;
    const description = 'The boat sinks when I stand on the deck.';
    for (const value of [1.5, true, [1]]) {
      expect(await refusal('issues.json', { issue: { description, release_id: value } }, token)).toBe(
        'issue.release_id: must be an id (text or a whole number)',
      );
      expect(await refusal('issues.json', { issue: { description, steps_to_reproduce_array: value } }, token)).toBe(
        'issue.steps_to_reproduce_array: must be a string or an array of strings',
      );
      expect(await refusal('issues.json', { issue: { description, extras: { device_info: value } } }, token)).toBe(
        'issue.extras.device_info: must be a string or an object {value, validation_mode}',
      );
    }
    const issue = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
      auth: token,
      json: { issue: { description } },
    });
    const update = await server.request('PATCH', `/projects/${PROJECT_ID}/issues/${issue.body.scoped_id}.json`, {
      auth: OWNER,
      json: { issue: { assigned_to_id: 2.5 } },
    });
    expect([update.status, update.body.error]).toEqual([
      422,
      'issue.assigned_to_id: must be an id (text or a whole number)',
    ]);
    const contact = await server.request(
      'POST',
      `/projects/${PROJECT_ID}/issues/${issue.body.scoped_id}/set_contact_info`,
      {
        auth: OWNER,
        json: { discord_id: true },
      },
    );
    expect([contact.status, contact.body.error]).toEqual([422, 'discord_id: must be an id (text or a whole number)']);
    const ticket = await server.request('POST', `/projects/${PROJECT_ID}/tickets.json`, {
      auth: `${token},email:ana@mail.test`,
      json: { ticket: { description } },
    });
    const removal = await server.request('PATCH', `/projects/${PROJECT_ID}/tickets/${ticket.body.scoped_id}.json`, {
      auth: OWNER,
      json: { ticket: { remove_attachment_ids: 'two' } },
    });
    expect([removal.status, removal.body.error]).toEqual([
      422,
      'ticket.remove_attachment_ids: must be attachment ids (positive whole numbers)',
    ]);
  });

  it('says how long a playtime tag string may be', async () => {
    const tags = `k=${'v'.repeat(100)},`.repeat(1000);
    const error = await refusal('playtime_sessions.json', { playtime_session: { tags } }, `FormUser ${TOKENS.all}`);
    expect(error).toMatch(/^playtime_session\.tags: must be at most \d+ characters$/);
  });
});
