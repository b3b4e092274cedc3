// Issue routes (docs/api-choices.md#operation-paths): list, create, show, update, publish, contact info, ask for
// details, archive. Thin: read the body or query, find the issue the caller may see, call a
// service, answer. The id param is constrained so /issues/search belongs to the search area.
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { Deps } from '../../deps.ts';
import { mediaTypeOf, readBody, readQuery } from '../../http/body.ts';
import type { AppEnv } from '../../http/env.ts';
import { askForDetails, setContactInfo, setReporterEmail } from './contact.ts';
import { createIssue, type BodyEncoding } from './create.ts';
import { listIssueAnswer } from './list.ts';
import { publishIssue } from './publish.ts';
import { renderIssue } from './render.ts';
import { setArchived, updateIssue } from './update.ts';
import { findVisibleIssue } from './visibility.ts';
import { withIdempotencyKey } from '../../http/idempotency.ts';
import { queryTextOf, sendJsonAnswer } from '../../http/json-answer.ts';

const base = '/projects/:project_id/issues';
const one = `${base}/:issue_id{(?:g-[0-9]+|[0-9]+)}`;

/** Issue create bodies may carry inline logs and a debug trace; multipart may carry files. */
const CREATE_BODY_MAX = 64 * 1024 * 1024;

const encodingOf = (c: Context): BodyEncoding => (mediaTypeOf(c).includes('json') ? 'json' : 'form');

/** The issue of the path, or 404 when it does not exist or the caller may not see it. */
function issueOf(deps: Deps, c: Context<AppEnv>) {
  return findVisibleIssue(deps, c.get('caller'), c.get('project'), c.req.param('issue_id') ?? '');
}

export function issueRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get(base, (c) =>
    sendJsonAnswer(c, listIssueAnswer(deps, c.get('caller'), c.get('project'), readQuery(c), queryTextOf(c))),
  );
  app.post(base, async (c) => {
    const body = await readBody(c, { maxBytes: CREATE_BODY_MAX });
    const caller = c.get('caller');
    const answer = await withIdempotencyKey(
      deps,
      caller,
      `issue.create:${c.get('project').id}`,
      c.req.header('idempotency-key'),
      body,
      async () => ({
        status: 201,
        body: await createIssue(deps, caller, c.get('project'), body, encodingOf(c)),
      }),
    );
    return c.json(answer.body as object, answer.status as 201);
  });
  app.get(one, (c) => c.json(renderIssue(deps, c.get('caller'), c.get('project'), issueOf(deps, c))));
  app.on(['PATCH', 'PUT'], one, async (c) => {
    const issue = issueOf(deps, c);
    return c.json(updateIssue(deps, c.get('caller'), c.get('project'), issue, await readBody(c), encodingOf(c)));
  });
  app.post(`${one}/publish`, async (c) => {
    const issue = issueOf(deps, c);
    return c.json(publishIssue(deps, c.get('caller'), c.get('project'), issue, await readBody(c)));
  });
  app.post(`${one}/set_contact_info`, async (c) => {
    const issue = issueOf(deps, c);
    return c.json(setContactInfo(deps, c.get('caller'), c.get('project'), issue, await readBody(c)));
  });
  app.post(`${one}/set_reporter_email`, async (c) => {
    const issue = issueOf(deps, c);
    return c.json(setReporterEmail(deps, c.get('caller'), c.get('project'), issue, await readBody(c)));
  });
  app.post(`${one}/ask_for_details`, async (c) => {
    const issue = issueOf(deps, c);
    return c.json(askForDetails(deps, c.get('caller'), c.get('project'), issue, await readBody(c)));
  });
  app.post(`${one}/archive`, (c) =>
    c.json(setArchived(deps, c.get('caller'), c.get('project'), issueOf(deps, c), true)),
  );
  app.post(`${one}/unarchive`, (c) =>
    c.json(setArchived(deps, c.get('caller'), c.get('project'), issueOf(deps, c), false)),
  );
  return app;
}
