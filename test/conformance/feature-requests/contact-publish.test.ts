// Feature request set contact info and publish (docs/api/submissions.md#choices-we-made,
// docs/api-choices.md#draft-and-media-writers): the contact shape and its notification, refusals, publishing a draft
// by its JWT, by the reporter and by the team, and a JWT of another project.
import { describe, expect, it } from 'vitest';
import { FeatureRequestContactResponse } from '../../../widget/src/protocol/feature-requests.ts';
import { setFeatureRequestStatus } from '../../../reference-server/src/areas/feature-requests/repository.ts';
import { OTHER_PROJECT_ID, PATS, PROJECT_ID, TOKENS } from '../../helpers/seed.ts';
import { create, dbRow, serveFeatureRequests, server, TOKEN } from './fixtures.ts';
import { itLocal } from '../../helpers/local-only.ts';

serveFeatureRequests();

describe('set contact info and publish', () => {
  const route = (id: number | string, action: string) => `/projects/${PROJECT_ID}/feature_requests/${id}/${action}`;

  it('attaches an email, creates a notified virtual user and answers the contact shape', async () => {
    const draft = await create({ feature_request: { description: 'Contact me about this' }, draft: true });
    const r = await server.request('POST', route(draft.body.id, 'set_contact_info'), {
      auth: `Bearer ${draft.body.token}`,
      json: { email: 'player@example.test' },
    });
    expect(r.status).toBe(200);
    expect(FeatureRequestContactResponse.parse(r.body)).toMatchObject({
      success: true,
      feature_request_id: draft.body.id,
      user: { email: 'player@example.test', discord_id: null, virtual: true },
    });
    const notes = await server.request('GET', '/__admin/notifications');
    expect(notes.body.notifications[0]).toMatchObject({
      event: 'feature_request.contact_info_set',
      recipient_email: 'player@example.test',
      recipient_user_id: r.body.user.id,
    });
  });

  it('accepts a numeric Discord id instead of an email', async () => {
    const draft = await create({ feature_request: { description: 'Ping me on Discord' }, draft: true });
    const auth = `Bearer ${draft.body.token}`;
    const json = { discord_id: '55501' };
    const r = await server.request('POST', route(draft.body.id, 'set_contact_info'), { auth, json });
    expect(r.body.user).toMatchObject({ email: null, discord_id: '55501', virtual: true });
  });

  it('refuses no contact, a malformed email and a non-numeric Discord id with 422', async () => {
    const draft = await create({ feature_request: { description: 'Bad contact data' }, draft: true });
    for (const json of [{}, { email: 'not an email' }, { discord_id: 'abc' }]) {
      const auth = `Bearer ${draft.body.token}`;
      expect((await server.request('POST', route(draft.body.id, 'set_contact_info'), { auth, json })).status).toBe(422);
    }
  });

  it('is 404 for an unknown request and 403 for a player who does not own it', async () => {
    expect(
      (await server.request('POST', route(99999, 'set_contact_info'), { auth: TOKEN, json: { email: 'a@b.c' } }))
        .status,
    ).toBe(404);
    const open = await create({ feature_request: { description: 'Somebody else owns this' } });
    expect(
      (
        await server.request('POST', route(open.body.id, 'set_contact_info'), {
          auth: `Bearer ${PATS.tester}`,
          json: { email: 'a@b.c' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await server.request('POST', route(open.body.id, 'publish'), { auth: `Bearer ${PATS.tester}` })).status,
    ).toBe(403);
  });

  itLocal(
    'publishes a draft with its JWT (hidden → open), and again as a no-op',
    'sets a status the API cannot set, in the database',
    async () => {
      const draft = await create({ feature_request: { description: 'Publish me later' }, draft: true });
      const r = await server.request('POST', route(`fr-${draft.body.id}`, 'publish'), {
        auth: `Bearer ${draft.body.token}`,
      });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ success: true });
      expect(dbRow(PROJECT_ID, draft.body.id).status).toBe('open');
      expect(
        (await server.request('POST', route(draft.body.id, 'publish'), { auth: `Bearer ${draft.body.token}` })).body,
      ).toEqual({ success: true });
    },
  );

  itLocal(
    'lets the reporter and the team publish, and refuses a request in another state with 422',
    'sets a status the API cannot set, in the database',
    async () => {
      const mine = await create(
        { feature_request: { description: 'My own draft idea' }, draft: true },
        `Bearer ${PATS.tester}`,
      );
      expect(
        (await server.request('POST', route(mine.body.id, 'publish'), { auth: `Bearer ${PATS.tester}` })).status,
      ).toBe(200);
      const other = await create({ feature_request: { description: 'Draft for the team' }, draft: true });
      expect(
        (await server.request('POST', route(other.body.id, 'publish'), { auth: `Bearer ${PATS.support}` })).status,
      ).toBe(200);
      const rejected = await create({ feature_request: { description: 'Will be rejected' } });
      setFeatureRequestStatus(
        server.deps.db,
        dbRow(PROJECT_ID, rejected.body.id).id,
        'rejected',
        new Date().toISOString(),
      );
      expect(
        (await server.request('POST', route(rejected.body.id, 'publish'), { auth: `Bearer ${PATS.developer}` })).status,
      ).toBe(422);
    },
  );

  it('refuses a draft JWT of another project with 403', async () => {
    const draft = await create(
      { feature_request: { description: 'Other project draft' }, draft: true },
      `FormUser ${TOKENS.other}`,
      OTHER_PROJECT_ID,
    );
    expect((await server.request('POST', route(1, 'publish'), { auth: `Bearer ${draft.body.token}` })).status).toBe(
      403,
    );
  });
});
