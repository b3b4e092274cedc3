// Who may write media (docs/api-choices.md#draft-and-media-writers, docs/api-choices.md#roles-and-access): the draft
// JWT in both spellings, the project token and the team; a tester who did not report the issue; another issue's JWT.
import { describe, expect, it } from 'vitest';
import { PATS, TOKENS } from '../../helpers/seed.ts';
import { PNG, declare, directUpload, makeIssue } from '../../helpers/media.ts';
import { presign, serveMedia, server } from './fixtures.ts';
import { itLocal } from '../../helpers/local-only.ts';

serveMedia();

describe('who may write media (docs/api-choices.md#draft-and-media-writers)', () => {
  const upload = (path: string, auth: string) =>
    directUpload(server, path, 'log_files', new TextEncoder().encode('x'), {
      filename: 'x.log',
      type: 'text/plain',
      auth,
    });

  itLocal(
    'lets the draft JWT (as Bearer and after the token), the project token and the team write',
    "signs a draft JWT with the server's key",
    async () => {
      const draft = await makeIssue(server, { status: 'hidden' });
      const { token } = await server.deps.jwt.signIssueToken(draft.id, draft.path.split('/')[2]);
      expect((await upload(draft.path, `Bearer ${token}`)).status).toBe(201);
      expect((await upload(draft.path, `FormUser ${TOKENS.all},${token}`)).status).toBe(201);
      expect((await upload(draft.path, `Bearer ${PATS.support}`)).status).toBe(201);
      // The project token itself writes to the issues it can see: an open one, not another player's draft.
      expect((await upload((await makeIssue(server)).path, `FormUser ${TOKENS.none}`)).status).toBe(201);
      const refused = await server.request('POST', `${draft.path}/log_files/presigned_upload`, {
        auth: `FormUser ${TOKENS.none}`,
        json: declare(PNG, 'a.log', 'text/plain'),
      });
      expect(refused.status).toBe(404);
    },
  );

  it('refuses a tester who did not report the issue (403), and hides a draft from them (404)', async () => {
    const open = await makeIssue(server);
    const draft = await makeIssue(server, { status: 'hidden' });
    const r = await presign(open.path, 'log_files', declare(PNG, 'a.log', 'text/plain'), `Bearer ${PATS.tester}`);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: 'You are not allowed to add media to this issue.' });
    expect(
      (await presign(draft.path, 'log_files', declare(PNG, 'a.log', 'text/plain'), `Bearer ${PATS.tester}`)).status,
    ).toBe(404);
  });

  itLocal('refuses the draft JWT of another issue with 403', "signs a draft JWT with the server's key", async () => {
    const mine = await makeIssue(server, { status: 'hidden' });
    const theirs = await makeIssue(server);
    const { token } = await server.deps.jwt.signIssueToken(mine.id, mine.path.split('/')[2]);
    expect(
      (await presign(theirs.path, 'log_files', declare(PNG, 'a.log', 'text/plain'), `Bearer ${token}`)).status,
    ).toBe(403);
  });
});
