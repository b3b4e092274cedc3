// Multipart uploads, listing by visibility, deletion, and the functions other areas call
// (docs/api-choices.md#operation-paths, docs/api-choices.md#roles-and-access;
// docs/api/media.md#records-and-visibility).
import { describe, expect, it } from 'vitest';
import { Attachment, MediaList } from '../../../widget/src/protocol/media.ts';
import { findProjectByPublicId } from '../../../reference-server/src/areas/projects-auth/repository.ts';
import {
  attachFile,
  attachInlineLog,
  countIssueMedia,
  pruneIssueMedia,
  renderIssueMedia,
} from '../../../reference-server/src/areas/media/attachments.ts';
import { resolveCaller } from '../../../reference-server/src/areas/projects-auth/caller.ts';
import { PATS, PROJECT_ID, TOKENS } from '../../helpers/seed.ts';
import { PNG, directUpload, makeIssue } from '../../helpers/media.ts';
import { DEV, serveMedia, server, TOKEN } from './fixtures.ts';
import { itLocal } from '../../helpers/local-only.ts';

serveMedia();

const TESTER = `Bearer ${PATS.tester}`;

function form(fields: Record<string, string | Blob | [Blob, string]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) data.append(key, value[0], value[1]);
    else data.append(key, value);
  }
  return data;
}
const png = (name = 'shot.png', type = 'image/png'): [Blob, string] => [new Blob([PNG], { type }), name];

