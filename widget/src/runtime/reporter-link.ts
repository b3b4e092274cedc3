// The runtime's side of sending: loads the lazy reporter chunk on need (parking reports when it is out of
// reach), runs beforeSend, watches each report until sent, queued or rejected, sends uncaught errors as raw
// reports, keeps a "reports pending" flag so a later page load resumes the outbox, and gathers what a report says of
// the device (a WebGL game's GPU read while idle, the device block from the reporter chunk).
import type { Reporter } from '../core/reporter-contract.ts';
import type { ReportInput } from '../core/types.ts';
import { type GpuFacts, plainDeviceInfo } from '../capture/device-info.ts';
import { findCanvas } from '../capture/screenshot.ts';
import { idle } from './idle.ts';
import { parkedDbName, parkReport } from './offline-park.ts';
import type { ChunkLoader, ReporterModule } from './chunks.ts';
import type { createEmitter } from './events.ts';
import type { ResolvedOptions } from './options.ts';
import type { SubmitOutcome } from './overlay-contract.ts';
import type { Capture } from './start-capture.ts';

export type ReporterLink = ReturnType<typeof createReporterLink>;

export function createReporterLink(
  o: ResolvedOptions,
  chunks: ChunkLoader,
  events: ReturnType<typeof createEmitter>,
  { crumbs, logs, frames }: Capture,
) {
  const pendingKey = `glitchbox:pending:${o.projectId}`;
  let reporter: Promise<Reporter> | undefined;
  // Set with the reporter: the watch ships in its chunk (and so does the link that forwards its events).
  let watchReport: ReporterModule['watchReport'];
  const setPending = (on: boolean) => {
    try {
      if (on) localStorage.setItem(pendingKey, '1');
      else localStorage.removeItem(pendingKey);
    } catch {
      /* storage off */
    }
  };
  // A chunk that failed to load is tried again at the next use.
  const getReporter = () =>
    (reporter ??= chunks.reporter().then(
      (m) => {
        watchReport = m.watchReport;
        // The endpoint, project, token and service worker come with the options as they are.
        const r = m.createBrowserReporter({ ...o, parkedDb: parkedDbName(o.projectId) });
        m.linkReporter(r, events.emit, setPending);
        return r;
      },
      (e) => {
        reporter = undefined;
        throw e;
      },
    ));

  /** Local first: into the outbox, or, when its chunk cannot be fetched, into the loader's own store. */
  async function store(report: ReportInput): Promise<{ r?: Reporter; id: string }> {
    let r: Reporter;
    try {
      r = await getReporter();
    } catch {
      const id = crypto.randomUUID();
      await parkReport(o.projectId, id, report);
      setPending(true);
      events.emit('queued', { id });
      return { id };
    }
    return { r, id: (await r.submit(report)).id };
  }

  let gpu: GpuFacts | undefined;
  /** A WebGL game's GPU, read by the overlay chunk (fetched while idle anyway) in an idle moment: tried again while the
   * game's canvas has no context yet. */
  const readGpuWhileIdle = (tries: number) =>
    idle(() => {
      chunks.ui().then(
        (m) => {
          gpu = m.readGpu(findCanvas(o.canvas, frames));
          if (gpu === undefined && tries > 1) readGpuWhileIdle(tries - 1);
        },
        () => {},
      );
    }, 2000);
  readGpuWhileIdle(10);

  /**
   * What the reporter chunk writes about the device and the frames: the device block and the log's header lines.
   * When it cannot load, the loader's short device block and no header.
   */
  const context = (canvas: HTMLCanvasElement | null): Promise<[deviceInfo: string, logHeader: string]> =>
    chunks
      .reporter()
      .then(
        async (m): Promise<[string, string]> => [
          await m.collectDeviceInfo(canvas, gpu),
          m.logHeader(frames.stats(), logs.dropped),
        ],
      )
      // A chunk that failed, or one from another version without these: the report still goes, with less.
      .catch(() => [plainDeviceInfo(), '']);

  async function applyBeforeSend(report: ReportInput): Promise<ReportInput | null> {
    if (!o.beforeSend) return report;
    try {
      return (await o.beforeSend(report)) ?? null;
    } catch (e) {
      logs.record('warn', `Glitchbox beforeSend threw, report dropped: ${e}`);
      return null;
    }
  }

  return {
    context,
    async submit(report: ReportInput, onProgress: (f: number) => void): Promise<SubmitOutcome> {
      try {
        const final = await applyBeforeSend(report);
        if (!final) return { state: 'dropped' };
        events.emit('submit', { report: final });
        const { r, id } = await store(final);
        return r ? await watchReport(r, id, onProgress) : { state: 'queued', id, reason: 'offline' };
      } catch (e) {
        return { state: 'failed', reason: e instanceof Error ? e.message : String(e) };
      }
    },
    /** Re-sends a rejected report with the player's edits. */
    async retry(id: string, edits: Partial<ReportInput>, onProgress: (f: number) => void): Promise<SubmitOutcome> {
      try {
        const r = await getReporter();
        await r.retry(id, edits);
        return await watchReport(r, id, onProgress);
      } catch (e) {
        return { state: 'failed', reason: String(e) };
      }
    },
    /** An uncaught error as a raw report, without the overlay. */
    async sendRaw(message: string, detail: string) {
      try {
        const [deviceInfo, header] = await context(findCanvas(o.canvas));
        const report = await applyBeforeSend({
          kind: 'bug',
          raw: true,
          source: 'glitchbox-error',
          title: message.slice(0, 120),
          description: detail,
          releaseLabel: o.release,
          deviceInfo,
          logs: header + logs.text(),
          debugTrace: crumbs.steps(),
        });
        if (report) await store(report);
      } catch {
        /* never throw into the game */
      }
    },
    /** Loads the chunk while the player writes; a failed load is forgotten, so the next use tries again. */
    preload() {
      getReporter().catch(() => {});
    },
    /** Outbox resume: the reporter chunk is loaded only when something is waiting to be sent. */
    resume() {
      const resume = () => {
        try {
          if (localStorage.getItem(pendingKey)) void getReporter();
        } catch {
          /* storage off */
        }
      };
      resume();
      addEventListener('online', resume);
    },
  };
}
