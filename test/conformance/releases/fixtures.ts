// Shared set-up of the release conformance files: a server reseeded before every test (the releases' ids kept from
// each seed), the releases path, the callers, the notifications sent, a row count and the create call.
import { stmt } from '../../../reference-server/src/db/database.ts';
import { PATS, PROJECT_ID } from '../../helpers/seed.ts';
import { serveReseeded, server } from '../../helpers/file-server.ts';

export { reseed, server } from '../../helpers/file-server.ts';

/** The ids of the releases the latest seed loaded, by label (a live binding, as `server`). */
export let ids: Record<string, string>;

/** Starts the file's server and reseeds it before every test, keeping the releases' ids. */
export function serveReleases(): void {
  serveReseeded((result) => {
    ids = result.releases;
  });
}

export const base = `/projects/${PROJECT_ID}/releases`;
export const as = (who: keyof typeof PATS) => `Bearer ${PATS[who]}`;
export const DEV = as('developer');
export const notifications = async () =>
  (await server.request('GET', '/__admin/notifications')).body.notifications as Array<{
    event: string;
    recipient_user_id: number;
    data: Record<string, unknown>;
  }>;
export const count = (sql: string, ...params: unknown[]) =>
  stmt(server.deps.db, sql)
    .pluck()
    .get(...params) as number;

export async function create(json: unknown, auth = DEV) {
  return server.request('POST', `${base}.json`, { auth, json });
}