describe('multipart upload', () => {
  it('attaches a screenshot with its annotation layer and answers the rendered record', async () => {
    const issue = await makeIssue(server, { reporterPat: PATS.tester, title: 'Hull clips through dock' });
    // A layer of another size than the image: an annotated screenshot's size is image plus layer.
    const layer = new Uint8Array([...PNG, 0, 0, 0, 0, 0, 0, 0]);
    const r = await server.request('POST', `${issue.path}/screenshots`, {
      auth: TOKEN,
      multipart: form({
        'screenshot[image]': png(),
        'screenshot[layer_a]': [new Blob([layer], { type: 'image/png' }), 'marks.png'],
        'screenshot[name]': 'dock.png',
      }),
    });
    expect(r.status).toBe(201);
    expect(Attachment.parse(r.body)).toMatchObject({
      type: 'screenshot',
      filename: 'dock.png',
      content_type: 'image/png',
      media_size_bytes: PNG.byteLength + layer.byteLength,
      size_bytes: PNG.byteLength + layer.byteLength,
      developer_private: false,
      description: 'Screenshot of "Hull clips through dock"',
      layer_a_filename: 'marks.png',
    });
    // The raw columns the service's web-form client reads from this answer, beside the rendered record.
    expect(r.body).toMatchObject({ issue_id: issue.id, status: 1 });
    const [listed] = (await server.request('GET', `${issue.path}/screenshots.json`, { auth: DEV })).body;
    expect(listed.size_bytes).toBe(PNG.byteLength + layer.byteLength);
    // A screenshot's user is the issue's reporter, not the uploader (the project token here).
    expect(listed.user).toEqual({ id: expect.any(Number), name: 'Tess Tester' });
  });

  it('takes a log file as a file or as inline log_file[contents]', async () => {
    const issue = await makeIssue(server);
    const file = await server.request('POST', `${issue.path}/log_files`, {
      auth: `FormUser ${TOKENS.all},email:player@players.test`,
      multipart: form({ 'log_file[file]': [new Blob(['boot ok\n'], { type: 'text/plain' }), 'player.log'] }),
    });
    expect(file.status).toBe(201);
    expect(file.body).toMatchObject({
      type: 'log_file',
      issue_id: issue.id,
      filename: 'player.log',
      content_type: 'text/plain',
      size_bytes: 8,
    });
    expect(file.body).not.toHaveProperty('status');
    const inline = await server.request('POST', `${issue.path}/log_files`, {
      auth: TOKEN,
      form: { 'log_file[contents]': 'line one\nline two', 'log_file[name]': 'console.txt' },
    });
    expect(inline.status).toBe(201);
    expect(inline.body).toMatchObject({ filename: 'console.txt', content_type: 'text/plain', size_bytes: 17 });
    expect(await (await fetch(inline.body.url)).text()).toBe('line one\nline two');
    const listed = (await server.request('GET', `${issue.path}/log_files`, { auth: DEV })).body;
    // For log files `user` is the uploader: here the virtual user of the email in the header.
    expect(listed[0].user).toMatchObject({ name: 'player' });
  });

  it('takes a binary file of any type', async () => {
    const issue = await makeIssue(server);
    const r = await server.request('POST', `${issue.path}/binary_files`, {
      auth: TOKEN,
      multipart: form({
        'binary_file[file]': [new Blob([new Uint8Array([1, 2, 3])], { type: 'application/x-save-game' }), 'slot1.sav'],
      }),
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      type: 'binary_file',
      content_type: 'application/x-save-game',
      filename: 'slot1.sav',
    });
  });

  it('recognises a PNG sent as application/octet-stream, and refuses a type outside the list with 422', async () => {
    const issue = await makeIssue(server);
    const sniffed = await server.request('POST', `${issue.path}/screenshots`, {
      auth: TOKEN,
      multipart: form({ 'screenshot[image]': png('s.png', 'application/octet-stream') }),
    });
    expect(sniffed.status).toBe(201);
    expect(sniffed.body.content_type).toBe('image/png');
    const gif = await server.request('POST', `${issue.path}/screenshots`, {
      auth: TOKEN,
      multipart: form({ 'screenshot[image]': [new Blob(['GIF89a....'], { type: 'image/gif' }), 'a.gif'] }),
    });
    expect(gif.status).toBe(422);
    expect(gif.body.error).toMatch(/image\/gif is not allowed for screenshots/);
  });

  it('refuses a body without the file with 400', async () => {
    const issue = await makeIssue(server);
    const r = await server.request('POST', `${issue.path}/video_clips`, {
      auth: TOKEN,
      multipart: form({ 'video_clip[name]': 'x.mp4' }),
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      error: 'Missing required parameter: video_clip[video] (a file in a multipart/form-data body).',
    });
  });

  it('refuses a developer_private flag that is not a form boolean with 422 naming the field', async () => {
    const issue = await makeIssue(server);
    const r = await server.request('POST', `${issue.path}/screenshots`, {
      auth: TOKEN,
      multipart: form({ 'screenshot[image]': png(), 'screenshot[developer_private]': 'maybe' }),
    });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ error: 'screenshot[developer_private] must be 1, 0, true or false.' });
  });

  it('refuses a file over the size cap with 422', async () => {
    const issue = await makeIssue(server);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG);
    const r = await server.request('POST', `${issue.path}/screenshots`, {
      auth: TOKEN,
      multipart: form({ 'screenshot[image]': [new Blob([big], { type: 'image/png' }), 'big.png'] }),
    });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatch(/at most 10 MB/);
  });

  it('refuses the eleventh screenshot of an issue with 422', async () => {
    const issue = await makeIssue(server);
    for (let i = 0; i < 10; i += 1)
      expect(
        (
          await server.request('POST', `${issue.path}/screenshots`, {
            auth: TOKEN,
            multipart: form({ 'screenshot[image]': png() }),
          })
        ).status,
      ).toBe(201);
    const r = await server.request('POST', `${issue.path}/screenshots`, {
      auth: TOKEN,
      multipart: form({ 'screenshot[image]': png() }),
    });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatch(/maximum of 10 screenshots/);
  });
});

