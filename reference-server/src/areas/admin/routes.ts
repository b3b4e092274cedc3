// The /__admin test surface (decisions §6): reset, fixtures, clock, jobs, notifications.
// Mounted unless --no-admin, and refused from any address that is not loopback.
import { Hono } from 'hono';
import { ClockRequest, type NotificationList, type NotificationRecord } from '../../../../widget/src/protocol/fixtures.ts';
import { parseDuration } from '../../clock.ts';
import { resetDatabase } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { forbidden, unprocessable } from '../../errors.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/env.ts';
import { clientIp, isLoopback } from '../../http/middleware.ts';
import { listNotifications } from './repository.ts';
import { putClockOffset } from '../../db/settings.ts';
import { loadFixtures } from './fixtures.ts';

/** The largest time a JavaScript Date holds (ECMA-262 §21.4.1.1). */
const MAX_CLOCK_MS = 8.64e15;

export function adminRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('/__admin/*', async (c, next) => {
    if (!isLoopback(clientIp(c))) throw forbidden('The /__admin test surface answers loopback addresses only.');
    await next();
  });
  app.post('/__admin/reset', async (c) => {
    resetDatabase(deps.db);
    // Areas that keep state outside the database (search indexes, stored files) forget it.
    for (const area of deps.areas) await area.reset?.(deps);
    return c.json({ success: true });
  });
  app.post('/__admin/fixtures', async (c) => c.json(loadFixtures(deps, await readBody(c, { maxBytes: 64 * 1024 * 1024 })), 201));
  app.post('/__admin/clock', async (c) => {
    const request = ClockRequest.parse(await readBody(c));
    const target = 'advance' in request ? deps.clock.now().getTime() + parseDuration(request.advance)! : Date.parse(request.set);
    // A clock past what a Date can hold would make every later timestamp throw (a 500 forever).
    if (!Number.isFinite(target) || Math.abs(target) > MAX_CLOCK_MS) throw unprocessable('The clock cannot be moved past the year 275760.');
    deps.clock.set(new Date(target));
    putClockOffset(deps.db, deps.clock.offset());
    return c.json({ now: deps.clock.now().toISOString() });
  });
  app.get('/__admin/clock', (c) => c.json({ now: deps.clock.now().toISOString() }));
  app.post('/__admin/jobs/run', async (c) => c.json({ ran: await deps.jobs.runDue() }));
  app.get('/__admin/notifications', (c) => c.json<NotificationList>({
    notifications: listNotifications(deps.db).map((n): NotificationRecord => ({
      id: n.id, kind: n.kind, event: n.event, project_id: n.project_id, recipient_user_id: n.recipient_user_id,
      recipient_email: n.recipient_email, subject: n.subject, body: n.body, data: JSON.parse(n.data), created_at: n.created_at,
    })),
  }));
  return app;
}
