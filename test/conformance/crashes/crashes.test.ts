// Unreal crash reports (docs/api-choices.md#operation-paths): POST /crashes/unreal/{token} with the CrashReportClient's
// compressed container, built here by test/helpers/unreal-crash.ts. A raw issue titled from the
// crash context, the minidump as a binary file, logs as log files; flag, counter, bad payloads.
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stmt } from '../../../reference-server/src/db/database.ts';
import { storageFor } from '../../../reference-server/src/storage/storage.ts';
import { UnrealCrashResponse } from '../../../widget/src/protocol/crashes.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { PATS, PROJECT_ID, TOKENS, seedDocument } from '../../helpers/seed.ts';
import {
  ansiString,
  containerBytes,
  crashContextXml,
  encodeUnrealCrash,
  fakeMinidump,
  type CrashFileInput,
} from '../../helpers/unreal-crash.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server.close());
beforeEach(async () => {
  await reseed();
});

async function reseed(project: Record<string, unknown> = {}) {
  await server.request('POST', '/__admin/reset');
  server.fixtures(seedDocument({ project }));
}

const CONTEXT = {
  CrashGUID: 'UECC-Windows-6D1A2B3C4D5E',
  ErrorMessage:
    'Assertion failed: Index >= 0 [File:Array.h] [Line: 614]\nArray index out of bounds: -1 from an array of size 3',
  GameName: 'UE5-StarCourier',
  EngineVersion: '5.3.2-29314046+++UE5+Release-5.3',
  PlatformName: 'Windows',
  CallStack: 'StarCourier!UCargoHold::Drop() [CargoHold.cpp:120]',
};
const MINIDUMP = fakeMinidump();
const STANDARD_FILES: CrashFileInput[] = [
  { name: 'CrashContext.runtime-xml', data: crashContextXml(CONTEXT) },
  { name: 'UEMinidump.dmp', data: MINIDUMP },
  { name: 'StarCourier.log', data: 'LogInit: Display: Starting game\nLogCargo: Error: index -1\n' },
  { name: 'CrashReportClient.ini', data: '[CrashReportClient]\nbAgreeToCrashUpload=true\n' },
];

const send = (body: Uint8Array, token: string = TOKENS.all) =>
  server.request(
    'POST',
    `/crashes/unreal/${token}` +
      `?AppID=CrashReporter&AppVersion=5.3.2&AppEnvironment=Release&UploadType=crashreports&UserID=abc|def|ghi`,
    { raw: body as unknown as BodyInit, headers: { 'Content-Type': 'application/octet-stream' } },
  );

type AttachmentRow = {
  kind: string;
  filename: string;
  content_type: string;
  media_size_bytes: number;
  storage_key: string;
};
const attachmentsOf = (issueId: number) =>
  stmt(
    server.deps.db,
    `SELECT attachments.kind, attachments.filename, attachments.content_type, attachments.media_size_bytes, ` +
      `blobs.storage_key
  FROM attachments JOIN blobs ON blobs.id = attachments.blob_id WHERE attachments.issue_id = ? ORDER BY attachments.id`,
  ).all(issueId) as AttachmentRow[];
const issueRow = (id: number) =>
  stmt(server.deps.db, 'SELECT * FROM issues WHERE id = ?').get(id) as Record<string, unknown>;
