// Local first without any chunk: when the reporter chunk cannot be fetched (offline since page load, or
// offline at the first report), the loader itself keeps the report in IndexedDB; the reporter chunk moves
// it into its outbox under the same id the next time it loads (delivery/parked-reports.ts).
import type { ReportInput } from '../core/types.ts';

/** The IndexedDB database of a project's parked reports: one store, `reports`, keyed by `id`. */
export const parkedDbName = (projectId: string) => `glitchbox-parked-${projectId}`;

/** Stores `{ id, input }`; resolves once the transaction is durable. */
export function parkReport(projectId: string, id: string, input: ReportInput): Promise<void> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(parkedDbName(projectId), 1);
    open.onupgradeneeded = () => open.result.createObjectStore('reports', { keyPath: 'id' });
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('reports', 'readwrite');
      tx.objectStore('reports').put({ id, input });
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onerror = tx.onabort = () => {
        db.close();
        reject(tx.error);
      };
    };
  });
}
