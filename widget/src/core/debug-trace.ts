// The debug_trace on the wire: at most 128 KB, so a report carries the newest steps that fit. Cut here, where
// the body is built, so every report is within it whoever made it (the loader keeps up to two rings of steps).
import type { ReportInput } from './types.ts';

type TraceStep = NonNullable<ReportInput['debugTrace']>[number];

/** debug_trace is at most 128 KB; we keep a margin for the JSON envelope. */
export const DEBUG_TRACE_LIMIT = 128 * 1024;

/** The newest steps whose JSON `{"steps":[…]}` fits in `limit` bytes, in chronological order. */
export function fitDebugTrace(steps: TraceStep[], limit = DEBUG_TRACE_LIMIT - 1024): TraceStep[] {
  const enc = new TextEncoder();
  let bytes = 12;
  let first = steps.length;
  while (first > 0) {
    const size = enc.encode(JSON.stringify(steps[first - 1])).length + 1;
    if (bytes + size > limit) break;
    bytes += size;
    first--;
  }
  return steps.slice(first);
}
