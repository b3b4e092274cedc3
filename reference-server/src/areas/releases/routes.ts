// Release routes (docs/api-choices.md#operation-paths): list, create, show, update, delete, download info, publish,
// archive, restore. Thin: validate with the protocol schemas, call the service, answer.
import { Hono } from 'hono';
import {
  RELEASE_LIMITS,
  ReleaseCreateBody,
  ReleaseDownloadQuery,
  ReleaseListQuery,
  ReleaseUpdateBody,
} from '../../../../widget/src/protocol/releases.ts';
import type { Deps } from '../../deps.ts';
import { readBody, readQuery } from '../../http/body.ts';
import type { AppEnv } from '../../http/env.ts';
import { assertCanManageReleases } from './access.ts';
import { releaseDownload } from './downloads.ts';
import { archiveRelease, deleteRelease, publishRelease, restoreRelease } from './transitions.ts';
import { createRelease, listReleases, showRelease, updateRelease } from './releases.ts';

/** Release bodies may carry attachments (20 files of up to 50 MB). */
const RELEASE_BODY_MAX = 1024 * 1024 * 1024;
/** Each file is refused (413) at its 50 MB + 1st byte, while it streams. */
const RELEASE_FILE_LIMITS = { maxBytes: () => RELEASE_LIMITS.attachmentBytes, maxFiles: RELEASE_LIMITS.attachments };
const base = '/projects/:project_id/releases';

export function releaseRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get(base, (c) =>
    c.json(listReleases(deps, c.get('caller'), c.get('project'), ReleaseListQuery.parse(readQuery(c)))),
  );
  app.post(base, async (c) => {
    assertCanManageReleases(deps, c.get('caller'), c.get('project'));
    const body = ReleaseCreateBody.parse(await readBody(c, { maxBytes: RELEASE_BODY_MAX, files: RELEASE_FILE_LIMITS }));
    return c.json(await createRelease(deps, c.get('caller'), c.get('project'), body), 201);
  });
  app.get(`${base}/:release_id`, (c) =>
    c.json(showRelease(deps, c.get('caller'), c.get('project'), c.req.param('release_id'))),
  );
  app.on(['PATCH', 'PUT'], `${base}/:release_id`, async (c) => {
    assertCanManageReleases(deps, c.get('caller'), c.get('project'));
    const body = ReleaseUpdateBody.parse(await readBody(c, { maxBytes: RELEASE_BODY_MAX, files: RELEASE_FILE_LIMITS }));
    return c.json(await updateRelease(deps, c.get('caller'), c.get('project'), c.req.param('release_id'), body));
  });
  app.delete(`${base}/:release_id`, async (c) =>
    c.json(await deleteRelease(deps, c.get('caller'), c.get('project'), c.req.param('release_id'))),
  );
  app.get(`${base}/:release_id/download`, (c) => {
    const answer = releaseDownload(
      deps,
      c.get('caller'),
      c.get('project'),
      c.req.param('release_id'),
      ReleaseDownloadQuery.parse(readQuery(c)),
    );
    return 'redirect' in answer ? c.redirect(answer.redirect, 302) : c.json(answer.info);
  });
  app.post(`${base}/:release_id/publish`, (c) =>
    c.json(publishRelease(deps, c.get('caller'), c.get('project'), c.req.param('release_id'))),
  );
  app.post(`${base}/:release_id/archive`, (c) =>
    c.json(archiveRelease(deps, c.get('caller'), c.get('project'), c.req.param('release_id'))),
  );
  app.post(`${base}/:release_id/restore`, (c) =>
    c.json(restoreRelease(deps, c.get('caller'), c.get('project'), c.req.param('release_id'))),
  );
  return app;
}
