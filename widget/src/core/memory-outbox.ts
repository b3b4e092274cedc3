// An OutboxStore kept in memory: for hosts without storage and for the core's own tests. Reports
// are structured-cloned on the way in and out so callers never share state with the store.
import type { BlobSource, OutboxStore, StoredReport } from './types.ts';
import { OutboxQuotaError } from './types.ts';

export function blobSourceFromBytes(bytes: Uint8Array): BlobSource {
  return {
    size: bytes.byteLength,
    slice: async (start, end) => bytes.subarray(start, end),
    body: () => new Blob([bytes as Uint8Array<ArrayBuffer>]),
  };
}

export function blobSourceFromBlob(blob: Blob): BlobSource {
  return {
    size: blob.size,
    slice: async (start, end) => new Uint8Array(await blob.slice(start, end).arrayBuffer()),
    body: () => blob,
    blob,
  };
}

export function createMemoryOutbox(options: { quotaBytes?: number } = {}): OutboxStore {
  const reports = new Map<string, StoredReport>();
  const files = new Map<string, Map<string, Blob | Uint8Array>>();
  const size = (data: Blob | Uint8Array) => (data instanceof Uint8Array ? data.byteLength : data.size);
  const used = () => [...files.values()].reduce((sum, m) => sum + [...m.values()].reduce((s, d) => s + size(d), 0), 0);
  return {
    async add(report, reportFiles) {
      const incoming = Object.values(reportFiles).reduce((s, d) => s + size(d), 0);
      if (options.quotaBytes !== undefined && used() + incoming > options.quotaBytes) {
        throw new OutboxQuotaError(
          `outbox full: ${used()} of ${options.quotaBytes} bytes used, report needs ${incoming}`,
        );
      }
      files.set(report.id, new Map(Object.entries(reportFiles)));
      reports.set(report.id, structuredClone(report));
    },
    async update(report) {
      if (!reports.has(report.id)) throw new Error(`no report ${report.id} in the outbox`);
      reports.set(report.id, structuredClone(report));
    },
    async get(id) {
      const report = reports.get(id);
      return report && structuredClone(report);
    },
    async list() {
      return [...reports.values()].map((r) => structuredClone(r)).sort((a, b) => a.createdAt - b.createdAt);
    },
    async file(id, key) {
      const data = files.get(id)?.get(key);
      if (!data) throw new Error(`no file ${key} for report ${id}`);
      return data instanceof Uint8Array ? blobSourceFromBytes(data) : blobSourceFromBlob(data);
    },
    async remove(id) {
      reports.delete(id);
      files.delete(id);
    },
    async usage() {
      return { reports: reports.size, bytes: used() };
    },
  };
}
