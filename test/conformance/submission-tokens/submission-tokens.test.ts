// Submission token generation (docs/api-choices.md#operation-paths): a personal access token with
// project.api_tokens.manage gets a signed single-use JWT; everyone else is refused.
import { describe, expect, it } from 'vitest';
import { SubmissionTokenResponse } from '../../../widget/src/protocol/extras.ts';
import { serveFile, server } from '../../helpers/file-server.ts';
import { PATS, PROJECT_ID, TOKENS } from '../../helpers/seed.ts';
import { itLocal } from '../../helpers/local-only.ts';

serveFile({ now: new Date('2030-01-01T00:00:00.000Z') });

const path = `/projects/${PROJECT_ID}/submission_tokens.json`;

describe('POST /projects/{id}/submission_tokens.json', () => {
  itLocal(
    'signs a token carrying the email, Discord id and custom values, valid one hour by default',
    "verifies the token with the server's key",
    async () => {
      const r = await server.request('POST', path, {
        auth: `Bearer ${PATS.owner}`,
        json: { email: 'vip@example.test', discord_id: '1234', custom: { account_tier: 'gold', level: 12 } },
      });
      expect(r.status).toBe(201);
      const body = SubmissionTokenResponse.parse(r.body);
      expect(body.expires_at).toBe('2030-01-01T01:00:00.000Z');
      const claims = await server.deps.jwt.verify(body.token);
      expect(claims).toMatchObject({
        typ: 'submission',
        project_id: PROJECT_ID,
        email: 'vip@example.test',
        discord_id: '1234',
        custom: { account_tier: 'gold', level: 12 },
        jti: expect.any(String),
      });
    },
  );

  itLocal(
    'honours expires_in and gives each token its own jti',
    "verifies the token with the server's key",
    async () => {
      const a = await server.request('POST', path, { auth: `Bearer ${PATS.orgAdmin}`, json: { expires_in: 600 } });
      const b = await server.request('POST', path, { auth: `Bearer ${PATS.orgAdmin}`, form: { expires_in: '600' } });
      expect(a.body.expires_at).toBe('2030-01-01T00:10:00.000Z');
      const [ca, cb] = await Promise.all([server.deps.jwt.verify(a.body.token), server.deps.jwt.verify(b.body.token)]);
      expect((ca as { jti: string }).jti).not.toBe((cb as { jti: string }).jti);
    },
  );

  it('authenticates the header FormUser tkn-…,<token> as the virtual user of its email', async () => {
    const r = await server.request('POST', path, {
      auth: `Bearer ${PATS.owner}`,
      json: { email: 'trusted@example.test' },
    });
    const verify = await server.request('POST', '/auth/verify', {
      auth: `FormUser ${TOKENS.all},${r.body.token}`,
      json: {},
    });
    expect(verify.status).toBe(200);
    expect(JSON.stringify(verify.body)).toContain('trusted@example.test');
  });

  it('refuses a caller without project.api_tokens.manage with 403', async () => {
    for (const auth of [
      `Bearer ${PATS.developer}`,
      `Bearer ${PATS.support}`,
      `Bearer ${PATS.tester}`,
      `FormUser ${TOKENS.all}`,
      `FormUser ${TOKENS.all},email:a@b.c`,
    ]) {
      const r = await server.request('POST', path, { auth, json: { email: 'x@example.test' } });
      expect(r.status, auth).toBe(403);
      expect(r.body.error).toMatch(/api_tokens\.manage/);
    }
    expect((await server.request('POST', path, { auth: `Bearer ${PATS.outsider}`, json: {} })).status).toBe(403);
  });

  it('refuses with 422 a bad email, a non-numeric Discord id, a bad custom value, a wrong expires_in', async () => {
    const bodies = [
      { email: 'not-an-email' },
      { email: 'two@@example.test' },
      { discord_id: 'abc' },
      { custom: { nested: { deep: true } } },
      { custom: { long: 'x'.repeat(4097) } },
      { expires_in: 0 },
      { expires_in: 8 * 86400 },
      { expires_in: 'soon' },
    ];
    for (const json of bodies) {
      const r = await server.request('POST', path, { auth: `Bearer ${PATS.owner}`, json });
      expect(r.status, JSON.stringify(json)).toBe(422);
      expect(r.body.error).toEqual(expect.any(String));
    }
  });
});
