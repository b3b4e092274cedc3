// Upload bodies and names: a release file is refused at its 50 MB + 1st byte while the body is
// still arriving, with nothing left in storage; path-like names are cut to a base name; a type
// the bytes contradict is not stored as declared.
import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { makeIssue } from '../helpers/media.ts';
import { ALL_FLAGS, PATS, PROJECT_ID, TOKENS, seedDocument } from '../helpers/seed.ts';

const MB = 1024 * 1024;
const TOKEN = `FormUser ${TOKENS.all}`;
const DEVELOPER = `Bearer ${PATS.developer}`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    seed: seedDocument({
      project: { tokens: [{ token: TOKENS.all, daily_limit: 100_000, ...ALL_FLAGS }, { token: TOKENS.none }] },
    }),
  });
});
afterAll(() => server.close());

const storedObjects = () =>
  ['objects', 'tmp'].flatMap((d) => {
    const dir = join(server.deps.config.storageDir, d);
    return existsSync(dir) ? readdirSync(dir) : [];
  });

describe('a release file over 50 MB', () => {
  it('is refused with 413 {error} at byte 50 MB + 1, before the body ends, and leaves nothing stored', async () => {
    const before = storedObjects();
    const boundary = 'glitchbox-release-boundary';
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="release[label]"\r\n\r\n2.0.0\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="release[attachments][]"; ` +
      `filename="build.zip"\r\nContent-Type: application/zip\r\n\r\n`;
    // Chunked (no Content-Length), and the body never ends: only a cap applied while the part streams can answer.
    const req = request(`${server.url}/projects/${PROJECT_ID}/releases.json`, {
      method: 'POST',
      headers: {
        Authorization: DEVELOPER,
        'Service-Project-ID': PROJECT_ID,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    req.on('error', () => undefined);
    const answered = new Promise<{ status: number; body: string }>((resolve) => {
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
    });
    req.write(head);
    const chunk = Buffer.alloc(MB, 0x41);
    for (let sent = 0; sent < 50 * MB; sent += MB)
      if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
    req.write(Buffer.from('x')); // byte 50 MB + 1; the body stays open
    const answer = await answered;
    req.destroy();
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      error: 'release[attachments][]: build.zip is larger than the 50 MB this operation accepts.',
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(storedObjects()).toEqual(before);
    const list = await server.request('GET', `/projects/${PROJECT_ID}/releases.json`, { auth: DEVELOPER });
    expect(list.body.map((r: { label: string }) => r.label)).not.toContain('2.0.0');
  }, 60_000);
});

describe('file names', () => {
  const NAMES: Array<[string, string]> = [
    ['../../../etc/passwd', 'passwd'],
    ['..\\..\\boot.ini', 'boot.ini'],
    ['..', 'file'],
    ['/var/lib/x.txt', 'x.txt'],
  ];

  it('are cut to a base name without control characters on ticket attachments', async () => {
    const form = new FormData();
    form.append('ticket[description]', 'Attachments with path-like names');
    form.append('ticket[reporter_email]', 'player@players.test');
    for (const [name] of NAMES) form.append('ticket[attachments][]', new Blob(['data'], { type: 'text/plain' }), name);
    const r = await server.request('POST', `/projects/${PROJECT_ID}/tickets.json`, { auth: TOKEN, multipart: form });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.attachments.map((a: { filename: string }) => a.filename)).toEqual(NAMES.map(([, clean]) => clean));
    const served = await fetch(
      `${server.url}/projects/${PROJECT_ID}/tickets/${r.body.id}/attachments/${r.body.attachments[0].id}`,
      { headers: { Authorization: DEVELOPER } },
    );
    expect(served.headers.get('content-disposition')).toBe(`inline; filename="passwd"; filename*=UTF-8''passwd`);
  });

  it('are cut the same way on feature request files and release attachments', async () => {
    const form = new FormData();
    form.append('feature_request[description]', 'Files with path-like names');
    for (const [name] of NAMES)
      form.append('feature_request[files][]', new Blob(['data'], { type: 'text/plain' }), name);
    const r = await server.request('POST', `/projects/${PROJECT_ID}/feature_requests.json`, {
      auth: TOKEN,
      multipart: form,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.files.map((f: { filename: string }) => f.filename)).toEqual(NAMES.map(([, clean]) => clean));

    const release = new FormData();
    release.append('release[label]', '3.0.0');
    release.append('release[attachments][]', new Blob(['zip'], { type: 'application/zip' }), '../../build.zip');
    const created = await server.request('POST', `/projects/${PROJECT_ID}/releases.json`, {
      auth: DEVELOPER,
      multipart: release,
    });
    expect(created.status).toBe(201);
    const rows = server.deps.db.prepare('SELECT filename FROM release_attachments').pluck().all();
    expect(rows).toContain('build.zip');
    expect(rows.some((name) => String(name).includes('/'))).toBe(false);
  });
});

describe('declared types the bytes contradict', () => {
  it('become octet-stream (text/plain for a bad type) as feature request files; refused as screenshots', async () => {
    const html = '<!doctype html><script>alert(1)</script>';
    const form = new FormData();
    form.append('feature_request[description]', 'A mock-up that is really a page');
    form.append('feature_request[files][]', new Blob([html], { type: 'image/png' }), 'mockup.png');
    form.append('feature_request[files][]', new Blob([html], { type: 'image/png,text/html' }), 'mockup2.png');
    const r = await server.request('POST', `/projects/${PROJECT_ID}/feature_requests.json`, {
      auth: TOKEN,
      multipart: form,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    // A malformed part type is no type: RFC 7578 §4.4 makes it text/plain, which these bytes are (shown as text, never
    // run).
    expect(r.body.files.map((f: { content_type: string }) => f.content_type)).toEqual([
      'application/octet-stream',
      'text/plain',
    ]);

    const issue = await makeIssue(server);
    const shot = new FormData();
    shot.append('screenshot[image]', new Blob([html], { type: 'image/png' }), 'shot.png');
    const refused = await server.request('POST', `${issue.path}/screenshots`, { auth: TOKEN, multipart: shot });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ error: 'screenshot[image] is not the image/png image it is declared as.' });
  });
});
