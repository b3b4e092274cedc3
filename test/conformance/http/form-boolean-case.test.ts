// Top-level form flags read true/false in any letter case over HTTP (docs/api-choices.md#form-booleans): a draft
// created with draft=TRUE, published with email_my_report=FALSE; a word that is no boolean is still 422.
import { describe, expect, it } from 'vitest';
import { serveFile, server } from '../../helpers/file-server.ts';
import { PATS, PROJECT_ID, TOKENS } from '../../helpers/seed.ts';

serveFile();

const ISSUES = `/projects/${PROJECT_ID}/issues`;
const DESCRIPTION = 'The lift on the third floor never arrives.';

describe('form booleans in any letter case', () => {
  it('creates a draft with draft=TRUE and publishes it with email_my_report=FALSE', async () => {
    const draft = await server.request('POST', `${ISSUES}.json`, {
      auth: `FormUser ${TOKENS.all}`,
      form: { 'issue[description]': DESCRIPTION, draft: 'TRUE' },
    });
    expect(draft.status).toBe(201);
    expect(draft.body.status).toBe('hidden');
    const published = await server.request('POST', `${ISSUES}/g-${draft.body.id}/publish`, {
      auth: `Bearer ${draft.body.token}`,
      form: { email_my_report: 'FALSE' },
    });
    expect(published.status).toBe(200);
    expect(published.body.status).toBe('open');
  });

  it('lists drafts with show_drafts=TRUE and refuses a word that is no boolean', async () => {
    const created = await server.request('POST', `/projects/${PROJECT_ID}/releases.json`, {
      auth: `Bearer ${PATS.developer}`,
      form: { 'release[label]': '2.0.0-rc1', save_draft: 'tRUE' },
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('draft');
    const drafts = await server.request('GET', `/projects/${PROJECT_ID}/releases.json?show_drafts=TRUE`, {
      auth: `Bearer ${PATS.developer}`,
    });
    expect(drafts.body.map((r: { label: string }) => r.label)).toContain('2.0.0-rc1');
    const refused = await server.request('POST', `${ISSUES}.json`, {
      auth: `FormUser ${TOKENS.all}`,
      form: { 'issue[description]': DESCRIPTION, draft: 'yes' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ error: 'draft: must be 1, 0, true or false' });
  });
});
