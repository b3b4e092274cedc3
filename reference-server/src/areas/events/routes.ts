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
import { assertCanFollowEvents, openReportFeed, toReplayCursor, type FeedMessage, type ReportFeed } from './stream.ts';

const KEEP_ALIVE_MS = 15_000;
/** Messages written but not yet taken by the client; past this the client is dropped. */
const MAX_PENDING = 1000;
/** How long a replay page may wait for the client to take the previous one. */
const DRAIN_TIMEOUT_MS = 5_000;

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
      let chain = stream.writeSSE({ event: 'ready', data: JSON.stringify({ project_id: project.public_id }), retry: 2000 });
      let pending = 0;
      let feed: ReportFeed | undefined;
      // A client that does not read is cut off: its socket is destroyed, nothing more is queued.
      const drop = () => {
        feed?.close();
        outgoing?.destroy();
        stream.abort();
      };
      const send = (message: FeedMessage) => {
        if (stream.aborted) return;
        if (pending >= MAX_PENDING) return drop();
        pending += 1;
        const sse = { event: message.event, data: JSON.stringify(message.data), id: message.id };
        chain = chain.then(() => stream.writeSSE(sse)).catch(() => undefined).finally(() => { pending -= 1; });
      };
      const drained = async () => {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), DRAIN_TIMEOUT_MS); });
        const taken = await Promise.race([chain.then(() => true), late]);
        clearTimeout(timer);
        if (!taken) drop();
        return taken && !stream.aborted;
      };
      feed = openReportFeed(deps, project, { since, replay: query.replay, drained }, send);
      stream.onAbort(() => feed?.close());
      try {
        // A replay stopped at its cap ends the stream: the client reconnects with the last id and goes on.
        if ((await feed.replayed).more) {
          await chain;
          return;
        }
        while (!stream.aborted && !stream.closed) {
          await stream.sleep(KEEP_ALIVE_MS);
          if (!stream.aborted) chain = chain.then(async () => { await stream.write(': keep-alive\n\n'); }).catch(() => undefined);
        }
      } finally {
        feed.close();
      }
    });
  });
  return app;
}
