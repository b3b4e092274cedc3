// Custom fields on feature requests (docs/api/submissions.md#choices-we-made, docs/api/issues.md#custom-field-rules):
// both spellings, player visibility, select values, form booleans, required fields and drafts, auto-created fields
// and the 4096-character cap.
import { describe, expect, it } from 'vitest';
import { PATS } from '../../helpers/seed.ts';
import { create, dbRow, FIELDS_PROJECT, path, serveFeatureRequests, server } from './fixtures.ts';
import { itLocal } from '../../helpers/local-only.ts';

serveFeatureRequests();

describe('custom fields on feature requests', () => {
  const auth = 'FormUser tkn-fields';

  it('stores valid values given under custom or custom_fields, hiding non-viewable ones from players', async () => {
    const r = await create(
      {
        feature_request: {
          description: 'Cross-save please',
          custom: { platform: 'Switch', area: 'saves' },
          custom_fields: { would_pay: true, secret_note: 'vip' },
        },
      },
      auth,
      FIELDS_PROJECT,
    );
    expect(r.status).toBe(201);
    expect(r.body.custom_fields.map((f: { ident: string; value: unknown }) => [f.ident, f.value])).toEqual([
      ['platform', 'Switch'],
      ['would_pay', true],
      ['area', 'saves'],
    ]);
    const dev = await server.request('GET', `/projects/${FIELDS_PROJECT}/feature_requests/${r.body.id}.json`, {
      auth: `Bearer ${PATS.developer}`,
    });
    expect(dev.body.custom_fields.map((f: { ident: string }) => f.ident)).toContain('secret_note');
  });

  it('refuses an invalid select value naming the field and its options', async () => {
    const r = await create(
      { feature_request: { description: 'Bad platform', custom: { platform: 'Xbox', area: 'x' } } },
      auth,
      FIELDS_PROJECT,
    );
    expect(r.status).toBe(422);
    expect(r.body.error).toBe(
      'Custom field "Platform" has an invalid value "Xbox": allowed values are "PC", "Switch".',
    );
  });

  it('refuses a form boolean sent as true instead of 1', async () => {
    const r = await server.request('POST', path(FIELDS_PROJECT), {
      auth,
      form: {
        'feature_request[description]': 'Form bool',
        'feature_request[custom][area]': 'x',
        'feature_request[custom][would_pay]': 'true',
      },
    });
    expect(r.status).toBe(422);
    const ok = await server.request('POST', path(FIELDS_PROJECT), {
      auth,
      form: {
        'feature_request[description]': 'Form bool',
        'feature_request[custom][area]': 'x',
        'feature_request[custom][would_pay]': '1',
      },
    });
    expect(ok.status).toBe(201);
  });

  itLocal(
    'refuses a missing required field, but lets a draft wait until publish',
    'reads the status in the database',
    async () => {
      const r = await create({ feature_request: { description: 'No area given' } }, auth, FIELDS_PROJECT);
      expect(r.status).toBe(422);
      expect(r.body.error).toBe('Custom field "Area" is required.');
      const draft = await create(
        { feature_request: { description: 'No area given yet' }, draft: true },
        auth,
        FIELDS_PROJECT,
      );
      expect(draft.status).toBe(201);
      const publish = await server.request(
        'POST',
        `/projects/${FIELDS_PROJECT}/feature_requests/${draft.body.id}/publish`,
        { auth: `Bearer ${draft.body.token}` },
      );
      expect(publish.status).toBe(422);
      expect(dbRow(FIELDS_PROJECT, draft.body.id).status).toBe('hidden');
    },
  );

  it('auto-creates a text field for an unknown ident on the SDK path and refuses it from a signed-in user', async () => {
    const r = await create(
      { feature_request: { description: 'From Roblox', custom: { area: 'x', roblox_id: '42' } } },
      auth,
      FIELDS_PROJECT,
    );
    expect(r.status).toBe(201);
    const defs = await server.request(
      'GET',
      `/projects/${FIELDS_PROJECT}/custom_fields.json?applies_to=feature_request`,
      { auth: `Bearer ${PATS.developer}` },
    );
    expect(defs.body.custom_fields.map((f: { ident: string }) => f.ident)).toContain('roblox_id');
    const user = await create(
      { feature_request: { description: 'From the web', custom: { area: 'x', mystery: '1' } } },
      `Bearer ${PATS.tester}`,
      FIELDS_PROJECT,
    );
    // As on issues (custom field rule 7): auto-creation is for the SDK and Discord paths only.
    expect(user.status).toBe(422);
    expect(user.body.error).toBe('Unknown custom field "mystery".');
  });

  it('keeps a text value of 4096 characters (an emoji counts as one), drops a longer one with a warning', async () => {
    // area is required, so the longer value goes in the optional secret_note.
    const full = '🎮'.repeat(4096);
    const kept = await create(
      { feature_request: { description: 'Long area text', custom: { area: full } } },
      auth,
      FIELDS_PROJECT,
    );
    expect(kept.status).toBe(201);
    expect(kept.body.custom_fields.find((f: { ident: string }) => f.ident === 'area')?.value).toBe(full);
    expect(kept.body.warnings ?? []).toEqual([]);
    const long = await create(
      { feature_request: { description: 'Too long note text', custom: { area: 'x', secret_note: `${full}x` } } },
      auth,
      FIELDS_PROJECT,
    );
    expect(long.status).toBe(201);
    const dev = await server.request('GET', `/projects/${FIELDS_PROJECT}/feature_requests/${long.body.id}.json`, {
      auth: `Bearer ${PATS.developer}`,
    });
    expect(dev.body.custom_fields.map((f: { ident: string }) => f.ident)).not.toContain('secret_note');
    expect(long.body.warnings).toEqual([expect.stringMatching(/4096 characters/)]);
  });
});
