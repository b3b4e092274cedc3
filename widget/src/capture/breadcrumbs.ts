// Breadcrumbs: the game's own (`breadcrumb(severity, text)`) and the automatic ones, kept bounded and sent as the
// issue's debug_trace; the reporter sends the newest steps that fit its 128 KB limit (core/debug-trace.ts,
// docs/widget.md#what-a-report-carries).
import { createRingBuffer } from './ring-buffer.ts';
import type { Severity } from '../runtime/options.ts';

export interface TraceStep {
  severity: Severity;
  description: string;
}

const MAX_TEXT = 2000;

export function toSeverity(value: unknown): Severity {
  const s = String(value).toLowerCase();
  if (s === 'warning' || s === 'warn') return 'warning';
  if (s === 'danger' || s === 'error' || s === 'fatal' || s === 'critical') return 'danger';
  return 'info';
}

/**
 * The game's steps and the automatic ones (clicks, requests, navigation) in two rings of `max` each, so a game
 * that polls the network never pushes its own breadcrumbs out; `steps()` merges them in time order.
 */
export function createBreadcrumbs(max: number, start = Date.now()) {
  type Timed = TraceStep & { t: number };
  const game = createRingBuffer<Timed>(max);
  const auto = createRingBuffer<Timed>(max);
  const push = (ring: typeof game, severity: unknown, text: unknown) => {
    try {
      const t = Date.now();
      const body = String(text).slice(0, MAX_TEXT);
      ring.push({ t, severity: toSeverity(severity), description: `[+${((t - start) / 1000).toFixed(1)}s] ${body}` });
    } catch {
      /* never throw into the game */
    }
  };
  return {
    add: (severity: unknown, text: unknown) => push(game, severity, text),
    addAuto: (severity: unknown, text: unknown) => push(auto, severity, text),
    steps: (): TraceStep[] =>
      [...game.items(), ...auto.items()]
        .sort((a, b) => a.t - b.t)
        .map(({ severity, description }) => ({ severity, description })),
  };
}
