// Shared set-up of the direct-upload conformance files: one server per file with the standard seed, the project
// token and developer callers, and step 1 of the direct upload (presigned_upload) on that server.
import { server } from '../../helpers/file-server.ts';
import { PATS, TOKENS } from '../../helpers/seed.ts';

export { server, serveFile as serveMedia } from '../../helpers/file-server.ts';

export const TOKEN = `FormUser ${TOKENS.all}`;
export const DEV = `Bearer ${PATS.developer}`;

export async function presign(path: string, media: string, body: unknown, auth = TOKEN) {
  return server.request('POST', `${path}/${media}/presigned_upload`, { auth, json: body });
}
