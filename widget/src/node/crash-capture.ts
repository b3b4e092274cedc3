// Crash capture: an uncaught exception or unhandled rejection is written synchronously to the disk
// outbox before the process dies, and sent as a `raw` issue by the next run. It listens on
// 'uncaughtExceptionMonitor', which sees both (unhandled rejections throw by default since Node 15)
// without changing whether or how the process exits.
import { toStoredReport } from '../core/report-builder.ts';
import type { ReportInput } from '../core/types.ts';
import type { DiskOutbox } from './disk-outbox.ts';

export interface CrashCaptureOptions {
  releaseLabel?: string;
  /** Extra text appended to the report's logs (for example recent log lines). */
  logs?: () => string | undefined;
  source?: string;
}

export function crashReportInput(error: unknown, origin: string, options: CrashCaptureOptions = {}): ReportInput {
  const err =
    error instanceof Error
      ? error
      : new Error(typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error)));
  const headline = `${err.name}: ${err.message}`.replace(/\s+/g, ' ').trim();
  let logs: string | undefined;
  try {
    logs = options.logs?.();
  } catch {
    logs = undefined;
  }
  return {
    kind: 'bug',
    raw: true,
    source: options.source ?? 'node-crash',
    title: `Crash (${origin}): ${headline}`.slice(0, 120),
    description:
      `${origin} in ${process.argv.slice(1, 2).join(' ') || 'node'} (pid ${process.pid})\n\n` +
      `${err.stack ?? headline}`,
    releaseLabel: options.releaseLabel,
    deviceInfo: `${process.platform} ${process.arch}, Node ${process.version}`,
    debugTrace: [{ severity: 'danger', description: headline.slice(0, 1000) }],
    logs,
  };
}

/** Installs the handler; returns a function that removes it. */
export function installCrashCapture(outbox: DiskOutbox, options: CrashCaptureOptions = {}): () => void {
  const onCrash = (error: unknown, origin: string) => {
    try {
      const { report } = toStoredReport(crashReportInput(error, origin, options), Date.now());
      outbox.addSync(report, {});
    } catch (writeError) {
      process.stderr.write(`glitchbox: could not record the crash: ${String(writeError)}\n`);
    }
  };
  process.on('uncaughtExceptionMonitor', onCrash);
  return () => process.off('uncaughtExceptionMonitor', onCrash);
}
