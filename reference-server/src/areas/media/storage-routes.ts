// The storage emulator's two unauthenticated endpoints (docs/api-choices.md#storage-and-media-urls):
// the direct-upload PUT, streamed straight from the socket, and the CDN GET through the one
// user-content path (http/user-content.ts, see docs/security.md).
import { Hono } from 'hono';
import { bodyStream } from '../../http/body.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import type { AppEnv } from '../../http/env.ts';
import { serveUserFile } from '../../http/user-content.ts';
import { findServableObject } from './cdn.ts';
import { receiveDirectUpload } from './direct.ts';
import { storageFor } from '../../storage/storage.ts';

export function storageRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.put('/storage/direct/:key', async (c) => {
    const { etag } = await receiveDirectUpload(
      deps,
      c.req.param('key'),
      {
        contentType: c.req.header('content-type'),
        contentMd5: c.req.header('content-md5'),
        contentLength: c.req.header('content-length'),
      },
      bodyStream(c),
    );
    return c.body(null, 200, { ETag: etag });
  });

  app.get('/cdn/:key', async (c) => {
    const { blob } = await findServableObject(deps, c.req.param('key'));
    const response = await serveUserFile(c, storageFor(deps), blob, { download: c.req.query('download') });
    if (!response) throw notFound('No such object.');
    return response;
  });
  return app;
}
