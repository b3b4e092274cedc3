// A tiny typed event emitter for reporter events; a throwing listener never breaks the sync.
import type { ReporterEvent, ReporterEventType } from './types.ts';

export function createEmitter() {
  const listeners = new Map<ReporterEventType, Set<(e: ReporterEvent) => void>>();
  return {
    on(type: ReporterEventType, listener: (e: ReporterEvent) => void): () => void {
      let set = listeners.get(type);
      if (!set) {
        set = new Set();
        listeners.set(type, set);
      }
      set.add(listener);
      return () => set!.delete(listener);
    },
    emit(event: ReporterEvent): void {
      for (const listener of listeners.get(event.type) ?? []) {
        try {
          listener(event);
        } catch {
          // A UI listener's bug must not stop delivery.
        }
      }
    },
  };
}
export type Emitter = ReturnType<typeof createEmitter>;
