// Every Authorization scheme of docs/api/projects-auth.md#credentials, the fallbacks for invalid identifiers, virtual
// users, and JWT expiry judged by the server clock.
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { VerifyResponse } from '../../../widget/src/protocol/auth.ts';
import { stmt } from '../../../reference-server/src/db/database.ts';
import { serveFile, server } from '../../helpers/file-server.ts';
import { PATS, PROJECT_ID, PUBLIC_PROJECT_ID, TOKENS } from '../../helpers/seed.ts';
import { itLocal } from '../../helpers/local-only.ts';

serveFile();

const verify = async (auth?: string) => {
  const r = await server.request('POST', '/auth/verify', { auth });
  expect(r.status).toBe(200);
  return VerifyResponse.parse(r.body);
};
const virtualUsers = () =>
  stmt(server.deps.db, 'SELECT email, discord_id FROM users WHERE virtual = 1 ORDER BY id').all();

describe('schemes', () => {
  it('treats FormUser anonymous and a missing header as anonymous', async () => {
    expect(await verify('FormUser anonymous')).toMatchObject({
      valid: true,
      token_type: 'anonymous',
      user: null,
      project: null,
    });
    expect(await verify()).toMatchObject({ valid: true, token_type: 'anonymous' });
  });

  it('authenticates a project token for its project, typed project_auth_token as the service names it', async () => {
    expect(await verify(`FormUser ${TOKENS.all}`)).toMatchObject({
      valid: true,
      token_type: 'project_auth_token',
      jwt_type: null,
      project: { id: PROJECT_ID },
    });
  });

  it('creates one virtual user per email and reuses it', async () => {
    const first = await verify(`FormUser ${TOKENS.all},email:player@example.com`);
    const again = await verify(`FormUser ${TOKENS.all},email:Player@Example.com`);
    expect(first.user).toMatchObject({ email: 'player@example.com', virtual: true });
    expect(again.user?.id).toBe(first.user?.id);
  });

  itLocal(
    'creates a virtual user per Discord id',
    "reads the database or signs a token with the server's key",
    async () => {
      const r = await verify(`FormUser ${TOKENS.all},discord_id:123456789`);
      expect(r.user).toMatchObject({ virtual: true });
      expect(virtualUsers()).toContainEqual({ email: null, discord_id: '123456789' });
    },
  );

  itLocal(
    'falls back to the bare token for an invalid email or Discord id, never an HTTP error',
    "reads the database or signs a token with the server's key",
    async () => {
      const before = virtualUsers().length;
      const invalid = ['email:not an email', 'email:two@@signs', 'email:', 'discord_id:12ab', 'discord_id:'];
      // Two identifiers: the header names one, and the comma is no part of an email.
      for (const extra of [...invalid, 'email:a@b.c,discord_id:123']) {
        const r = await verify(`FormUser ${TOKENS.all},${extra}`);
        expect(r).toMatchObject({
          valid: false,
          token_type: 'project_auth_token',
          user: null,
          project: { id: PROJECT_ID },
        });
        const project = await server.request('GET', `/projects/${PROJECT_ID}.json`, {
          auth: `FormUser ${TOKENS.all},${extra}`,
        });
        expect(project.status).toBe(200);
      }
      expect(virtualUsers()).toHaveLength(before);
    },
  );

  itLocal(
    'lets an anonymous caller put an email or Discord id in the header, no 401 (rule 2, ticket rule 5)',
    "reads the database or signs a token with the server's key",
    async () => {
      expect(await verify('FormUser anonymous,email:someone@example.com')).toMatchObject({
        valid: true,
        token_type: 'anonymous',
        user: { email: 'someone@example.com', virtual: true },
        project: null,
      });
      expect(await verify('FormUser anonymous,discord_id:4455667788')).toMatchObject({
        valid: true,
        token_type: 'anonymous',
        user: { virtual: true },
      });
      expect(
        (
          await server.request('GET', `/projects/${PUBLIC_PROJECT_ID}.json`, {
            auth: 'FormUser anonymous,email:someone@example.com',
          })
        ).status,
      ).toBe(200);
      // Still anonymous: a private project is 401 for it, as for FormUser anonymous.
      const denied = await server.request('GET', `/projects/${PROJECT_ID}.json`, {
        auth: 'FormUser anonymous,email:someone@example.com',
      });
      expect(denied).toMatchObject({ status: 401, body: { error: 'You need to sign in to access this project.' } });
      const ticket = await server.request('POST', `/projects/${PUBLIC_PROJECT_ID}/tickets.json`, {
        auth: 'FormUser anonymous,email:someone@example.com',
        json: { ticket: { description: 'The shop button does nothing' } },
      });
      expect(ticket.status).toBe(201);
      const reporterId = stmt(server.deps.db, 'SELECT id FROM users WHERE email = ?')
        .pluck()
        .get('someone@example.com');
      expect(ticket.body.reporter.id).toBe(reporterId);
    },
  );

  it('falls back to plain anonymous for an invalid identifier after anonymous', async () => {
    for (const extra of ['email:nope', 'discord_id:12ab', '', 'whatever']) {
      expect(await verify(`FormUser anonymous,${extra}`)).toMatchObject({ token_type: 'anonymous', user: null });
      expect(
        (await server.request('GET', `/projects/${PUBLIC_PROJECT_ID}.json`, { auth: `FormUser anonymous,${extra}` }))
          .status,
      ).toBe(200);
    }
    const ticket = await server.request('POST', `/projects/${PUBLIC_PROJECT_ID}/tickets.json`, {
      auth: 'FormUser anonymous,email:nope',
      json: { ticket: { description: 'No way to reach me' } },
    });
    expect(ticket.status).toBe(422);
  });

  it('authenticates a personal access token as its user', async () => {
    expect(await verify(`Bearer ${PATS.developer}`)).toMatchObject({
      valid: true,
      token_type: 'personal_access_token',
      user: { name: 'Dev Eloper', virtual: false },
    });
  });

  it('answers 401 for an unknown personal access token or project token', async () => {
    expect((await server.request('GET', `/projects/${PROJECT_ID}.json`, { auth: 'Bearer pat-nope' })).status).toBe(401);
    expect((await server.request('GET', `/projects/${PROJECT_ID}.json`, { auth: 'FormUser tkn-nope' })).status).toBe(
      401,
    );
    expect(await verify('FormUser tkn-nope')).toMatchObject({ valid: false, error: 'Invalid auth token.' });
    expect((await server.request('GET', `/projects/${PROJECT_ID}.json`, { auth: 'Basic dXNlcjpwYXNz' })).status).toBe(
      401,
    );
  });

  itLocal(
    'accepts the draft JWT as Bearer until it expires by the server clock',
    "reads the database or signs a token with the server's key",
    async () => {
      const { token } = await server.deps.jwt.signIssueToken(1, PROJECT_ID);
      expect(await verify(`Bearer ${token}`)).toMatchObject({
        valid: true,
        token_type: 'jwt',
        jwt_type: 'issue',
        project: { id: PROJECT_ID },
      });
      expect((await server.request('GET', `/projects/${PROJECT_ID}.json`, { auth: `Bearer ${token}` })).status).toBe(
        200,
      );
      await server.advance('61m');
      const expired = await server.request('GET', `/projects/${PROJECT_ID}.json`, { auth: `Bearer ${token}` });
      expect(expired.status).toBe(401);
      expect(expired.body).toEqual({ error: 'Invalid or expired token.' });
    },
  );

  itLocal(
    'tells a feature request draft JWT apart from an issue one',
    "reads the database or signs a token with the server's key",
    async () => {
      const { token } = await server.deps.jwt.signFeatureRequestToken(1, PROJECT_ID);
      expect(await verify(`Bearer ${token}`)).toMatchObject({
        valid: true,
        token_type: 'jwt',
        jwt_type: 'feature_request',
        project: { id: PROJECT_ID },
        expires_at: expect.any(String),
      });
    },
  );

  it('refuses a forged JWT signed with another key', async () => {
    const forged = await new SignJWT({ typ: 'issue', issue_id: 1, project_id: PROJECT_ID })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    expect((await server.request('GET', `/projects/${PROJECT_ID}.json`, { auth: `Bearer ${forged}` })).status).toBe(
      401,
    );
    const unsigned =
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.` +
      `${Buffer.from(JSON.stringify({ typ: 'issue', issue_id: 1, project_id: PROJECT_ID })).toString('base64url')}.`;
    expect((await server.request('GET', `/projects/${PROJECT_ID}.json`, { auth: `Bearer ${unsigned}` })).status).toBe(
      401,
    );
    // After a project token, a bad JWT is an invalid identifier: the bare token applies.
    expect(await verify(`FormUser ${TOKENS.all},${forged}`)).toMatchObject({
      valid: false,
      token_type: 'project_auth_token',
      jwt_type: null,
    });
  });

  itLocal(
    'authenticates a legacy JWT with a user_id claim as that user',
    "reads the database or signs a token with the server's key",
    async () => {
      const userId = stmt(server.deps.db, "SELECT public_id FROM users WHERE name = 'Dev Eloper'")
        .pluck()
        .get() as string;
      const legacy = await server.deps.jwt.signLegacyUserToken(userId);
      expect(await verify(`FormUser ${TOKENS.all},${legacy}`)).toMatchObject({
        token_type: 'project_auth_token',
        jwt_type: 'legacy',
        user: { id: userId, virtual: false },
      });
      expect(await verify(`Bearer ${legacy}`)).toMatchObject({
        token_type: 'jwt',
        jwt_type: 'legacy',
        user: { id: userId },
      });
    },
  );

  itLocal(
    'reads a submission token after the project token and links its email',
    "reads the database or signs a token with the server's key",
    async () => {
      const { token } = await server.deps.jwt.signSubmissionToken(
        { project_id: PROJECT_ID, email: 'trusted@example.com', custom: { level: '3' } },
        600,
      );
      expect(await verify(`FormUser ${TOKENS.all},${token}`)).toMatchObject({
        valid: true,
        token_type: 'project_auth_token',
        jwt_type: 'submission',
        user: { email: 'trusted@example.com', virtual: true },
      });
    },
  );
});
