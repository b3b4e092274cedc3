// Device sign-in routes: the game's create and poll (JSON), the player's approval page (HTML form,
// or JSON with `Authorization: Bearer pat-…`), the grants' list and revocation, and the /__admin hook
// that approves without a browser.
import { Hono, type Context } from 'hono';
import { resolveCaller } from '../projects-auth/caller.ts';
import {
  AdminDeviceAuthApproveBody,
  DeviceAuthCreateBody,
  DeviceAuthDecisionBody,
} from '../../../../widget/src/protocol/device-auth.ts';
import type { Deps } from '../../deps.ts';
import { ServiceError } from '../../errors.ts';
import { mediaTypeOf, readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/env.ts';
import { clientIp } from '../../http/middleware.ts';
import { listDeviceGrants, revokeDeviceGrant, revokePresentedToken } from './grants.ts';
import { approvePage, resultPage } from './approve-page.ts';
import { accountOf, approverOf, createDeviceAuth, decide, pollDeviceAuth, viewDeviceAuth } from './service.ts';

const one = '/device_auth/:request_id';
const PAGE_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

export function deviceAuthRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/device_auth/create', async (c) => {
    const input = DeviceAuthCreateBody.parse(await readBody(c));
    const project = c.req.header('service-project-id') ?? c.req.header('betahub-project-id');
    const { status, pollSecret } = createDeviceAuth(deps, input, project, clientIp(c));
    // A header, so the body stays the `{status: "created"}` the Unity plugin checks; a client that sends it back
    // on each poll may poll from any address.
    return c.json({ status }, 201, { 'Device-Poll-Secret': pollSecret, 'Cache-Control': 'no-store' });
  });
  // The caller middleware covers /projects only: these resolve their credential themselves.
  const callerOf = (c: Context) => resolveCaller(deps, c.req.header('authorization'), clientIp(c));
  app.get('/device_auth/grants', async (c) => c.json(listDeviceGrants(deps, await callerOf(c))));
  app.delete('/device_auth/grants/:grant_id', async (c) =>
    c.json(revokeDeviceGrant(deps, await callerOf(c), c.req.param('grant_id'))),
  );
  app.delete('/device_auth/token', async (c) => c.json(revokePresentedToken(deps, await callerOf(c))));
  app.get(`${one}/poll`, async (c) => {
    try {
      const poller = { ip: clientIp(c), secret: c.req.header('device-poll-secret') };
      return c.json(await pollDeviceAuth(deps, c.req.param('request_id'), poller));
    } catch (error) {
      // The Unity plugin keeps polling on not_found (status line or body): answer both.
      if (error instanceof ServiceError && error.code === 'not_found')
        return c.json({ status: 'not_found', error: error.message }, 404);
      throw error;
    }
  });
  app.get(`${one}/authorize`, (c) =>
    c.html(approvePage(viewDeviceAuth(deps, c.req.param('request_id'))), 200, PAGE_HEADERS),
  );
  app.post(`${one}/authorize`, async (c) => {
    const form = !mediaTypeOf(c).includes('json');
    const body = await readBody(c);
    const { decision } = DeviceAuthDecisionBody.parse(body);
    const requestId = c.req.param('request_id');
    const typed = typeof body.personal_access_token === 'string' ? body.personal_access_token : undefined;
    try {
      const user = approverOf(deps, typed || c.req.header('authorization'));
      const view = decide(deps, requestId, user, decision);
      return form
        ? c.html(resultPage(view), 200, PAGE_HEADERS)
        : c.json({ status: view.state, user_name: view.user_name });
    } catch (error) {
      if (!form || !(error instanceof ServiceError) || error.code !== 'unauthenticated') throw error;
      return c.html(approvePage(viewDeviceAuth(deps, requestId), error.message), 401, PAGE_HEADERS);
    }
  });
  return app;
}

/** POST /__admin/device_auth/{id}/approve {user, decision?}: decide as that account, no browser. */
export function deviceAuthAdminRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/__admin/device_auth/:request_id/approve', async (c) => {
    const input = AdminDeviceAuthApproveBody.parse(await readBody(c));
    const view = decide(deps, c.req.param('request_id'), accountOf(deps, input.user), input.decision);
    return c.json({ status: view.state, user_name: view.user_name ?? undefined });
  });
  return app;
}
