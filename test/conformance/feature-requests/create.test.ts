// Feature request create (docs/api/submissions.md#choices-we-made, docs/api-choices.md#idempotency): the generated
// title, drafts, the Discord bot's user fields, files, min_suggestion_length, the token flag, the NDA, the per-IP
// counter and Idempotency-Key, with every refusal.
import { describe, expect, it } from 'vitest';
import { FeatureRequest } from '../../../widget/src/protocol/feature-requests.ts';
import { findUserById } from '../../../reference-server/src/areas/projects-auth/users-repository.ts';
import { PATS, PROJECT_ID, PUBLIC_PROJECT_ID, TOKENS } from '../../helpers/seed.ts';
import { create, dbRow, LIMITED_PROJECT, NDA_PROJECT, path, serveFeatureRequests, server, TOKEN } from './fixtures.ts';
import { itLocal } from '../../helpers/local-only.ts';

serveFeatureRequests();

describe('POST /projects/{id}/feature_requests.json', () => {
  it('creates an open request with a title from the first sentence, a scoped id, a url and a draft JWT', async () => {
    const r = await create({
      feature_request: { description: 'Let me rebind the jump key. The default is awkward on AZERTY keyboards.' },
    });
    expect(r.status).toBe(201);
    const fr = FeatureRequest.parse(r.body);
    expect(fr).toMatchObject({
      title: 'Let me rebind the jump key',
      status: 'open',
      votes: 0,
      voted: false,
      files: [],
      custom_fields: [],
    });
    expect(fr.id).toBe(fr.scoped_id);
    expect(fr.url).toBe(`${server.url}/projects/${PROJECT_ID}/feature_requests/${fr.scoped_id}`);
    expect(fr.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(fr.warnings).toBeUndefined();
  });

  it('trims a generated title to 80 characters', async () => {
    const r = await create({ feature_request: { description: `${'word '.repeat(40)}end` } });
    expect(r.body.title.length).toBeLessThanOrEqual(80);
    expect(r.body.title.startsWith('word word')).toBe(true);
  });

  it('numbers requests from 1 in each project', async () => {
    const a = await create(
      { feature_request: { description: 'First idea in the open beta' } },
      `FormUser ${TOKENS.public}`,
      PUBLIC_PROJECT_ID,
    );
    const b = await create(
      { feature_request: { description: 'Second idea in the open beta' } },
      `FormUser ${TOKENS.public}`,
      PUBLIC_PROJECT_ID,
    );
    expect([a.body.scoped_id, b.body.scoped_id]).toEqual([1, 2]);
  });

  it('keeps a developer title and ignores a player title with a warning', async () => {
    const dev = await create(
      { feature_request: { title: 'Photo mode', description: 'Add a photo mode with free camera.' } },
      `Bearer ${PATS.developer}`,
    );
    expect(dev.status).toBe(201);
    expect(dev.body.title).toBe('Photo mode');
    expect(dev.body.token).toBeUndefined();
    const player = await create(
      { feature_request: { title: 'MY TITLE', description: 'More cargo slots please. They fill up fast.' } },
      `Bearer ${PATS.tester}`,
    );
    expect(player.body.title).toBe('More cargo slots please');
    expect(player.body.warnings).toEqual([expect.stringContaining('feature_request[title]')]);
  });

  it('creates a hidden draft with draft=true, sent as a form with True', async () => {
    const r = await server.request('POST', path(), {
      auth: TOKEN,
      form: { 'feature_request[description]': 'A draft about map markers', draft: 'True' },
    });
    expect(r.status).toBe(201);
    expect(r.body.status).toBe('hidden');
  });

  it('makes the signed-in author the reporter, with their vote', async () => {
    const r = await create(
      { feature_request: { description: 'Colour-blind friendly palette' } },
      `Bearer ${PATS.tester}`,
    );
    expect(r.body.user).toEqual({ id: expect.any(Number), name: 'Tess Tester' });
    expect(r.body).toMatchObject({ votes: 1, voted: true });
  });

  itLocal(
    'links the Discord bot user fields to a virtual Discord user',
    'reads the virtual user in the database',
    async () => {
      const r = await create({
        feature_request: { description: 'Discord suggestion: a trading post' },
        user: { discord_id: '123456789', discord_username: 'pilot', discord_discriminator: '0042' },
      });
      expect(r.status).toBe(201);
      const team = await server.request('GET', `/projects/${PROJECT_ID}/feature_requests/${r.body.id}.json`, {
        auth: `Bearer ${PATS.developer}`,
      });
      expect(team.body.user.name).toBe('pilot#0042');
      const user = findUserById(server.deps.db, team.body.user.id)!;
      expect(user).toMatchObject({ virtual: 1, discord_id: '123456789' });
    },
  );

  itLocal('ignores Discord user fields from an anonymous player, with a warning', 'reads the database', async () => {
    const r = await create(
      { feature_request: { description: 'Anonymous idea with a fake Discord user' }, user: { discord_id: '999' } },
      'FormUser anonymous',
      PUBLIC_PROJECT_ID,
    );
    expect(r.status).toBe(201);
    expect(r.body.warnings).toEqual([expect.stringContaining('user[...]')]);
    expect(dbRow(PUBLIC_PROJECT_ID, r.body.id).reporter_user_id).toBeNull();
  });

  it('refuses a missing or blank description with 422', async () => {
    for (const body of [{}, { feature_request: {} }, { feature_request: { description: '   ' } }]) {
      const r = await create(body);
      expect(r.status).toBe(422);
      expect(r.body.error).toMatch(/description/);
    }
  });

  it('refuses a description under min_suggestion_length with 422', async () => {
    const r = await create({ feature_request: { description: 'abc' } });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatch(/at least 5 characters/);
  });

  it('refuses a token without can_create_feature_request, and a token of another project, with 403', async () => {
    const none = await create({ feature_request: { description: 'Not allowed at all' } }, `FormUser ${TOKENS.none}`);
    expect(none.status).toBe(403);
    expect(none.body.error).toBe('Not allowed to create a feature request.');
    const other = await create({ feature_request: { description: 'Wrong project token' } }, `FormUser ${TOKENS.other}`);
    expect(other.status).toBe(403);
  });

  it('is 401 for an anonymous caller on a private project and 201 on a public one', async () => {
    expect((await create({ feature_request: { description: 'Anonymous private' } }, 'FormUser anonymous')).status).toBe(
      401,
    );
    expect(
      (await create({ feature_request: { description: 'Anonymous public' } }, 'FormUser anonymous', PUBLIC_PROJECT_ID))
        .status,
    ).toBe(201);
  });

  it('refuses a tester who has not accepted the NDA with 403', async () => {
    const r = await create(
      { feature_request: { description: 'Under NDA idea' } },
      `Bearer ${PATS.tester}`,
      NDA_PROJECT,
    );
    expect(r.status).toBe(403);
    expect(r.body.error).toMatch(/NDA/);
    expect(
      (await create({ feature_request: { description: 'Under NDA idea' } }, `Bearer ${PATS.developer}`, NDA_PROJECT))
        .status,
    ).toBe(201);
  });

  it('refuses the request over the per-IP daily limit with 403 and counts again the next day', async () => {
    const auth = 'FormUser tkn-limited';
    for (let i = 0; i < 2; i += 1)
      expect(
        (await create({ feature_request: { description: `Limited idea ${i}` } }, auth, LIMITED_PROJECT)).status,
      ).toBe(201);
    const over = await create({ feature_request: { description: 'Limited idea 3' } }, auth, LIMITED_PROJECT);
    expect(over.status).toBe(403);
    expect(over.body.error).toMatch(/^Not allowed to create a feature request\./);
    await server.advance('25h');
    expect(
      (await create({ feature_request: { description: 'Limited idea tomorrow' } }, auth, LIMITED_PROJECT)).status,
    ).toBe(201);
  });

  it('stores feature_request[files][] and serves each file', async () => {
    const form = new FormData();
    form.append('feature_request[description]', 'Idea with a mock-up');
    form.append(
      'feature_request[files][]',
      new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0])], 'mockup.png', { type: 'image/png' }),
    );
    form.append('feature_request[files][]', new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    const r = await server.request('POST', path(), { auth: TOKEN, multipart: form });
    expect(r.status).toBe(201);
    expect(r.body.files).toEqual([
      {
        id: expect.any(Number),
        filename: 'mockup.png',
        content_type: 'image/png',
        size_bytes: 9,
        url: expect.stringContaining('/files/'),
      },
      {
        id: expect.any(Number),
        filename: 'notes.txt',
        content_type: 'text/plain',
        size_bytes: 5,
        url: expect.stringContaining('/files/'),
      },
    ]);
    const file = await fetch(r.body.files[1].url, { headers: { Authorization: TOKEN } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/plain');
    expect(await file.text()).toBe('notes');
    const missing = await server.request('GET', `/projects/${PROJECT_ID}/feature_requests/${r.body.id}/files/999999`, {
      auth: TOKEN,
    });
    expect(missing.status).toBe(404);
  });

  it('refuses more than 10 files, and a text value in place of a file, with 422', async () => {
    const form = new FormData();
    form.append('feature_request[description]', 'Too many files attached');
    for (let i = 0; i < 11; i += 1)
      form.append('feature_request[files][]', new File(['x'], `f${i}.txt`, { type: 'text/plain' }));
    expect((await server.request('POST', path(), { auth: TOKEN, multipart: form })).status).toBe(422);
    const text = await server.request('POST', path(), {
      auth: TOKEN,
      form: { 'feature_request[description]': 'Files as text', 'feature_request[files][]': 'not a file' },
    });
    expect(text.status).toBe(422);
  });
});

