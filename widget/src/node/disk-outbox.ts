// The Node outbox: one directory per report (`reports/<uuid>/report.json` + `files/<key>`), staged
// in `incoming/` and renamed into place, so a report appears whole or not at all. Files are
// streamed in and out (a 500 MB video never sits in the heap). No native dependency.
import { createReadStream, mkdirSync, openAsBlob, readdirSync, renameSync, rmSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { OutboxQuotaError, type BlobSource, type OutboxStore, type StoredReport } from '../core/types.ts';
import { fsyncDir, fsyncDirSync, writeFileAtomic, writeFileAtomicSync } from './atomic-file.ts';

export interface DiskOutboxOptions {
  /** Refuse a new report once the outbox would hold more than this many bytes of files. */
  quotaBytes?: number;
}

export interface DiskOutbox extends OutboxStore {
  readonly dir: string;
  /** Synchronous add for the crash handler (small in-memory files only). */
  addSync(report: StoredReport, files: Record<string, Uint8Array>): void;
}

const QUOTA_CODES = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);
const SAFE_ID = /^[\w.-]+$/;

function safe(name: string): string {
  if (!SAFE_ID.test(name) || name === '.' || name === '..') throw new Error(`invalid outbox name ${name}`);
  return name;
}

function sizeOf(data: Blob | Uint8Array): number {
  return data instanceof Uint8Array ? data.byteLength : data.size;
}

export function createDiskOutbox(dir: string, options: DiskOutboxOptions = {}): DiskOutbox {
  const reportsDir = join(dir, 'reports');
  const incomingDir = join(dir, 'incoming');
  const trashDir = join(dir, 'trash');
  for (const d of [reportsDir, incomingDir, trashDir]) mkdirSync(d, { recursive: true });
  // Leftovers of an add or remove interrupted by a crash are never half-visible; clear them.
  for (const d of [trashDir])
    for (const entry of readdirSync(d)) rmSync(join(d, entry), { recursive: true, force: true });

  const reportDir = (id: string) => join(reportsDir, safe(id));
  const filePath = (id: string, key: string) => join(reportDir(id), 'files', safe(key));

  async function filesBytes(): Promise<number> {
    let bytes = 0;
    for (const id of await readdir(reportsDir)) {
      const files = join(reportsDir, id, 'files');
      for (const name of await readdir(files).catch(() => [] as string[]))
        bytes += (await stat(join(files, name)).catch(() => ({ size: 0 }))).size;
    }
    return bytes;
  }

  function checkQuota(used: number, incoming: number): void {
    if (options.quotaBytes !== undefined && used + incoming > options.quotaBytes) {
      throw new OutboxQuotaError(
        `outbox full: ${used} of ${options.quotaBytes} bytes used, the report needs ${incoming} more`,
      );
    }
  }

  async function readReport(id: string): Promise<StoredReport | undefined> {
    try {
      return JSON.parse(await readFile(join(reportDir(id), 'report.json'), 'utf8')) as StoredReport;
    } catch {
      return undefined;
    }
  }

  return {
    dir,
    async add(report, files) {
      checkQuota(
        await filesBytes(),
        Object.values(files).reduce((s, d) => s + sizeOf(d), 0),
      );
      const stage = join(incomingDir, `${safe(report.id)}-${process.pid}-${Date.now()}`);
      try {
        await mkdir(join(stage, 'files'), { recursive: true });
        for (const [key, data] of Object.entries(files)) await writeFileAtomic(join(stage, 'files', safe(key)), data);
        await writeFileAtomic(join(stage, 'report.json'), JSON.stringify(report));
        await rename(stage, reportDir(report.id));
        await fsyncDir(reportsDir);
      } catch (error) {
        await rm(stage, { recursive: true, force: true });
        const code = (error as NodeJS.ErrnoException).code;
        if (code && QUOTA_CODES.has(code))
          throw new OutboxQuotaError(`the disk is full (${code}): report not stored`, error);
        throw error;
      }
    },
    addSync(report, files) {
      const stage = join(incomingDir, `${safe(report.id)}-${process.pid}-sync`);
      mkdirSync(join(stage, 'files'), { recursive: true });
      for (const [key, data] of Object.entries(files)) writeFileAtomicSync(join(stage, 'files', safe(key)), data);
      writeFileAtomicSync(join(stage, 'report.json'), JSON.stringify(report));
      renameSync(stage, reportDir(report.id));
      fsyncDirSync(reportsDir);
    },
    async update(report) {
      const target = join(reportDir(report.id), 'report.json');
      await stat(target).catch(() => {
        throw new Error(`no report ${report.id} in the outbox`);
      });
      await writeFileAtomic(target, JSON.stringify(report));
    },
    get: readReport,
    async list() {
      const reports: StoredReport[] = [];
      for (const id of await readdir(reportsDir)) {
        const report = await readReport(id);
        if (report) reports.push(report);
      }
      return reports.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
    },
    async file(id, key) {
      const path = filePath(id, key);
      const { size } = await stat(path);
      const blob = await openAsBlob(path);
      const source: BlobSource = {
        size,
        blob,
        async slice(start, end) {
          const handle = await open(path, 'r');
          try {
            const buffer = Buffer.alloc(Math.max(0, Math.min(end, size) - start));
            let read = 0;
            while (read < buffer.byteLength) {
              const { bytesRead } = await handle.read(buffer, read, buffer.byteLength - read, start + read);
              if (bytesRead === 0) break;
              read += bytesRead;
            }
            return new Uint8Array(buffer.buffer, buffer.byteOffset, read);
          } finally {
            await handle.close();
          }
        },
        body: () =>
          Readable.toWeb(
            createReadStream(path, { highWaterMark: 1024 * 1024 }),
          ) as unknown as ReadableStream<Uint8Array>,
      };
      return source;
    },
    async remove(id) {
      const target = reportDir(id);
      const trash = join(trashDir, `${safe(id)}-${Date.now()}`);
      try {
        await rename(target, trash); // atomic: the report vanishes whole
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      await fsyncDir(reportsDir);
      await rm(trash, { recursive: true, force: true });
    },
    async usage() {
      return { reports: (await readdir(reportsDir)).length, bytes: await filesBytes() };
    },
  };
}
