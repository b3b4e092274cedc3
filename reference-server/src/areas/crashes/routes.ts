// Crash reports (docs/api-choices.md#operation-paths): POST /crashes/unreal/{token}, outside /projects because the
// CrashReportClient only knows a URL. The body is the raw compressed container, read with a cap.
import { Hono } from 'hono';
import type { Deps } from '../../deps.ts';
import { payloadTooLarge } from '../../errors.ts';
import type { AppEnv } from '../../http/env.ts';
import { clientIp } from '../../http/middleware.ts';
import { reportUnrealCrash } from './reports.ts';

/**
 * A compressed upload above this is refused before it is read whole (docs/api-choices.md#error-bodies-and-statuses:
 * 413).
 */
export const MAX_CRASH_UPLOAD_BYTES = 100 * 1024 * 1024;

async function readCapped(request: Request, max: number): Promise<Uint8Array> {
  if (Number(request.headers.get('content-length') ?? '0') > max)
    throw payloadTooLarge(`A crash report upload is at most ${max / 1024 / 1024} MB.`);
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > max) throw payloadTooLarge(`A crash report upload is at most ${max / 1024 / 1024} MB.`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export function crashRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/crashes/unreal/:token', async (c) => {
    const body = await readCapped(c.req.raw, MAX_CRASH_UPLOAD_BYTES);
    return c.json(
      await reportUnrealCrash(deps, {
        token: c.req.param('token'),
        ip: clientIp(c),
        body,
        appVersion: c.req.query('AppVersion'),
      }),
      201,
    );
  });
  return app;
}
