// GET /__admin/conformance: the report as JSON, or as a page for a browser (Accept: text/html);
// DELETE empties it. Mounted with the rest of /__admin (loopback only).
import { Hono } from 'hono';
import type { ConformanceRecorder } from '../../http/conformance-recorder.ts';
import type { AppEnv } from '../../http/env.ts';
import { conformancePage } from './page.ts';

export function conformanceRoutes(recorder: ConformanceRecorder) {
  const app = new Hono<AppEnv>();
  app.get('/__admin/conformance', (c) => {
    const report = recorder.report();
    const wantsPage =
      c.req.query('format') === 'html' ||
      (c.req.query('format') !== 'json' &&
        !new URL(c.req.url).pathname.endsWith('.json') &&
        (c.req.header('accept') ?? '').includes('text/html'));
    return wantsPage ? c.html(conformancePage(report)) : c.json(report);
  });
  app.delete('/__admin/conformance', (c) => {
    recorder.clear();
    return c.json({ success: true });
  });
  return app;
}
