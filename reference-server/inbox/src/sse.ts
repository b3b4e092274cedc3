// Follows the report event stream (GET /projects/{pid}/events, an extension). EventSource cannot
// send an Authorization header, so this reads text/event-stream from fetch and reconnects with
// Last-Event-ID after a drop (https://html.spec.whatwg.org/multipage/server-sent-events.html).

export interface StreamEvent {
  event: string;
  data: string;
  id?: string;
}

export type StreamState = 'connecting' | 'live' | 'offline' | 'refused';

export interface FollowOptions {
  url: string;
  headers: Record<string, string>;
  onEvent(event: StreamEvent): void;
  onState(state: StreamState, detail?: string): void;
}

/** Splits a text/event-stream into events; fed chunk by chunk. */
export function createEventParser(emit: (event: StreamEvent) => void) {
  let buffer = '';
  let event = 'message';
  let data: string[] = [];
  let id: string | undefined;
  return (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') {
        if (data.length) emit({ event, data: data.join('\n'), id });
        event = 'message';
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') id = value;
    }
  };
}

/** Connects and keeps reconnecting until the returned stop() is called. */
export function followEvents(options: FollowOptions): () => void {
  const controller = new AbortController();
  let lastId: string | undefined;
  let delay = 1000;
  const run = async () => {
    while (!controller.signal.aborted) {
      options.onState('connecting');
      try {
        const headers = { ...options.headers, Accept: 'text/event-stream' } as Record<string, string>;
        if (lastId) headers['Last-Event-ID'] = lastId;
        const response = await fetch(options.url, { headers, signal: controller.signal, cache: 'no-store' });
        if (!response.ok || !response.body) {
          let detail = `${response.status}`;
          try {
            detail = ((await response.json()) as { error: string }).error ?? detail;
          } catch {
            /* keep the status */
          }
          if (response.status >= 400 && response.status < 500) return options.onState('refused', detail);
          throw new Error(detail);
        }
        options.onState('live');
        delay = 1000;
        const parse = createEventParser((event) => {
          if (event.id) lastId = event.id;
          options.onEvent(event);
        });
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          parse(value);
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      options.onState('offline');
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 15_000);
    }
  };
  void run();
  return () => controller.abort();
}
