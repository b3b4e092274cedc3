// Public widget events (open, close, submit, queued, sent, rejected, error, known); a throwing game
// listener never breaks the widget.
import type { ReportInput } from '../core/types.ts';

export interface GlitchboxEvent {
  /** The overlay is showing: pause the game. */
  open: Record<string, never>;
  /** The overlay is gone and focus is back on the canvas: resume. */
  close: Record<string, never>;
  /** A report passed beforeSend and is being stored. */
  submit: { report: ReportInput };
  /** A report is stored on this device and waits for delivery. */
  queued: { id: string };
  sent: { id: string; url?: string };
  rejected: { id: string; reason?: string; status?: number };
  /** An uncaught error or unhandled rejection was captured. */
  error: { message: string; detail: string };
  /** The player found their problem among the reports already made and closed without sending: thank them. */
  known: { kind: 'bug' | 'suggestion'; id: string; title: string; status: string };
}

export function createEmitter() {
  // Each type's set holds only listeners of that type; `never` admits a listener of any one of them.
  const map = new Map<string, Set<(e: never) => void>>();
  return {
    on<K extends keyof GlitchboxEvent>(type: K, fn: (e: GlitchboxEvent[K]) => void): () => void {
      if (!map.has(type)) map.set(type, new Set());
      map.get(type)!.add(fn);
      return () => map.get(type)?.delete(fn);
    },
    off<K extends keyof GlitchboxEvent>(type: K, fn: (e: GlitchboxEvent[K]) => void): void {
      map.get(type)?.delete(fn);
    },
    emit<K extends keyof GlitchboxEvent>(type: K, e: GlitchboxEvent[K]): void {
      for (const fn of map.get(type) ?? [])
        try {
          (fn as (e: GlitchboxEvent[K]) => void)(e);
        } catch {
          /* the game's listener */
        }
    },
  };
}
