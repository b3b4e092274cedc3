// The Node disk outbox: durable, atomic, streamed, and honest about space.
import { createHash } from 'node:crypto';
import { mkdtempSync, openAsBlob, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OutboxQuotaError, toStoredReport } from '../../widget/src/core/index.ts';
import { createDiskOutbox } from '../../widget/src/node/index.ts';
import { createNodeHasher } from '../../widget/src/node/node-hasher.ts';
import { md5 } from '../helpers/md5.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'glitchbox-outbox-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const bytes = (n: number, seed = 1) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff);

function newReport(files: Record<string, Uint8Array | Blob> = {}) {
  const attachments = Object.entries(files).map(([name, data]) => ({
    kind: 'binary_file' as const,
    name,
    contentType: 'application/octet-stream',
    data,
  }));
  return toStoredReport({ kind: 'bug', description: 'A crash in the inventory screen.', attachments }, Date.now());
}

async function streamMd5(stream: ReadableStream<Uint8Array>): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) hash.update(chunk);
  return hash.digest('base64');
}

describe('disk outbox', () => {
  it('keeps reports and files across a reopen and reports the space they use', async () => {
    const data = bytes(70_000);
    const { report, files } = newReport({ 'a.bin': data });
    await createDiskOutbox(dir).add(report, files);

    const reopened = createDiskOutbox(dir);
    expect((await reopened.list()).map((r) => r.id)).toEqual([report.id]);
    expect(await reopened.usage()).toEqual({ reports: 1, bytes: 70_000 });
    const source = await reopened.file(report.id, '0');
    expect(source.size).toBe(70_000);
    expect(Array.from(await source.slice(65_530, 65_540))).toEqual(Array.from(data.subarray(65_530, 65_540)));
    expect(await streamMd5(source.body() as ReadableStream<Uint8Array>)).toBe(md5(data));
    expect(await createNodeHasher(4096).md5(source)).toBe(md5(data));
  });

  it('streams a 12 MB file in from disk and back out byte for byte', async () => {
    const big = join(dir, 'big.bin');
    const data = bytes(12 * 1024 * 1024, 7);
    writeFileSync(big, data);
    const { report, files } = newReport({ 'big.bin': await openAsBlob(big) });
    const outbox = createDiskOutbox(join(dir, 'box'));
    await outbox.add(report, files);
    const source = await outbox.file(report.id, '0');
    expect(source.size).toBe(data.byteLength);
    expect(await streamMd5(source.body() as ReadableStream<Uint8Array>)).toBe(md5(data));
  });

  it('refuses a report over its quota with OutboxQuotaError and leaves nothing half-written', async () => {
    const outbox = createDiskOutbox(dir, { quotaBytes: 100_000 });
    const first = newReport({ 'a.bin': bytes(60_000) });
    await outbox.add(first.report, first.files);
    const second = newReport({ 'b.bin': bytes(60_000) });
    await expect(outbox.add(second.report, second.files)).rejects.toBeInstanceOf(OutboxQuotaError);
    expect((await outbox.list()).map((r) => r.id)).toEqual([first.report.id]);
    expect(readdirSync(join(dir, 'incoming'))).toEqual([]);
  });

  it('replaces a record atomically on update and leaves no temporary file', async () => {
    const outbox = createDiskOutbox(dir);
    const { report, files } = newReport({ 'a.bin': bytes(10) });
    await outbox.add(report, files);
    await outbox.update({ ...report, step: 'created', remote: { id: 'g-9', jwt: 'x.y.z' } });
    expect(await outbox.get(report.id)).toMatchObject({ step: 'created', remote: { id: 'g-9' } });
    expect(readdirSync(join(dir, 'reports', report.id)).sort()).toEqual(['files', 'report.json']);
    await expect(outbox.update({ ...report, id: 'missing' })).rejects.toThrow(/no report missing/);
  });

  it('removes a delivered report with its files', async () => {
    const outbox = createDiskOutbox(dir);
    const { report, files } = newReport({ 'a.bin': bytes(1000) });
    await outbox.add(report, files);
    await outbox.remove(report.id);
    expect(await outbox.list()).toEqual([]);
    expect(await outbox.usage()).toEqual({ reports: 0, bytes: 0 });
    await outbox.remove(report.id); // a second remove is harmless
  });

  it('writes a report synchronously for the crash handler', async () => {
    const outbox = createDiskOutbox(dir);
    const { report } = newReport();
    outbox.addSync(report, { 'crash.txt': new TextEncoder().encode('stack') });
    expect((await createDiskOutbox(dir).get(report.id))?.fields.description).toBe('A crash in the inventory screen.');
  });
});
