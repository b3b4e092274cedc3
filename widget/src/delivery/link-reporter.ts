// What the page hears from the outbox once the reporter chunk is here: the queued, sent and rejected events, and
// the "reports pending" flag a later page load resumes the outbox by. In this chunk, not the loader: it only
// runs once the chunk has loaded.
import type { Reporter } from '../core/reporter-contract.ts';
import type { createEmitter } from '../runtime/events.ts';

export function linkReporter(
  r: Reporter,
  emit: ReturnType<typeof createEmitter>['emit'],
  setPending: (on: boolean) => void,
): void {
  const refreshPending = async () => {
    try {
      setPending((await r.list()).some((x) => x.status === 'pending'));
    } catch {
      /* keep the flag */
    }
  };
  r.on('queued', (e) => {
    setPending(true);
    emit('queued', { id: e.id });
  });
  r.on('sent', (e) => {
    emit('sent', { id: e.id, url: e.report.remote?.url });
    void refreshPending();
  });
  r.on('rejected', (e) => {
    emit('rejected', { id: e.id, reason: e.error, status: e.status });
    void refreshPending();
  });
}
