// GET /projects/{project_id}/events: the report event stream (extension, text/event-stream).
// `since` or a reconnecting client's Last-Event-ID replays earlier changes before the live ones,
// a capped page at a time; a client that stops reading is dropped rather than buffered.
import type { ServerResponse } from 'node:http';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { ReportEventsQuery } from '../../../../widget/src/protocol/events.ts';
import type { Deps } from '../../deps.ts';
import { readQuery } from '../../http/body.ts';
import type { AppEnv } from '../../http/env.ts';
import { createSseQueue } from '../../http/sse-queue.ts';
import { assertCanFollowEvents, openReportFeed, toReplayCursor, type FeedMessage } from './stream.ts';

const KEEP_ALIVE_MS = 15_000;
/** Unwritten messages before a client is dropped, and how long a replay page waits for the client. */
const LIMITS = { maxPending: 1000, drainTimeoutMs: 5_000 };

export function eventRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/projects/:project_id/events', (c) => {
    const project = c.get('project');
    assertCanFollowEvents(deps, c.get('caller'), project);
    const query = ReportEventsQuery.parse(readQuery(c));
    // A reconnecting client resumes where it was (Last-Event-ID wins over the since of its URL).
    const lastEventId = c.req.header('last-event-id');
    const since = lastEventId && toReplayCursor(lastEventId) ? lastEventId : query.since;
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    return streamSSE(c, async (stream) => {
      const queue = createSseQueue(stream, outgoing, LIMITS);
      queue.send({ event: 'ready', data: JSON.stringify({ project_id: project.public_id }), retry: 2000 });
      const send = (message: FeedMessage) => {
        queue.send({ event: message.event, data: JSON.stringify(message.data), id: message.id });
      };
      const feed = openReportFeed(deps, project, { since, replay: query.replay, drained: () => queue.drained() }, send);
      queue.onDrop(() => feed.close());
      stream.onAbort(() => feed.close());
      try {
        // A replay stopped at its cap ends the stream: the client reconnects with the last id and goes on.
        if ((await feed.replayed).more) {
          await queue.drained();
          return;
        }
        while (!stream.aborted && !stream.closed) {
          await stream.sleep(KEEP_ALIVE_MS);
          queue.comment('keep-alive');
        }
      } finally {
        feed.close();
      }
    });
  });
  return app;
}