describe('Idempotency-Key on create', () => {
  it('answers the first response again for the same key and body, creating nothing', async () => {
    const body = { feature_request: { description: 'Idempotent suggestion text' } };
    const first = await create(body, TOKEN, PROJECT_ID, { 'Idempotency-Key': 'report-uuid-1' });
    const second = await create(body, TOKEN, PROJECT_ID, { 'Idempotency-Key': 'report-uuid-1' });
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    const list = await server.request('GET', `${path()}?sort=new`, { auth: `Bearer ${PATS.developer}` });
    expect(
      list.body.feature_requests.filter(
        (f: { description: string }) => f.description === body.feature_request.description,
      ),
    ).toHaveLength(1);
  });

  it('refuses the same key with a different body with 422', async () => {
    await create({ feature_request: { description: 'Keyed suggestion one' } }, TOKEN, PROJECT_ID, {
      'Idempotency-Key': 'report-uuid-2',
    });
    const r = await create({ feature_request: { description: 'Keyed suggestion two' } }, TOKEN, PROJECT_ID, {
      'Idempotency-Key': 'report-uuid-2',
    });
    expect(r.status).toBe(422);
  });

  it('keeps keys apart per caller', async () => {
    const body = { feature_request: { description: 'Same key, other caller' } };
    const a = await create(body, TOKEN, PROJECT_ID, { 'Idempotency-Key': 'shared-key' });
    const b = await create(body, `Bearer ${PATS.tester}`, PROJECT_ID, { 'Idempotency-Key': 'shared-key' });
    expect(b.body.id).not.toBe(a.body.id);
  });
});
