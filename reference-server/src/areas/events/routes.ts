// GET /projects/{project_id}/events: the report event stream (extension, text/event-stream).
// `since` or a reconnecting client's Last-Event-ID replays earlier changes before the live ones.
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { ReportEventsQuery } from '../../../../widget/src/protocol/events.ts';
import type { Deps } from '../../deps.ts';
import { readQuery } from '../../http/body.ts';
import type { AppEnv } from '../../http/env.ts';
import { assertCanFollowEvents, openReportFeed, type FeedMessage } from './stream.ts';

const KEEP_ALIVE_MS = 15_000;

export function eventRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/projects/:project_id/events', (c) => {
    const project = c.get('project');
    assertCanFollowEvents(deps, c.get('caller'), project);
    const query = ReportEventsQuery.parse(readQuery(c));
    const lastEventId = c.req.header('last-event-id');
    const since = query.since ?? (lastEventId && !Number.isNaN(Date.parse(lastEventId)) ? lastEventId : undefined);
    return streamSSE(c, async (stream) => {
      let chain = stream.writeSSE({ event: 'ready', data: JSON.stringify({ project_id: project.public_id }), retry: 2000 });
      const send = (message: FeedMessage) => {
        chain = chain.then(() => stream.writeSSE({ event: message.event, data: JSON.stringify(message.data), id: message.id })).catch(() => undefined);
      };
      const feed = openReportFeed(deps, project, { since, replay: query.replay }, send);
      stream.onAbort(() => feed.close());
      try {
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