describe('listing and developer_private', () => {
  it('answers a bare array, and never shows a developer_private file or its URL to a player', async () => {
    const issue = await makeIssue(server, { reporterPat: PATS.tester });
    const open = await server.request('POST', `${issue.path}/binary_files`, {
      auth: TOKEN,
      multipart: form({ 'binary_file[file]': [new Blob(['public']), 'a.bin'] }),
    });
    const secret = await server.request('POST', `${issue.path}/binary_files`, {
      auth: TOKEN,
      multipart: form({
        'binary_file[file]': [new Blob(['secret']), 'b.bin'],
        'binary_file[developer_private]': 'true',
      }),
    });
    expect(secret.body.developer_private).toBe(true);
    const direct = await directUpload(server, issue.path, 'binary_files', new TextEncoder().encode('direct secret'), {
      filename: 'c.bin',
      type: 'application/octet-stream',
      auth: TOKEN,
      confirm: { developer_private: '1' },
    });
    expect(direct.body.developer_private).toBe(true);

    for (const auth of [TESTER, TOKEN]) {
      const player = await server.request('GET', `${issue.path}/binary_files.json`, { auth });
      expect(player.status).toBe(200);
      expect(MediaList.parse(player.body).map((a) => a.id)).toEqual([open.body.id]);
      expect(JSON.stringify(player.body)).not.toContain(secret.body.url);
      const shown = await server.request('GET', `/projects/${PROJECT_ID}/issues/g-${issue.id}.json`, { auth });
      expect(shown.status).toBe(200);
      expect(shown.body.binary_files.map((a: { id: number }) => a.id)).toEqual([open.body.id]);
      expect(JSON.stringify(shown.body)).not.toContain(secret.body.url);
    }
    const team = await server.request('GET', `${issue.path}/binary_files.json`, { auth: `Bearer ${PATS.support}` });
    expect(team.body.map((a: { id: number }) => a.id)).toEqual([open.body.id, secret.body.id, direct.body.id]);
  });

  it('hides the user of an attachment from players, as it hides reporters', async () => {
    const issue = await makeIssue(server, { reporterPat: PATS.tester });
    await server.request('POST', `${issue.path}/screenshots`, {
      auth: TOKEN,
      multipart: form({ 'screenshot[image]': png() }),
    });
    expect((await server.request('GET', `${issue.path}/screenshots`, { auth: TESTER })).body[0].user).toBeNull();
  });

  it('answers 404 for the media of an issue the caller may not see', async () => {
    const draft = await makeIssue(server, { status: 'hidden' });
    expect((await server.request('GET', `${draft.path}/screenshots.json`, { auth: TESTER })).status).toBe(404);
    expect(
      (await server.request('GET', `/projects/${PROJECT_ID}/issues/g-999999/screenshots.json`, { auth: DEV })).status,
    ).toBe(404);
  });
});

describe('DELETE', () => {
  it('lets a developer delete an attachment and its bytes; refuses a tester with 403', async () => {
    const issue = await makeIssue(server);
    const r = await server.request('POST', `${issue.path}/log_files`, {
      auth: TOKEN,
      form: { 'log_file[contents]': 'bye' },
    });
    expect((await server.request('DELETE', `${issue.path}/log_files/${r.body.id}.json`, { auth: TESTER })).status).toBe(
      403,
    );
    expect((await server.request('DELETE', `${issue.path}/screenshots/${r.body.id}.json`, { auth: DEV })).status).toBe(
      404,
    );
    const deleted = await server.request('DELETE', `${issue.path}/log_files/${r.body.id}.json`, { auth: DEV });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    expect((await server.request('GET', `${issue.path}/log_files`, { auth: DEV })).body).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await fetch(r.body.url)).status).toBe(404);
  });
});

describe('functions other areas call', () => {
  itLocal(
    'attachInlineLog and attachFile store at once; count-, render- and pruneIssueMedia see them',
    'calls the media functions in-process',
    async () => {
      const issue = await makeIssue(server, { reporterPat: PATS.tester });
      const logId = attachInlineLog(server.deps, issue, 'inline log', null);
      attachFile(
        server.deps,
        issue,
        'binary_file',
        { name: 'dump.dmp', type: 'application/octet-stream', bytes: new Uint8Array([9, 9]) },
        null,
      );
      attachFile(server.deps, issue, 'screenshots', { name: 'crash.png', type: 'image/png', bytes: PNG }, null);
      expect(countIssueMedia(server.deps, issue.id)).toBe(3);
      const project = findProjectByPublicId(server.deps.db, PROJECT_ID)!;
      const media = renderIssueMedia(server.deps, await resolveCaller(server.deps, DEV, '127.0.0.1'), project, issue);
      expect(media.log_files).toEqual([expect.objectContaining({ id: logId, filename: 'logs.txt', size_bytes: 10 })]);
      expect(media.binary_files).toHaveLength(1);
      expect(media.screenshots).toHaveLength(1);
      expect(media.video_clips).toEqual([]);
      expect(pruneIssueMedia(server.deps, issue, { screenshots: true, videos: true, other: false })).toBe(2);
      expect(countIssueMedia(server.deps, issue.id)).toBe(1);
    },
  );
});
