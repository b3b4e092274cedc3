// Console output at every level, uncaught errors and unhandled rejections, kept in a bounded
// ring buffer (entries and bytes) and rendered as the report's log file. Never throws.
import { createRingBuffer } from './ring-buffer.ts';
import { formatArgs, formatValue } from './safe-format.ts';

export interface LogEntry {
  t: number;
  level: string;
  text: string;
}

const LEVELS = ['debug', 'log', 'info', 'warn', 'error', 'trace'] as const;
const MAX_BYTES = 512 * 1024;

export interface ConsoleCapture {
  entries(): LogEntry[];
  /** The log as text, one line per entry: `<ISO time> [level] text`. */
  text(): string;
  record(level: string, text: string): void;
  readonly dropped: number;
}

export function createConsoleCapture(
  maxEntries: number,
  wrapConsole: boolean,
  onError?: (message: string, detail: string) => void,
): ConsoleCapture {
  const ring = createRingBuffer<LogEntry>(maxEntries, MAX_BYTES, (e) => e.text.length + 40);
  const record = (level: string, text: string) => ring.push({ t: Date.now(), level, text });
  const c = console as unknown as Record<string, (...args: unknown[]) => unknown>;
  if (wrapConsole) {
    for (const level of LEVELS) {
      const original = c[level];
      if (typeof original !== 'function') continue;
      c[level] = function (this: unknown, ...args: unknown[]) {
        try {
          record(level, formatArgs(args));
        } catch {
          /* capture never throws into the game */
        }
        return original.apply(this, args);
      };
    }
  }
  const onWindowError = (e: ErrorEvent | Event) => {
    try {
      if (e instanceof ErrorEvent) {
        const detail = e.error ? formatValue(e.error) : `${e.message} at ${e.filename}:${e.lineno}:${e.colno}`;
        record('error', `Uncaught ${detail}`);
        onError?.(e.message || 'Uncaught error', detail);
      } else {
        // A resource that failed to load (capture phase sees element errors).
        const el = e.target as HTMLElement & { src?: string; href?: string };
        if (el && el !== (window as unknown))
          record('error', `Failed to load <${el.nodeName?.toLowerCase()}> ${el.src || el.href || ''}`);
      }
    } catch {
      /* never throw */
    }
  };
  const onRejection = (e: PromiseRejectionEvent) => {
    try {
      const detail = formatValue(e.reason);
      record('error', `Unhandled rejection: ${detail}`);
      onError?.(`Unhandled rejection: ${detail.split('\n')[0].slice(0, 120)}`, detail);
    } catch {
      /* never throw */
    }
  };
  addEventListener('error', onWindowError, true);
  addEventListener('unhandledrejection', onRejection);
  return {
    entries: () => ring.items(),
    text: () =>
      ring
        .items()
        .map((e) => `${new Date(e.t).toISOString()} [${e.level}] ${e.text}`)
        .join('\n'),
    record,
    get dropped() {
      return ring.total - ring.size;
    },
  };
}
