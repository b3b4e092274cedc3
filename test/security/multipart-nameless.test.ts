// Multipart parts without a name, and a fuzz pass over odd multipart shapes, sent to a server in
// its own process: each gets a 4xx JSON {error} (never a 5xx) and the process keeps serving.
import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardEvents } from '../../reference-server/src/http/guard-events.ts';
import { PROJECT_ID } from '../helpers/seed.ts';
import {
  API_HEADERS,
  multipartBody,
  part,
  postMultipart,
  startServerProcess,
  type ServerProcess,
} from './server-process.ts';

const MB = 1024 * 1024;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess();
});
afterAll(async () => {
  await server?.stop();
});

async function issuePath(): Promise<string> {
  const r = await fetch(`${server.url}/projects/${PROJECT_ID}/issues.json`, {
    method: 'POST',
    headers: { ...API_HEADERS, 'Content-Type': 'application/json' },
    body: JSON.stringify({ issue: { title: 'Crash on load', description: 'The game crashes while loading level 3.' } }),
  });
  const issue = (await r.json()) as { id: number };
  return `${server.url}/projects/${PROJECT_ID}/issues/g-${issue.id}`;
}

describe('a part without a name', () => {
  it('is refused with 400 on the credential-less device sign-in create, and the process keeps serving', async () => {
    const body = multipartBody([part('', 'x')]);
    const r = await postMultipart(`${server.url}/device_auth/create`, body, { Accept: 'application/json' });
    expect(r).toMatchInlineSnapshot(`
      {
        "body": {
          "error": "Every multipart part needs a name in its Content-Disposition header (form-data; name="...").",
        },
        "status": 400,
      }
    `);
    expect(await server.alive()).toBe(true);
  });

  it('is refused with 400 when it is a file part of an issue create', async () => {
    const body = multipartBody([
      part('name="issue[description]"', 'The game crashes while loading level 3.'),
      part('filename="shot.png"', PNG, ['Content-Type: image/png']),
    ]);
    const r = await postMultipart(`${server.url}/projects/${PROJECT_ID}/issues.json`, body);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/needs a name/);
    expect(await server.alive()).toBe(true);
  });

  it('is refused with 400 when it is a 21 MB file part of a feature request', async () => {
    const body = multipartBody([
      part('name="feature_request[description]"', 'Let me rebind the jump key on a gamepad.'),
      part('filename="big.bin"', Buffer.alloc(21 * MB, 7), ['Content-Type: application/octet-stream']),
    ]);
    const r = await postMultipart(`${server.url}/projects/${PROJECT_ID}/feature_requests.json`, body);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/needs a name/);
    expect(await server.alive()).toBe(true);
  });

  it('is refused with 400 when it is a text part of a screenshot upload', async () => {
    const body = multipartBody([
      part('name="screenshot[image]"; filename="shot.png"', PNG, ['Content-Type: image/png']),
      part('', 'stray text'),
    ]);
    const r = await postMultipart(`${await issuePath()}/screenshots`, body);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/needs a name/);
    expect(await server.alive()).toBe(true);
  });
});

const SHAPES: Array<[string, Buffer]> = [
  ['name=""', multipartBody([part('name=""', 'x')])],
  ['duplicate text names', multipartBody([part('name="issue[title]"', 'a'), part('name="issue[title]"', 'b')])],
  ['a name used as text and as a file', multipartBody([part('name="a"', 'x'), part('name="a"; filename="a"', 'y')])],
  [
    'a file part with no filename',
    multipartBody([part('name="issue[description]"', PNG, ['Content-Type: image/png'])]),
  ],
  ['an empty file part', multipartBody([part('name="feature_request[files][]"; filename="e.txt"', '')])],
  ['an empty body part list', Buffer.from(`--glitchbox-hostile-boundary--\r\n`)],
  ['no Content-Disposition', multipartBody([{ headers: ['Content-Type: text/plain'], body: 'x' }])],
  [
    'a disposition other than form-data',
    multipartBody([{ headers: ['Content-Disposition: inline; name="a"'], body: 'x' }]),
  ],
  ['filename* in latin1', multipartBody([part(`name="f"; filename*=iso-8859-1''%E9t%E9.txt`, 'x')])],
  ['filename* with a bad charset', multipartBody([part(`name="f"; filename*=x-nope''%FF%FE.txt`, 'x')])],
  ['a name with broken percent-encoding', multipartBody([part(`name*=utf-8''%E0%A4%A`, 'x')])],
  ['a base64 transfer encoding', multipartBody([part('name="a"', '!!!', ['Content-Transfer-Encoding: base64'])])],
  [
    'a text part in UTF-16',
    multipartBody([part('name="a"', Buffer.from('hi', 'utf16le'), ['Content-Type: text/plain; charset=utf-16le'])]),
  ],
  ['a malformed part Content-Type', multipartBody([part('name="a"; filename="a"', 'x', ['Content-Type: ;;;/'])])],
  ['bracket soup names', multipartBody([part('name="[][[]]]["', 'x'), part('name="__proto__[polluted]"', 'x')])],
  ['an unterminated body', multipartBody([part('name="a"', 'x')], { unterminated: true })],
  [
    'garbage before the first boundary',
    Buffer.concat([Buffer.from('junk\r\n'), multipartBody([part('name="a"', 'x')])]),
  ],
  ['a header line with no colon', multipartBody([{ headers: ['Content-Disposition form-data name=a'], body: 'x' }])],
  ['quotes left open', multipartBody([part('name="a; filename="b', 'x')])],
  ['a NUL in the name', multipartBody([part('name="a\u0000b"', 'x')])],
];

describe('fuzzed multipart shapes', () => {
  const targets = [
    ['device sign-in create', '/device_auth/create'],
    ['issue create', `/projects/${PROJECT_ID}/issues.json`],
    ['feature request create', `/projects/${PROJECT_ID}/feature_requests.json`],
    ['ticket create', `/projects/${PROJECT_ID}/tickets.json`],
  ] as const;
  for (const [target, path] of targets) {
    it(`answers every shape below 500 on the ${target} and keeps serving`, async () => {
      for (const [label, body] of SHAPES) {
        const r = await postMultipart(`${server.url}${path}`, body);
        expect(r.status, `${label}: ${JSON.stringify(r.body)}`).toBeLessThan(500);
        if (r.status >= 400) expect(typeof r.body.error, label).toBe('string');
        expect(await server.alive(), `alive after ${label}`).toBe(true);
      }
    });
  }
});

it('hands whatever a guarded listener throws to the request instead of the process', () => {
  const failures: unknown[] = [];
  const emitter = new EventEmitter();
  guardEvents((error) => failures.push(error))(emitter, 'field', (name: string | undefined) => {
    if (name!.length > 0) throw new Error('unreachable');
  });
  expect(() => emitter.emit('field', undefined)).not.toThrow();
  expect(failures).toHaveLength(1);
  expect(failures[0]).toBeInstanceOf(TypeError);
});
