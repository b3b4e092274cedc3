// Shared set-up of the ticket conformance files: the standard seed with a daily limit no test meets on the main token
// plus a project whose token allows one ticket a day; one server per file, the ticket paths and the create call.
import { createCall, serveFile } from '../../helpers/file-server.ts';
import { ALL_FLAGS, PROJECT_ID, TOKENS, seedDocument } from '../../helpers/seed.ts';

export { server } from '../../helpers/file-server.ts';

export const LIMITED_PROJECT = 'pr-3002';

export function seed() {
  const doc = seedDocument({
    project: { tokens: [{ token: TOKENS.all, daily_limit: 1000, ...ALL_FLAGS }, { token: TOKENS.none }] },
  }) as any;
  doc.projects.push({
    key: 'limited',
    id: LIMITED_PROJECT,
    name: 'Limited',
    organization: 'studio',
    access: 'private',
    modules: ['tickets'],
    platforms: [],
    min_description_length: 0,
    min_suggestion_length: 0,
    tokens: [{ token: 'tkn-limited', daily_limit: 1, ...ALL_FLAGS }],
  });
  return doc;
}

/** Starts one server with seed() before the file's tests and closes it after them. */
export function serveTickets(): void {
  serveFile({ seed: seed() });
}

export const TOKEN = `FormUser ${TOKENS.all}`;
export const tickets = (project = PROJECT_ID) => `/projects/${project}/tickets.json`;
export const one = (id: string | number, project = PROJECT_ID) => `/projects/${project}/tickets/${id}.json`;

export const create = createCall(tickets, TOKEN);
