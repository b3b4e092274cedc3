// The /__admin test surface (docs/api-choices.md#admin-surface): reset, fixtures, clock, jobs, notifications.
// Mounted unless --no-admin; private to the machine (app.ts guards every /__admin path, http/private-surface.ts).
import { Hono } from 'hono';
import { ClockRequest, type NotificationList } from '../../../../widget/src/protocol/fixtures.ts';
import type { Deps } from '../../deps.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/env.ts';
import { loadFixtures } from './fixtures.ts';
import { listNotificationRecords } from '../notifications/notify.ts';
import { moveClock, resetServer } from './server-state.ts';

export function adminRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/__admin/reset', async (c) => {
    await resetServer(deps);
    return c.json({ success: true });
  });
  app.post('/__admin/fixtures', async (c) =>
    c.json(loadFixtures(deps, await readBody(c, { maxBytes: 64 * 1024 * 1024, maxTextBytes: 64 * 1024 * 1024 })), 201),
  );
  app.post('/__admin/clock', async (c) => {
    const now = moveClock(deps, ClockRequest.parse(await readBody(c)));
    return c.json({ now: now.toISOString() });
  });
  app.get('/__admin/clock', (c) => c.json({ now: deps.clock.now().toISOString() }));
  app.post('/__admin/jobs/run', async (c) => c.json({ ran: await deps.jobs.runDue() }));
  app.get('/__admin/notifications', (c) => c.json<NotificationList>({ notifications: listNotificationRecords(deps) }));
  return app;
}