async function storedBytes(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storageFor(server.deps).read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('POST /crashes/unreal/{token}', () => {
  it('creates a raw issue titled from the crash context, with the minidump and the logs attached', async () => {
    const r = await send(encodeUnrealCrash(STANDARD_FILES));
    expect(r.status).toBe(201);
    const body = UnrealCrashResponse.strict().parse(r.body);
    expect(body).toMatchObject({
      title: 'Crash in StarCourier: Assertion failed: Index >= 0 [File:Array.h] [Line: 614]',
      raw: true,
      crash_guid: CONTEXT.CrashGUID,
      attachments: { binary_files: 1, log_files: 3 },
      warnings: [],
    });
    expect(body.url).toMatch(new RegExp(`/projects/${PROJECT_ID}/issues/${body.scoped_id}$`));
    const issue = issueRow(body.id);
    expect(issue).toMatchObject({
      raw: 1,
      status: 'open',
      source: 'unreal_crash_reporter',
      priority: 'critical',
      reporter_user_id: null,
    });
    expect(issue.description).toContain('Array index out of bounds: -1 from an array of size 3');
    expect(issue.description).toContain(`Crash GUID: ${CONTEXT.CrashGUID}`);
    expect(issue.description).toContain('UCargoHold::Drop()');
    const latest = stmt(server.deps.db, "SELECT id FROM releases WHERE label = '1.1.0'").pluck().get();
    expect(issue.release_id).toBe(latest);
    const attachments = attachmentsOf(body.id);
    expect(attachments.map((a) => [a.kind, a.filename, a.content_type])).toEqual([
      ['log_file', 'CrashContext.runtime-xml', 'application/xml'],
      ['binary_file', 'UEMinidump.dmp', 'application/octet-stream'],
      ['log_file', 'StarCourier.log', 'text/plain'],
      ['log_file', 'CrashReportClient.ini', 'text/plain'],
    ]);
    expect(await storedBytes(attachments[1].storage_key)).toEqual(Buffer.from(MINIDUMP));
    expect((await storedBytes(attachments[2].storage_key)).toString()).toContain('LogCargo: Error: index -1');
  });

  it('accepts the older layout with a placeholder header and the real one after the files', async () => {
    const r = await send(encodeUnrealCrash(STANDARD_FILES, { layout: 'legacy' }));
    expect(r.status).toBe(201);
    expect(r.body.attachments).toEqual({ binary_files: 1, log_files: 3 });
    expect(r.body.title).toMatch(/^Crash in StarCourier: Assertion failed/);
  });

  it('keeps the raw issue away from players and shows it to the team with its files', async () => {
    const { body } = await send(encodeUnrealCrash(STANDARD_FILES));
    const team = await server.request('GET', `/projects/${PROJECT_ID}/issues/g-${body.id}.json`, {
      auth: `Bearer ${PATS.developer}`,
    });
    expect(team.status).toBe(200);
    expect(team.body).toMatchObject({ raw: true, title: body.title });
    expect(team.body.binary_files.map((f: { filename: string }) => f.filename)).toEqual(['UEMinidump.dmp']);
    expect(team.body.log_files).toHaveLength(3);
    const player = await server.request('GET', `/projects/${PROJECT_ID}/issues/g-${body.id}.json`, {
      auth: `Bearer ${PATS.tester}`,
    });
    expect(player.status).toBe(404);
  });

  it('titles from the crash GUID without an error message, and from the directory without a context', async () => {
    const guidOnly = await send(
      encodeUnrealCrash([
        { name: 'CrashContext.runtime-xml', data: crashContextXml({ CrashGUID: 'UECC-1', GameName: 'UE4-Pong' }) },
      ]),
    );
    expect(guidOnly.body.title).toBe('Crash in Pong (UECC-1)');
    const bare = await send(
      encodeUnrealCrash([{ name: 'UEMinidump.dmp', data: MINIDUMP }], { directory: 'UECC-Linux-77' }),
    );
    expect(bare.status).toBe(201);
    expect(bare.body).toMatchObject({
      title: 'Unreal crash report UECC-Linux-77',
      crash_guid: null,
      attachments: { binary_files: 1, log_files: 0 },
    });
  });

  it('decodes XML entities, reads a UTF-16 context and caps the title at 200 characters', async () => {
    const xml = crashContextXml({ ErrorMessage: `Fatal error: <${'x'.repeat(300)}> & more`, GameName: 'Pong' });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]);
    const r = await send(encodeUnrealCrash([{ name: 'CrashContext.runtime-xml', data: utf16 }]));
    expect(r.status).toBe(201);
    expect(r.body.title).toHaveLength(200);
    expect(r.body.title.startsWith('Crash in Pong: Fatal error: <xxx')).toBe(true);
    expect(issueRow(r.body.id).description).toContain('> & more');
  });

  it('attaches at most ten log files and reports the others in warnings', async () => {
    const logs = Array.from({ length: 12 }, (_, i) => ({ name: `Game-${i}.log`, data: `log ${i}` }));
    const r = await send(encodeUnrealCrash(logs));
    expect(r.status).toBe(201);
    expect(r.body.attachments).toEqual({ binary_files: 0, log_files: 10 });
    expect(r.body.warnings).toEqual([
      'Game-10.log was not attached: an issue holds at most 10 log files.',
      'Game-11.log was not attached: an issue holds at most 10 log files.',
    ]);
  });

  it('needs can_report_crash (403) and a known token (401); counts uploads per IP and day (403 over it)', async () => {
    const payload = encodeUnrealCrash(STANDARD_FILES);
    const refused = await send(payload, TOKENS.none);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Not allowed to report a crash.');
    expect((await send(payload, 'tkn-nonexistent')).status).toBe(401);
    await reseed({ tokens: [{ token: 'tkn-crash', daily_limit: 1, can_report_crash: true }] });
    expect((await send(payload, 'tkn-crash')).status).toBe(201);
    const over = await send(payload, 'tkn-crash');
    expect(over.status).toBe(403);
    expect(over.body.error).toMatch(/^Not allowed to report a crash\. The daily limit of 1/);
    expect(stmt(server.deps.db, 'SELECT count(*) FROM issues WHERE raw = 1').pluck().get()).toBe(1);
  });

  it('accepts the token without its tkn- prefix', async () => {
    expect((await send(encodeUnrealCrash(STANDARD_FILES), TOKENS.all.slice(4))).status).toBe(201);
  });
});

