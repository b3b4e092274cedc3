// Unreal crash upload (docs/api/crashes.md, docs/api-choices.md#operation-paths): POST /crashes/unreal/{token} with
// the CrashReportClient's compressed container, built by test/helpers/unreal-crash.ts. A raw issue titled from the
// crash context, the minidump as a binary file, logs as log files; both layouts, the token flag and the counter.
import { describe, expect, it } from 'vitest';
import { stmt } from '../../../reference-server/src/db/database.ts';
import { storageFor } from '../../../reference-server/src/storage/storage.ts';
import { UnrealCrashResponse } from '../../../widget/src/protocol/crashes.ts';
import { PATS, PROJECT_ID, TOKENS } from '../../helpers/seed.ts';
import { crashContextXml, encodeUnrealCrash } from '../../helpers/unreal-crash.ts';
import { CONTEXT, listedIssues, MINIDUMP, reseed, send, serveCrashes, server, STANDARD_FILES } from './fixtures.ts';
import { itLocal } from '../../helpers/local-only.ts';

serveCrashes();

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
  itLocal(
    'creates a raw issue titled from the crash context, with the minidump and the logs attached',
    'reads the database and the stored files',
    async () => {
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
    },
  );

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

  itLocal(
    'decodes XML entities, reads a UTF-16 context and caps the title at 200 characters',
    'reads the database and the stored files',
    async () => {
      const xml = crashContextXml({ ErrorMessage: `Fatal error: <${'x'.repeat(300)}> & more`, GameName: 'Pong' });
      const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]);
      const r = await send(encodeUnrealCrash([{ name: 'CrashContext.runtime-xml', data: utf16 }]));
      expect(r.status).toBe(201);
      expect(r.body.title).toHaveLength(200);
      expect(r.body.title.startsWith('Crash in Pong: Fatal error: <xxx')).toBe(true);
      expect(issueRow(r.body.id).description).toContain('> & more');
    },
  );

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
    expect(await listedIssues('true')).toBe(1);
  });

  it('accepts the token without its tkn- prefix', async () => {
    expect((await send(encodeUnrealCrash(STANDARD_FILES), TOKENS.all.slice(4))).status).toBe(201);
  });
});
