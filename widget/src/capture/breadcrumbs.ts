// Game breadcrumbs (`breadcrumb(severity, text)`), kept bounded and sent as the issue's
// debug_trace, newest steps first to survive the reference's 128 KB limit.
import { createRingBuffer } from './ring-buffer.ts';
import type { Severity } from '../runtime/options.ts';

export interface TraceStep {
  severity: Severity;
  description: string;
}

/** Reference "Limits": debug_trace is at most 128 KB; we keep a margin for the JSON envelope. */
export const DEBUG_TRACE_LIMIT = 128 * 1024;
const MAX_TEXT = 2000;

export function toSeverity(value: unknown): Severity {
  const s = String(value).toLowerCase();
  if (s === 'warning' || s === 'warn') return 'warning';
  if (s === 'danger' || s === 'error' || s === 'fatal' || s === 'critical') return 'danger';
  return 'info';
}

export function createBreadcrumbs(max: number, start = Date.now()) {
  const ring = createRingBuffer<TraceStep>(max);
  return {
    add(severity: unknown, text: unknown) {
      try {
        const secs = ((Date.now() - start) / 1000).toFixed(1);
        const body = String(text).slice(0, MAX_TEXT);
        ring.push({ severity: toSeverity(severity), description: `[+${secs}s] ${body}` });
      } catch {
        /* never throw into the game */
      }
    },
    steps: () => ring.items(),
    get size() {
      return ring.size;
    },
  };
}

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
