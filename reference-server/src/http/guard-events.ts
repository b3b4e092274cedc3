// Listeners of a request's streams that cannot end the process: a throw inside one (a malformed part
// no handler foresaw) is handed to the request's own failure path, which answers it, instead of
// escaping as an uncaught exception.
import type { EventEmitter } from 'node:events';

/**
 * An `on(emitter, event, listener)` whose listeners pass whatever they throw to `fail`. An error that is not a
 * ServiceError reaches the error mapper as is: a logged 500 for this request, the server keeps serving.
 */
export function guardEvents(fail: (error: unknown) => void) {
  return <A extends unknown[]>(emitter: EventEmitter, event: string, listener: (...args: A) => void): void => {
    emitter.on(event, (...args: unknown[]) => {
      try {
        listener(...(args as A));
      } catch (error) {
        fail(error);
      }
    });
  };
}
