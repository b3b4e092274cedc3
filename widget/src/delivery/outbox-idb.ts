// The browser outbox on IndexedDB (idb): `reports` holds the records, `files` the Blobs, which the
// browser keeps on disk (a 500 MB video is never read into the heap). A report and its files are
// written in one transaction; QuotaExceededError surfaces as OutboxQuotaError, nothing is dropped.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { OutboxQuotaError, type BlobSource, type OutboxStore, type StoredReport } from '../core/types.ts';
import { blobSourceFromBlob } from '../core/memory-outbox.ts';

interface OutboxSchema extends DBSchema {
  reports: { key: string; value: StoredReport };
  files: {
    key: [string, string];
    value: { reportId: string; key: string; size: number; blob: Blob };
    indexes: { byReport: string };
  };
}

const OUTBOX_DB_VERSION = 1;

function isQuota(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

function toBlob(data: Blob | Uint8Array): Blob {
  return data instanceof Blob ? data : new Blob([data as Uint8Array<ArrayBuffer>]);
}

function openOutboxDb(name: string): Promise<IDBPDatabase<OutboxSchema>> {
  return openDB<OutboxSchema>(name, OUTBOX_DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('reports', { keyPath: 'id' });
      db.createObjectStore('files', { keyPath: ['reportId', 'key'] }).createIndex('byReport', 'reportId');
    },
  });
}

/** `name` separates outboxes per project: `glitchbox-outbox-<projectId>`. */
export function createIdbOutbox(name = 'glitchbox-outbox', options: { quotaBytes?: number } = {}): OutboxStore {
  let dbPromise: Promise<IDBPDatabase<OutboxSchema>> | undefined;
  const db = () => (dbPromise ??= openOutboxDb(name));

  async function bytesUsed(): Promise<number> {
    // Walk file records by cursor, reading only their sizes; the Blobs themselves are not read.
    let bytes = 0;
    let cursor = await (await db()).transaction('files').store.openCursor();
    while (cursor) {
      bytes += cursor.value.size;
      cursor = await cursor.continue();
    }
    return bytes;
  }

  return {
    async add(report, files) {
      const entries = Object.entries(files).map(([key, data]) => ({
        reportId: report.id,
        key,
        blob: toBlob(data),
        size: data instanceof Blob ? data.size : data.byteLength,
      }));
      if (options.quotaBytes !== undefined) {
        const used = await bytesUsed();
        const incoming = entries.reduce((s, e) => s + e.size, 0);
        if (used + incoming > options.quotaBytes)
          throw new OutboxQuotaError(
            `outbox full: ${used} of ${options.quotaBytes} bytes used, the report needs ${incoming} more`,
          );
      }
      const database = await db();
      try {
        const tx = database.transaction(['reports', 'files'], 'readwrite');
        // Only IndexedDB calls are awaited inside the transaction (it would auto-commit otherwise).
        await Promise.all([
          ...entries.map((e) => tx.objectStore('files').put(e)),
          tx.objectStore('reports').put(report),
          tx.done,
        ]);
      } catch (error) {
        if (isQuota(error))
          throw new OutboxQuotaError('the browser refused to store the report: storage quota exceeded', error);
        throw error;
      }
    },
    async update(report) {
      const tx = (await db()).transaction('reports', 'readwrite');
      const existing = await tx.store.getKey(report.id);
      if (existing === undefined) {
        tx.abort();
        await tx.done.catch(() => undefined);
        throw new Error(`no report ${report.id} in the outbox`);
      }
      try {
        await Promise.all([tx.store.put(report), tx.done]);
      } catch (error) {
        if (isQuota(error)) throw new OutboxQuotaError('storage quota exceeded while saving a sync step', error);
        throw error;
      }
    },
    async get(id) {
      return (await db()).get('reports', id);
    },
    async list() {
      const reports = await (await db()).getAll('reports');
      return reports.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
    },
    async file(id, key): Promise<BlobSource> {
      const record = await (await db()).get('files', [id, key]);
      if (!record) throw new Error(`no file ${key} for report ${id}`);
      return blobSourceFromBlob(record.blob);
    },
    async remove(id) {
      const tx = (await db()).transaction(['reports', 'files'], 'readwrite');
      const keys = await tx.objectStore('files').index('byReport').getAllKeys(id);
      await Promise.all([
        ...keys.map((k) => tx.objectStore('files').delete(k)),
        tx.objectStore('reports').delete(id),
        tx.done,
      ]);
    },
    async usage() {
      return { reports: await (await db()).count('reports'), bytes: await bytesUsed() };
    },
  };
}
