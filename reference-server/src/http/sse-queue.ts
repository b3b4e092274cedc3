// A bounded writer for a Server-Sent Events stream: messages go out one after another, and a
// client that does not take them is dropped (its socket destroyed) rather than having them
// buffered for it without end (docs/security.md#caps-and-limits).
import type { ServerResponse } from 'node:http';
import type { SSEMessage, SSEStreamingApi } from 'hono/streaming';

export interface SseLimits {
  /** Messages queued but not yet taken by the client; one more drops it. */
  maxPending: number;
  /** How long drained() waits for the client to take what was queued before dropping it. */
  drainTimeoutMs: number;
}

export interface SseQueue {
  send(message: SSEMessage): void;
  /** A `: <text>` comment line (keep-alive). */
  comment(text: string): void;
  /** Resolves true once the client took everything queued; false (and the client dropped) if it did not in time. */
  drained(): Promise<boolean>;
  /** Called once when the client is dropped. */
  onDrop(listener: () => void): void;
}

export function createSseQueue(
  stream: SSEStreamingApi,
  outgoing: ServerResponse | undefined,
  limits: SseLimits,
): SseQueue {
  let chain: Promise<unknown> = Promise.resolve();
  let pending = 0;
  const listeners: Array<() => void> = [];
  const drop = () => {
    if (stream.aborted) return;
    for (const listener of listeners) listener();
    outgoing?.destroy();
    stream.abort();
  };
  const enqueue = (write: () => Promise<unknown>) => {
    if (stream.aborted) return;
    if (pending >= limits.maxPending) return drop();
    pending += 1;
    chain = chain
      .then(write)
      .catch(() => undefined)
      .finally(() => {
        pending -= 1;
      });
  };
  return {
    send: (message) => enqueue(() => stream.writeSSE(message)),
    comment: (text) => enqueue(() => stream.write(`: ${text}\n\n`)),
    async drained() {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), limits.drainTimeoutMs);
      });
      const taken = await Promise.race([chain.then(() => true), late]);
      clearTimeout(timer);
      if (!taken) drop();
      return taken && !stream.aborted;
    },
    onDrop: (listener) => {
      listeners.push(listener);
    },
  };
}
