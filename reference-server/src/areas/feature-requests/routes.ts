// Feature request routes (docs/api-choices.md#operation-paths): list, create, search (GET and POST), show, publish,
// set contact info, and the files of a request. Path ids are `<scoped>`, `fr-<scoped>` or
// `g-<id>`; the pattern keeps `/search` out of the `{id}` routes.
import { Hono, type Context } from 'hono';
import {
  FeatureRequestCreateBody,
  FeatureRequestListQuery,
  FeatureRequestSearchParams,
} from '../../../../widget/src/protocol/feature-requests.ts';
import type { Deps } from '../../deps.ts';
import { encodingOf, readBody, readQuery } from '../../http/body.ts';
import { strictFileParts } from '../../http/strict-bodies.ts';
import type { AppEnv } from '../../http/env.ts';
import { serveUserFile } from '../../http/user-content.ts';
import { notFound } from '../../errors.ts';
import { storageFor } from '../../storage/storage.ts';
import { assertMayCreateFeatureRequest, createFeatureRequest } from './create.ts';
import { withIdempotencyKey } from '../../http/idempotency.ts';
import { searchFeatureRequests } from './search.ts';
import { MAX_UPLOAD_BODY_BYTES, UPLOAD_FILE_LIMITS } from '../../storage/attached-files.ts';
import {
  listFeatureRequests,
  publishFeatureRequest,
  readFeatureRequestFile,
  setFeatureRequestContactInfo,
  showFeatureRequest,
} from './service.ts';

const base = '/projects/:project_id/feature_requests';
const one = `${base}/:id{(?:fr-|g-)?[0-9]+}`;

export function featureRequestRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get(base, (c) =>
    c.json(listFeatureRequests(deps, c.get('caller'), c.get('project'), FeatureRequestListQuery.parse(readQuery(c)))),
  );

  app.post(base, async (c) => {
    const caller = c.get('caller');
    const project = c.get('project');
    assertMayCreateFeatureRequest(deps, caller, project);
    const body = await readBody(c, { maxBytes: MAX_UPLOAD_BODY_BYTES, files: UPLOAD_FILE_LIMITS });
    // Screenshots and clips among the files are typed by their bytes, as issue media: a wrong label is noted.
    await strictFileParts(c, 'feature_request[files][]', (body.feature_request as { files?: unknown })?.files);
    const result = await withIdempotencyKey(
      deps,
      caller,
      `feature_request.create:${project.id}`,
      c.req.header('idempotency-key'),
      body,
      async () => ({
        status: 201,
        body: await createFeatureRequest(deps, caller, project, FeatureRequestCreateBody.parse(body), encodingOf(c)),
      }),
    );
    return c.json(result.body as object, result.status as 201);
  });

  const search = (params: unknown, c: Context<AppEnv>) =>
    c.json(searchFeatureRequests(deps, c.get('caller'), c.get('project'), FeatureRequestSearchParams.parse(params)));
  app.get(`${base}/search`, (c) => search(readQuery(c), c));
  app.post(`${base}/search`, async (c) => search({ ...readQuery(c), ...(await readBody(c)) }, c));

  app.get(one, (c) => c.json(showFeatureRequest(deps, c.get('caller'), c.get('project'), c.req.param('id'))));

  app.post(`${one}/publish`, (c) =>
    c.json(publishFeatureRequest(deps, c.get('caller'), c.get('project'), c.req.param('id'))),
  );

  app.post(`${one}/set_contact_info`, async (c) => {
    const body = { ...readQuery(c), ...(await readBody(c)) };
    return c.json(setFeatureRequestContactInfo(deps, c.get('caller'), c.get('project'), c.req.param('id'), body));
  });

  app.get(`${one}/files/:file_id{[0-9]+}`, async (c) => {
    const file = readFeatureRequestFile(
      deps,
      c.get('caller'),
      c.get('project'),
      c.req.param('id'),
      Number(c.req.param('file_id')),
    );
    const response = await serveUserFile(c, storageFor(deps), file, { cacheControl: 'private, no-cache' });
    if (!response) throw notFound("The file's bytes are gone.");
    return response;
  });

  return app;
}
