// Adopts the reports the loader parked while this chunk was out of reach (runtime/offline-park.ts):
// each goes into the outbox under its own id, then leaves the parked store; a crash in between is
// harmless, since a report already in the outbox under that id is not added again.
import { openDB } from 'idb';
import type { Reporter } from '../core/reporter-contract.ts';
import type { ReportInput } from '../core/types.ts';

export async function adoptParked(dbName: string, reporter: Reporter): Promise<void> {
  const db = await openDB(dbName, 1, { upgrade: (d) => void d.createObjectStore('reports', { keyPath: 'id' }) });
  try {
    for (const p of (await db.getAll('reports')) as { id: string; input: ReportInput }[]) {
      await reporter.submit(p.input, p.id);
      await db.delete('reports', p.id);
    }
  } finally {
    db.close();
  }
}
