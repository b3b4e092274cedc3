// Malformed Unreal crash payloads (docs/api/crashes.md): empty, not zlib, truncated and inconsistent containers, each
// a 400 or 422 with its sentence and nothing created, never a 500; every truncation of a valid container too.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ansiString, containerBytes, encodeUnrealCrash } from '../../helpers/unreal-crash.ts';
import { listedIssues, reseed, send, serveCrashes, STANDARD_FILES } from './fixtures.ts';

serveCrashes();

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
    expect(await listedIssues('any')).toBe(0);
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
    expect(await listedIssues('any')).toBe(0);
  });
});
