// Visibility before writes: a caller adds media only to issues it may see, and no upload answer
// carries what a GET would not show it (the screenshot caption quotes the issue's title).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateIssueColumns } from '../../reference-server/src/areas/issues/repository.ts';
import { declare, makeIssue, PNG, putDirect } from '../helpers/media.ts';
import { PATS, PROJECT_ID, TOKENS } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const shot = () => {
  const form = new FormData();
  form.append('screenshot[image]', new Blob([PNG], { type: 'image/png' }), 'shot.png');
  return form;
};
const segment = () => {
  const form = new FormData();
  form.append('video_segment[video]', new Blob([new Uint8Array(64)], { type: 'video/webm' }), 'seg.webm');
  form.append('video_segment[position]', '0');
  form.append('video_segment[merge_group]', 'g1');
  form.append('video_segment[merge_total]', '2');
  return form;
};

/** Every way to add media to an issue, as one caller; answers status and raw text of each. */
async function tryEveryWrite(
  path: string,
  auth: string,
): Promise<Array<{ what: string; status: number; text: string }>> {
  const answers: Array<{ what: string; status: number; text: string }> = [];
  const record = async (what: string, r: { status: number; body: unknown }) =>
    answers.push({ what, status: r.status, text: JSON.stringify(r.body) });
  await record(
    'multipart screenshot',
    await server.request('POST', `${path}/screenshots`, { auth, multipart: shot() }),
  );
  await record(
    'presign',
    await server.request('POST', `${path}/screenshots/presigned_upload`, {
      auth,
      json: declare(PNG, 'a.png', 'image/png'),
    }),
  );
  await record(
    'confirm',
    await server.request('POST', `${path}/screenshots/confirm_upload`, {
      auth,
      json: { blob_signed_id: 'bs_nothing' },
    }),
  );
  await record('video segment', await server.request('POST', `${path}/video_segments`, { auth, multipart: segment() }));
  return answers;
}

const mediaCount = async (path: string) => {
  const lists = await Promise.all(
    ['screenshots', 'video_clips', 'log_files', 'binary_files'].map((m) =>
      server.request('GET', `${path}/${m}.json`, { auth: `Bearer ${PATS.owner}` }),
    ),
  );
  return lists.reduce((sum, r) => sum + (r.body as unknown[]).length, 0);
};

describe('media writes to issues the caller may not see', () => {
  it('refuses every write with the 404 a GET gives; no answer names a hidden title (g-1 … g-N)', async () => {
    const hidden = [
      await makeIssue(server, { title: 'SECRET draft of another player', status: 'hidden', reporterPat: PATS.tester }),
      await makeIssue(server, { title: 'SECRET awaiting moderation', status: 'pending_moderation' }),
      await makeIssue(server, { title: 'SECRET raw telemetry', raw: 1 }),
    ];
    const visible = await makeIssue(server, { title: 'Public crash on docking' });
    const lastId = Math.max(visible.id, ...hidden.map((i) => i.id));
    const callers = [
      `FormUser ${TOKENS.none}`,
      `FormUser ${TOKENS.all}`,
      `FormUser ${TOKENS.all},email:tess@players.test`,
      `Bearer ${PATS.outsider}`,
    ];
    const leaks: string[] = [];
    for (const auth of callers) {
      for (let id = 1; id <= lastId; id += 1) {
        const path = `/projects/${PROJECT_ID}/issues/g-${id}`;
        const isHidden = hidden.some((i) => i.id === id);
        for (const answer of await tryEveryWrite(path, auth)) {
          if (answer.text.includes('SECRET')) leaks.push(`${auth} g-${id} ${answer.what}: ${answer.text}`);
          if (isHidden && auth !== `Bearer ${PATS.outsider}`) {
            expect(answer.status, `${auth} g-${id} ${answer.what}`).toBe(404);
            expect(JSON.parse(answer.text)).toEqual({ error: 'Issue not found.' });
          }
        }
      }
    }
    expect(leaks).toEqual([]);
    for (const issue of hidden) expect(await mediaCount(issue.path)).toBe(0);
    // The GET the writes mirror.
    for (const issue of hidden)
      expect((await server.request('GET', `${issue.path}.json`, { auth: `FormUser ${TOKENS.none}` })).status).toBe(404);
  });

  it('does not confirm into an issue hidden after the presign, nor name its title', async () => {
    const issue = await makeIssue(server, { title: 'Open for now' });
    const auth = `FormUser ${TOKENS.none}`;
    const presign = await server.request('POST', `${issue.path}/screenshots/presigned_upload`, {
      auth,
      json: declare(PNG, 'a.png', 'image/png'),
    });
    expect(presign.status).toBe(200);
    expect((await putDirect(presign.body.direct_upload_url, presign.body.headers, PNG)).status).toBe(200);
    updateIssueColumns(server.deps.db, issue.id, {
      status: 'pending_moderation',
      title: 'SECRET renamed while moderated',
    });
    const confirm = await server.request('POST', `${issue.path}/screenshots/confirm_upload`, {
      auth,
      json: { blob_signed_id: presign.body.blob_signed_id },
    });
    expect(confirm.status).toBe(404);
    expect(JSON.stringify(confirm.body)).not.toContain('SECRET');
    expect(await mediaCount(issue.path)).toBe(0);
  });
});

describe('media writes that stay allowed', () => {
  it('lets the project token add media to an issue it can see, and the caption is what a GET shows', async () => {
    const issue = await makeIssue(server, { title: 'Visible hull breach' });
    const r = await server.request('POST', `${issue.path}/screenshots`, {
      auth: `FormUser ${TOKENS.none}`,
      multipart: shot(),
    });
    expect(r.status).toBe(201);
    expect(r.body.description).toBe('Screenshot of "Visible hull breach"');
  });

  it('lets the draft JWT add media to its own hidden draft, and the team add media to any issue', async () => {
    const created = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
      auth: `FormUser ${TOKENS.all}`,
      json: {
        draft: true,
        issue: { title: 'My own draft', description: 'The cargo hold door sticks when opened twice.' },
      },
    });
    expect(created.status).toBe(201);
    const path = `/projects/${PROJECT_ID}/issues/g-${created.body.id}`;
    expect(
      (await server.request('POST', `${path}/screenshots`, { auth: `Bearer ${created.body.token}`, multipart: shot() }))
        .status,
    ).toBe(201);
    expect(
      (
        await server.request('POST', `${path}/screenshots`, {
          auth: `FormUser ${TOKENS.all},${created.body.token}`,
          multipart: shot(),
        })
      ).status,
    ).toBe(201);
    // The bare token cannot see the draft, so it cannot write to it either.
    expect(
      (await server.request('POST', `${path}/screenshots`, { auth: `FormUser ${TOKENS.all}`, multipart: shot() }))
        .status,
    ).toBe(404);
    const moderated = await makeIssue(server, { title: 'Moderated one', status: 'pending_moderation' });
    expect(
      (
        await server.request('POST', `${moderated.path}/screenshots`, {
          auth: `Bearer ${PATS.support}`,
          multipart: shot(),
        })
      ).status,
    ).toBe(201);
  });
});
