// Turns the reporter's events for one report into the honest end state the player sees:
// sent, saved on this device (offline or server busy), or the server's reason for a refusal. It ships in the
// reporter chunk: it only ever runs once that chunk has loaded, so the loader does not carry it.
import type { Reporter } from '../core/reporter-contract.ts';
import type { ReporterEvent } from '../core/types.ts';
import type { SubmitOutcome } from '../runtime/overlay-contract.ts';

const STEP_SHARE: Record<string, number> = {
  queued: 0.05,
  created: 0.2,
  attachments_done: 0.9,
  contact_set: 0.95,
  published: 1,
};

export function watchReport(
  reporter: Reporter,
  id: string,
  onProgress: (fraction: number) => void,
  slowMs = 20_000,
): Promise<SubmitOutcome> {
  return new Promise((resolve) => {
    const offs: Array<() => void> = [];
    const finish = (o: SubmitOutcome) => {
      for (const off of offs) off();
      clearTimeout(timer);
      resolve(o);
    };
    const mine = (fn: (e: ReporterEvent) => void) => (e: ReporterEvent) => {
      if (e.id === id) fn(e);
    };
    offs.push(
      reporter.on(
        'sent',
        mine(() => {
          onProgress(1);
          finish({ state: 'sent', id });
        }),
      ),
    );
    offs.push(
      reporter.on(
        'rejected',
        mine((e) => finish({ state: 'rejected', id, reason: e.error || `HTTP ${e.status ?? '?'}`, status: e.status })),
      ),
    );
    offs.push(
      reporter.on(
        'progress',
        mine((e) => {
          if (e.step === 'offline') return finish({ state: 'queued', id, reason: 'offline' });
          if (e.step === 'retry') return finish({ state: 'queued', id, reason: 'retry' });
          if (e.loaded !== undefined && e.total) {
            const n = Math.max(1, e.report.attachments.length);
            const done = (e.attachment ?? 0) / n + e.loaded / e.total / n;
            onProgress(0.2 + 0.7 * Math.min(1, done));
          } else if (e.step && STEP_SHARE[e.step] !== undefined) {
            onProgress(STEP_SHARE[e.step]);
          }
        }),
      ),
    );
    const timer = setTimeout(() => finish({ state: 'queued', id, reason: 'slow' }), slowMs);
    if (typeof navigator === 'object' && navigator.onLine === false) finish({ state: 'queued', id, reason: 'offline' });
  });
}
