// The lines that head a report's log, written when the report is made (this ships in the reporter chunk): the frame
// times the loader measured and how many older console entries its ring let go.
import type { FrameStats } from '../capture/frame-hook.ts';

export function logHeader(stats: FrameStats | undefined, dropped: number): string {
  return (
    (stats
      ? `# Frame times over the last ${stats.frames} frames: avg ${stats.avgMs} ms, p95 ${stats.p95Ms} ms, max ` +
        `${stats.maxMs} ms\n`
      : '') + (dropped ? `# ${dropped} older console entries were dropped\n` : '')
  );
}