describe('malformed crash payloads are a 4xx, never a 500', () => {
  const valid = containerBytes(STANDARD_FILES);
  const int32 = (value: number) => {
    const b = Buffer.alloc(4);
    b.writeInt32LE(value);
    return b;
  };

  it.each([
    ['an empty body', Buffer.alloc(0), 400, 'The crash report body is empty.'],
    [
      'bytes that are not zlib',
      Buffer.from('definitely not a crash report'),
      400,
      /^The crash report is not a zlib stream/,
    ],
    [
      'a zlib stream cut in half',
      encodeUnrealCrash(STANDARD_FILES).subarray(0, 200),
      400,
      /^The crash report is not a zlib stream/,
    ],
    [
      'a container too short for a header',
      deflateSync(Buffer.from('CR1')),
      422,
      'The crash report is truncated: it is too short to hold a header.',
    ],
    [
      'a container cut inside a file',
      deflateSync(valid.subarray(0, valid.indexOf('MDMP') + 100)),
      422,
      /^The crash report is truncated: file 2 \(UEMinidump\.dmp\) declares 2048 bytes/,
    ],
    [
      'a container cut inside the header',
      deflateSync(valid.subarray(0, 100)),
      422,
      /^The crash report is truncated: the leading header's directory name declares 260 bytes/,
    ],
    [
      'a negative file count',
      deflateSync(Buffer.concat([Buffer.from('CR1'), ansiString('d'), ansiString('f'), int32(0), int32(-1)])),
      422,
      'The crash report is malformed: it declares -1 files (at most 100).',
    ],
    [
      'a file count over 100',
      deflateSync(Buffer.concat([Buffer.from('CR1'), ansiString('d'), ansiString('f'), int32(0), int32(5000)])),
      422,
      'The crash report is malformed: it declares 5000 files (at most 100).',
    ],
    [
      'more files declared than sent',
      deflateSync(
        Buffer.concat([
          Buffer.from('CR1'),
          ansiString('d'),
          ansiString('f'),
          int32(0),
          int32(2),
          int32(0),
          ansiString('a.log'),
          int32(1),
          Buffer.from('x'),
        ]),
      ),
      422,
      'The crash report is truncated: the index of file 2 is missing.',
    ],
    [
      'a negative file size',
      deflateSync(
        Buffer.concat([
          Buffer.from('CR1'),
          ansiString('d'),
          ansiString('f'),
          int32(0),
          int32(1),
          int32(0),
          ansiString('a.log'),
          int32(-5),
        ]),
      ),
      422,
      'The crash report is malformed: file 1 (a.log) has a negative length.',
    ],
    [
      'an absurd string length',
      deflateSync(Buffer.concat([Buffer.from('CR1'), int32(2_000_000_000), Buffer.alloc(16)])),
      422,
      "The crash report is malformed: the leading header's directory name is 2000000000 bytes long.",
    ],
    [
      'bytes after the last file',
      deflateSync(Buffer.concat([valid, Buffer.from('junk')])),
      422,
      'The crash report is malformed: 4 bytes follow its last file.',
    ],
    [
      'a legacy container declaring fewer files than it holds',
      deflateSync(Buffer.concat([containerBytes(STANDARD_FILES, { layout: 'legacy' }).subarray(0, -4), int32(3)])),
      422,
      /^The crash report is (malformed|truncated)/,
    ],
  ])('refuses %s', async (_name, body, status, error) => {
    const r = await send(body);
    expect(r.status).toBe(status);
    if (typeof error === 'string') expect(r.body).toEqual({ error });
    else expect(r.body.error).toMatch(error);
    expect(stmt(server.deps.db, 'SELECT count(*) FROM issues').pluck().get()).toBe(0);
  });

  it('answers every truncation of a valid container with a 4xx and creates nothing', async () => {
    await reseed({ tokens: [{ token: 'tkn-fuzz', daily_limit: 1000, can_report_crash: true }] });
    for (const layout of ['cr1', 'legacy'] as const) {
      const bytes = containerBytes(STANDARD_FILES, { layout });
      for (let cut = 0; cut < bytes.length; cut += Math.ceil(bytes.length / 40)) {
        const r = await send(deflateSync(bytes.subarray(0, cut)), 'tkn-fuzz');
        expect([400, 422], `cut at ${cut} of ${layout}`).toContain(r.status);
      }
    }
    expect(stmt(server.deps.db, 'SELECT count(*) FROM issues').pluck().get()).toBe(0);
  });
});
