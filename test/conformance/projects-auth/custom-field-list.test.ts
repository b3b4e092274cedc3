// GET /projects/{pid}/custom_fields.json pages like the other lists (docs/api/projects-auth.md#custom-field-definitions):
// a fixed per_page of 100 (never 0, so a client can divide by it), `page` from 1, a page past the end is empty.
import { describe, expect, it } from 'vitest';
import { PATS, PROJECT_ID, seedDocument } from '../../helpers/seed.ts';
import { serveFile, server } from '../../helpers/file-server.ts';

serveFile({
  seed: seedDocument({
    project: {
      custom_fields: [
        { ident: 'level', name: 'Level', field_type: 'text', player_viewable: true },
        { ident: 'mode', name: 'Mode', field_type: 'single_select', options: ['story', 'arena'] },
      ],
    },
  }),
});

const list = (query: string) =>
  server.request('GET', `/projects/${PROJECT_ID}/custom_fields.json?${query}`, { auth: `Bearer ${PATS.owner}` });

describe('GET /projects/{pid}/custom_fields.json pagination', () => {
  it('answers every definition on page 1 with a per_page of 100', async () => {
    const r = await list('applies_to=issue');
    expect(r.status).toBe(200);
    expect(r.body.custom_fields.map((f: { ident: string }) => f.ident)).toEqual(['level', 'mode']);
    expect(r.body.pagination).toEqual({ current_page: 1, per_page: 100, total_pages: 1, total_count: 2 });
  });

  it('keeps per_page at 100 for an entity with no fields, and counts no pages', async () => {
    const r = await list('applies_to=ticket');
    expect(r.body).toEqual({
      custom_fields: [],
      pagination: { current_page: 1, per_page: 100, total_pages: 0, total_count: 0 },
    });
  });

  it('answers an empty page past the end, and 422 for a page that is not a positive integer', async () => {
    const past = await list('applies_to=issue&page=2');
    expect(past.status).toBe(200);
    expect(past.body).toEqual({
      custom_fields: [],
      pagination: { current_page: 2, per_page: 100, total_pages: 1, total_count: 2 },
    });
    for (const page of ['0', 'abc']) {
      const r = await list(`applies_to=issue&page=${page}`);
      expect(r.status).toBe(422);
      expect(r.body.error).toMatch(/^page: /);
    }
  });
});
