// Shared set-up of the issue conformance tests: the standard seed plus a token without a
// practical daily limit, custom fields of every type, tags and a Discord-enabled project.
import type { FixtureDocument } from '../../../widget/src/protocol/fixtures.ts';
import { ALL_FLAGS, PATS, PROJECT_ID, seedDocument } from '../../helpers/seed.ts';
import type { TestServer } from '../../helpers/server.ts';

/** Every flag and a daily limit no test reaches; tkn-all keeps the default 8. */
export const BIG = 'FormUser tkn-issues';
export const ISSUES = `/projects/${PROJECT_ID}/issues`;

export const CUSTOM_FIELDS = [
  { ident: 'platform', name: 'Platform', field_type: 'single_select', options: ['PC', 'Mac', 'Switch'] },
  { ident: 'areas', name: 'Game areas', field_type: 'multi_select', options: ['Map', 'Menu', 'Combat'] },
  { ident: 'repro', name: 'Reproducible', field_type: 'boolean' },
  { ident: 'notes', name: 'Notes', field_type: 'text' },
  { ident: 'spot', name: 'Spot', field_type: 'coordinates' },
  { ident: 'internal', name: 'Internal note', field_type: 'text', player_viewable: false },
  { ident: 'triage', name: 'Triage', field_type: 'text', tester_settable: false },
] as const;

export function issueSeed(project: Record<string, unknown> = {}): FixtureDocument {
  const doc = seedDocument({
    project: {
      tags: [
        { id: 501, name: 'ui' },
        { id: 502, name: 'audio' },
      ],
      ...project,
    },
  });
  const main = doc.projects[0];
  main.tokens = [
    ...(main.tokens ?? []),
    { token: 'tkn-issues', daily_limit: 100_000, ...ALL_FLAGS },
    { token: 'tkn-nolist', daily_limit: 100_000, can_create_bug_report: true },
  ];
  return doc;
}

export function withFields(extra: Record<string, unknown> = {}): FixtureDocument {
  return issueSeed({ custom_fields: CUSTOM_FIELDS, ...extra });
}

/** Creates an issue with JSON and answers the response. */
export async function create(
  server: TestServer,
  issue: Record<string, unknown>,
  options: { auth?: string; top?: Record<string, unknown>; headers?: Record<string, string> } = {},
) {
  return server.request('POST', `${ISSUES}.json`, {
    auth: options.auth ?? BIG,
    json: { issue, ...options.top },
    headers: options.headers,
  });
}

export const DESCRIPTION = 'The map screen goes blank after I open it twice.';

/** How many issues the project's list counts for its owner: what a create added, read over HTTP. */
export async function issueCount(server: TestServer): Promise<number> {
  const r = await server.request('GET', `${ISSUES}.json?per_page=1`, { auth: `Bearer ${PATS.owner}` });
  if (r.status !== 200) throw new Error(`issue list: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.pagination.total_count as number;
}

/** The release an issue is filed against, as the team sees it (`rel-<n>`; docs/api/issues.md#extensions-for-the-team). */
export async function releaseOf(server: TestServer, created: { scoped_id: number }): Promise<string | undefined> {
  const r = await server.request('GET', `${ISSUES}/${created.scoped_id}.json`, { auth: `Bearer ${PATS.developer}` });
  return r.body.release?.id;
}

/** The `rel-<n>` id of the project's release `label`, from the team's release list. */
export async function releaseId(server: TestServer, label: string): Promise<string> {
  const r = await server.request('GET', `/projects/${PROJECT_ID}/releases.json`, { auth: `Bearer ${PATS.developer}` });
  const release = (r.body as Array<{ id: string; label: string }>).find((each) => each.label === label);
  if (!release) throw new Error(`no release ${label}: ${r.status} ${JSON.stringify(r.body)}`);
  return release.id;
}

/** How many issue custom fields the project defines, as its owner lists them (docs/api/projects-auth.md). */
export async function issueFieldCount(server: TestServer): Promise<number> {
  const r = await server.request('GET', `/projects/${PROJECT_ID}/custom_fields.json?applies_to=issue`, {
    auth: `Bearer ${PATS.owner}`,
  });
  if (r.status !== 200) throw new Error(`custom field list: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.pagination.total_count as number;
}
