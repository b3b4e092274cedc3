// Playtime session routes (docs/api-choices.md#operation-paths): create, heartbeat (PUT or PATCH), and the team read.
import { Hono } from 'hono';
import { PlaytimeSessionCreateBody, PlaytimeSessionUpdateBody } from '../../../../widget/src/protocol/playtime.ts';
import type { Deps } from '../../deps.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/env.ts';
import { createPlaytimeSession, heartbeatPlaytimeSession, showPlaytimeSession } from './sessions.ts';

const base = '/projects/:project_id/playtime_sessions';

export function playtimeRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post(base, async (c) => {
    const body = PlaytimeSessionCreateBody.parse(await readBody(c));
    return c.json(createPlaytimeSession(deps, c.get('caller'), c.get('project'), body), 201);
  });
  app.on(['PUT', 'PATCH'], `${base}/:playtime_session_id`, async (c) => {
    const body = PlaytimeSessionUpdateBody.parse(await readBody(c));
    return c.json(heartbeatPlaytimeSession(deps, c.get('project'), c.req.param('playtime_session_id'), body));
  });
  app.get(`${base}/:playtime_session_id`, (c) =>
    c.json(showPlaytimeSession(deps, c.get('caller'), c.get('project'), c.req.param('playtime_session_id'))),
  );
  return app;
}
