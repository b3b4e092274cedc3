// The Node reporter (`glitchbox/node`): the core's client and sync engine over the disk outbox, a
// file lock so one process syncs a directory, native MD5, crash capture, and report() that waits.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { createReporter } from '../core/reporter.ts';
import type { Reporter, ReporterOptions } from '../core/reporter-contract.ts';
import type { Clock, ReporterEvent, ReportInput } from '../core/types.ts';
import { installCrashCapture, type CrashCaptureOptions } from './crash-capture.ts';
import { createDiskOutbox, type DiskOutbox } from './disk-outbox.ts';
import { createFileLock } from './file-lock.ts';
import { createNodeHasher } from './node-hasher.ts';

export interface NodeReporterOptions
  extends Pick<
    ReporterOptions,
    'endpoint' | 'projectId' | 'token' | 'fetch' | 'random' | 'publishAfter' | 'backoff' | 'timeoutMs' | 'uploadStallMs'
  > {
  /** Outbox directory; default ~/.glitchbox/outbox/<projectId>. */
  dir?: string;
  quotaBytes?: number;
  clock?: Clock;
  /** Record uncaught exceptions and unhandled rejections (default true). */
  captureCrashes?: boolean | CrashCaptureOptions;
  /** Start syncing at once (default true): crashes recorded by an earlier run are sent now. */
  autoStart?: boolean;
}

export interface ReportResult {
  id: string;
  status: 'sent' | 'rejected' | 'queued';
  remoteId?: string;
  url?: string;
  error?: string;
}

export interface NodeReporter extends Reporter {
  outbox: DiskOutbox;
  /** Queues the report; by default waits until it is sent or rejected (or timeoutMs passes: queued). */
  report(input: ReportInput, options?: { wait?: boolean; timeoutMs?: number }): Promise<ReportResult>;
  /** Stops syncing and removes the crash handler. */
  close(): void;
}

export function defaultOutboxDir(projectId: string): string {
  return join(homedir(), '.glitchbox', 'outbox', projectId);
}

const KNOWN_OPTIONS = new Set([
  'endpoint',
  'projectId',
  'token',
  'fetch',
  'random',
  'publishAfter',
  'backoff',
  'timeoutMs',
  'uploadStallMs',
  'dir',
  'quotaBytes',
  'clock',
  'captureCrashes',
  'autoStart',
]);

/** A misspelt key (`projectID`, `outboxDir`) would otherwise be dropped and its default used without a word. */
function checkOptionKeys(options: object): void {
  const unknown = Object.keys(options).filter((key) => !KNOWN_OPTIONS.has(key));
  if (unknown.length)
    throw new TypeError(
      `createNodeReporter: unknown option${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')}` +
        ` (known: ${[...KNOWN_OPTIONS].join(', ')})`,
    );
}

/**
 * The reporter for Node processes. Call `close()` when done: the sync loop keeps the process alive until then.
 * @example
 * const reporter = createNodeReporter({ endpoint, projectId: 'pr-1001', token: 'tkn-…' });
 * const result = await reporter.report({ kind: 'bug', description: 'Shard 4 panics on restart' });
 * reporter.close();
 */
export function createNodeReporter(options: NodeReporterOptions): NodeReporter {
  checkOptionKeys(options);
  const dir = options.dir ?? defaultOutboxDir(options.projectId);
  const outbox = createDiskOutbox(dir, { quotaBytes: options.quotaBytes });
  const reporter = createReporter({ ...options, outbox, hasher: createNodeHasher(), lock: createFileLock(dir) });
  const uninstall =
    options.captureCrashes === false
      ? () => {}
      : installCrashCapture(outbox, typeof options.captureCrashes === 'object' ? options.captureCrashes : {});
  let running = options.autoStart !== false;
  if (running) reporter.start();

  async function report(input: ReportInput, o: { wait?: boolean; timeoutMs?: number } = {}): Promise<ReportResult> {
    let resolveDone!: (r: ReportResult) => void;
    const done = new Promise<ReportResult>((resolve) => (resolveDone = resolve));
    let id: string | undefined;
    const early: ReporterEvent[] = [];
    const settle = (e: ReporterEvent) => {
      if (id === undefined) return void early.push(e);
      if (e.id !== id) return;
      if (e.type === 'sent')
        resolveDone({ id, status: 'sent', remoteId: e.report.remote?.id, url: e.report.remote?.url });
      if (e.type === 'rejected') resolveDone({ id, status: 'rejected', error: e.error, remoteId: e.report.remote?.id });
    };
    const offs = [reporter.on('sent', settle), reporter.on('rejected', settle)];
    try {
      id = (await reporter.submit(input)).id;
      early.splice(0).forEach(settle);
      if (o.wait === false) return { id, status: 'queued' };
      // Not syncing in the background: one pass now; whatever it could not finish stays queued.
      if (!running)
        void reporter.syncNow().then(
          () => resolveDone({ id: id!, status: 'queued' }),
          () => resolveDone({ id: id!, status: 'queued' }),
        );
      const timer = o.timeoutMs ? setTimeout(() => resolveDone({ id: id!, status: 'queued' }), o.timeoutMs) : undefined;
      const result = await done;
      if (timer) clearTimeout(timer);
      return result;
    } finally {
      for (const off of offs) off();
    }
  }

  return {
    ...reporter,
    outbox,
    report,
    start() {
      running = true;
      reporter.start();
    },
    stop() {
      running = false;
      reporter.stop();
    },
    close() {
      running = false;
      reporter.stop();
      uninstall();
    },
  };
}
