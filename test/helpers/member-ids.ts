// A user's ids read over the API, so that a test needing them runs against any server: the integer id from the
// project detail's members (docs/api/projects-auth.md#project-detail-extensions) and the usr- id from /auth/verify.
import { PATS, PROJECT_ID } from './seed.ts';
import type { TestServer } from './server.ts';

/** The integer id of the member of `project` named `name`, as its owner reads the project detail. */
export async function memberId(server: TestServer, name: string, project = PROJECT_ID): Promise<number> {
  const r = await server.request('GET', `/projects/${project}.json`, { auth: `Bearer ${PATS.owner}` });
  const member = (r.body.members as Array<{ id: number; name: string }> | undefined)?.find((m) => m.name === name);
  if (!member) throw new Error(`no member named ${name} in ${project}: ${r.status} ${JSON.stringify(r.body)}`);
  return member.id;
}

/** The usr- id of the user a personal access token signs in. */
export async function publicUserId(server: TestServer, pat: string): Promise<string> {
  const r = await server.request('POST', '/auth/verify', { auth: `Bearer ${pat}` });
  if (!r.body?.user?.id) throw new Error(`verify: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.user.id as string;
}
