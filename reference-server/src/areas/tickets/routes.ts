// Support ticket routes (docs/api-choices.md#operation-paths): create, search (GET and POST), show, update (PATCH or
// PUT) and an attachment's bytes. Path ids are `<scoped>` or `g-<id>`; the pattern keeps
// `/search` out of the `{id}` routes.
import { Hono, type Context } from 'hono';
import { TicketCreateBody, TicketSearchParams } from '../../../../widget/src/protocol/tickets.ts';
import type { Deps } from '../../deps.ts';
import { encodingOf, readBody, readQuery } from '../../http/body.ts';
import type { AppEnv } from '../../http/env.ts';
import { serveUserFile } from '../../http/user-content.ts';
import { notFound } from '../../errors.ts';
import { storageFor } from '../../storage/storage.ts';
import { withIdempotencyKey } from '../../http/idempotency.ts';
import { MAX_UPLOAD_BODY_BYTES, UPLOAD_FILE_LIMITS } from '../../storage/attached-files.ts';
import { assertMayCreateTicket, createTicket } from './create.ts';
import { readTicketAttachment, searchTickets, showTicket, updateTicket } from './service.ts';

const base = '/projects/:project_id/tickets';
const one = `${base}/:id{(?:g-)?[0-9]+}`;

export function ticketRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.post(base, async (c) => {
    const caller = c.get('caller');
    const project = c.get('project');
    assertMayCreateTicket(caller, project);
    const body = await readBody(c, { maxBytes: MAX_UPLOAD_BODY_BYTES, files: UPLOAD_FILE_LIMITS });
    const result = await withIdempotencyKey(
      deps,
      caller,
      `ticket.create:${project.id}`,
      c.req.header('idempotency-key'),
      body,
      async () => ({
        status: 201,
        body: await createTicket(deps, caller, project, TicketCreateBody.parse(body), encodingOf(c)),
      }),
    );
    return c.json(result.body as object, result.status as 201);
  });

  const search = (params: unknown, c: Context<AppEnv>) =>
    c.json(searchTickets(deps, c.get('caller'), c.get('project'), TicketSearchParams.parse(params)));
  app.get(`${base}/search`, (c) => search(readQuery(c), c));
  app.post(`${base}/search`, async (c) => search({ ...readQuery(c), ...(await readBody(c)) }, c));

  app.get(one, (c) => c.json(showTicket(deps, c.get('caller'), c.get('project'), c.req.param('id'))));

  const update = async (c: Context<AppEnv>) => {
    const body = await readBody(c, { maxBytes: MAX_UPLOAD_BODY_BYTES, files: UPLOAD_FILE_LIMITS });
    return c.json(await updateTicket(deps, c.get('caller'), c.get('project'), c.req.param('id')!, body));
  };
  app.patch(one, update);
  app.put(one, update);

  app.get(`${one}/attachments/:attachment_id{[0-9]+}`, async (c) => {
    const file = readTicketAttachment(
      deps,
      c.get('caller'),
      c.get('project'),
      c.req.param('id'),
      Number(c.req.param('attachment_id')),
    );
    const response = await serveUserFile(c, storageFor(deps), file, { cacheControl: 'private, no-cache' });
    if (!response) throw notFound("The attachment's bytes are gone.");
    return response;
  });

  return app;
}
