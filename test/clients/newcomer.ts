// A newcomer's game client, written from our docs with the 32 mistakes client authors make most
// (docs/clients.md#common-mistakes): each request as the client sends it, what the server answers in
// the default mode, and the conformance rule the report files it under (null: the error answer alone says it).
import type { ConformanceRuleId } from '../../reference-server/src/http/conformance-rules.ts';
import { ALL_FLAGS, PATS, PROJECT_ID, seedDocument, TOKENS } from '../helpers/seed.ts';
import type { FixtureDocument } from '../../widget/src/protocol/fixtures.ts';
import { formBody, type PrepareApi, type ReplayContext, type WireRequest } from './replay.ts';

export const NEWCOMER_AGENT = 'NewcomerGame/0.1 (UnityWebRequest)';
const P = `/projects/${PROJECT_ID}`;
const AUTH = `FormUser ${TOKENS.all}`;
export const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/**
 * Issues 2 and 1 are created in that order: the issue whose id is 2 has scoped id 1, and scoped id 2 is
 * id 1. Ids then go on from 41, scoped ids from 4, so a new issue's id is never its scoped id.
 */
export function newcomerFixture(): FixtureDocument {
  return seedDocument({
    project: {
      tokens: [{ token: TOKENS.all, daily_limit: 1000, ...ALL_FLAGS }, { token: TOKENS.none }],
      custom_fields: [
        { ident: 'repro', name: 'Reproducible', field_type: 'boolean' },
        {
          ident: 'urgency',
          name: 'Urgency',
          field_type: 'single_select',
          options: ['Low', 'High'],
          applies_to: 'ticket',
        },
        { ident: 'order_id', name: 'Order id', field_type: 'text', required: true, applies_to: 'ticket' },
      ],
      issues: [
        { key: 'two', id: 2, title: 'Sky flickers', description: 'The sky flickers at dusk on the first map.' },
        { key: 'one', id: 1, title: 'Boat sinks', description: 'The boat sinks when it docks at the pier.' },
        { key: 'forty', id: 40, title: 'Map lags', description: 'The map lags when many ships are in port.' },
      ],
    },
  });
}

export interface Mistake {
  name: string;
  request: (ctx: ReplayContext) => WireRequest;
  /** A draft issue (and its JWT) the mistake is made on, created canonically first. */
  needsDraft?: boolean;
  /** Default mode: the status, and words the error answer must hold to say what to do. */
  status: number;
  error?: string;
  /** The rule the report files it under; null when the error answer alone tells. */
  rule: ConformanceRuleId | null;
}

const headers = (extra: Record<string, string> = {}) => ({
  'User-Agent': NEWCOMER_AGENT,
  Accept: 'application/json',
  'Service-Project-ID': PROJECT_ID,
  Authorization: AUTH,
  ...extra,
});
const form = (fields: Array<[string, string]>, extra: Record<string, string> = {}) => ({
  headers: headers({ 'Content-Type': 'application/x-www-form-urlencoded', ...extra }),
  body: formBody(fields),
});
const json = (value: unknown, extra: Record<string, string> = {}) => ({
  headers: headers({ 'Content-Type': 'application/json', ...extra }),
  body: JSON.stringify(value),
});
const bug = (extra: Array<[string, string]> = []): Array<[string, string]> => [
  ['issue[description]', 'The cargo hold shows the wrong weight after a jump.'],
  ...extra,
];
const without = (h: Record<string, string>, name: string) => {
  const copy = { ...h };
  delete copy[name];
  return copy;
};
function screenshot(type: string) {
  const body = new FormData();
  body.append('screenshot[image]', new Blob([PNG], { type }), 'shot.png');
  return body;
}

export const MISTAKES: Mistake[] = [
  // Credentials.
  {
    name: 'sends the project token raw',
    request: () => ({ method: 'GET', path: `${P}.json`, headers: headers({ Authorization: TOKENS.all }) }),
    status: 200,
    rule: 'raw-project-token',
  },
  {
    name: 'sends the project token as Bearer',
    request: () => ({ method: 'GET', path: `${P}.json`, headers: headers({ Authorization: `Bearer ${TOKENS.all}` }) }),
    status: 401,
    error: 'project tokens go in `FormUser tkn-…`',
    rule: 'credential-scheme',
  },
  {
    name: 'sends a personal access token as FormUser',
    request: () => ({
      method: 'GET',
      path: `${P}.json`,
      headers: headers({ Authorization: `FormUser ${PATS.owner}` }),
    }),
    status: 401,
    error: 'personal access tokens in `Bearer pat-…`',
    rule: 'credential-scheme',
  },
  {
    name: 'uses a token without the permission',
    request: () => ({
      method: 'POST',
      path: `${P}/issues.json`,
      ...form(bug(), { Authorization: `FormUser ${TOKENS.none}` }),
    }),
    status: 403,
    error: 'Not allowed to report a bug.',
    rule: null,
  },
  {
    name: "uses another project's token",
    request: () => ({
      method: 'GET',
      path: `${P}.json`,
      headers: headers({ Authorization: `FormUser ${TOKENS.other}` }),
    }),
    status: 403,
    error: 'does not belong to this project',
    rule: null,
  },
  // The project header.
  {
    name: 'forgets the project header',
    request: () => ({ method: 'GET', path: `${P}/releases.json`, headers: without(headers(), 'Service-Project-ID') }),
    status: 200,
    rule: 'project-header-missing',
  },
  {
    name: 'spells the project header Service-Project',
    request: () => ({
      method: 'GET',
      path: `${P}/releases.json`,
      headers: { ...without(headers(), 'Service-Project-ID'), 'Service-Project': PROJECT_ID },
    }),
    status: 200,
    rule: 'project-header-misspelled',
  },
  {
    name: 'spells the project header X-Service-Project-ID',
    request: () => ({
      method: 'GET',
      path: `${P}/releases.json`,
      headers: { ...without(headers(), 'Service-Project-ID'), 'X-Service-Project-ID': PROJECT_ID },
    }),
    status: 200,
    rule: 'project-header-misspelled',
  },
  {
    name: 'sends the header of the old service name',
    request: () => ({
      method: 'GET',
      path: `${P}/releases.json`,
      headers: { ...without(headers(), 'Service-Project-ID'), 'BetaHub-Project-ID': PROJECT_ID },
    }),
    status: 200,
    rule: 'project-header-alias',
  },
  {
    name: 'sends a project header that names another project',
    request: () => ({ method: 'GET', path: `${P}.json`, headers: headers({ 'Service-Project-ID': 'pr-1003' }) }),
    status: 400,
    error: 'does not match the project in the path',
    rule: null,
  },
  // Paths.
  {
    name: 'asks for JSON neither by path nor by Accept',
    request: () => ({ method: 'GET', path: `${P}/releases`, headers: without(headers(), 'Accept') }),
    status: 200,
    rule: 'json-less-path',
  },
  {
    name: 'ends the create path with a slash after .json',
    request: () => ({ method: 'POST', path: `${P}/issues.json/`, ...form(bug()) }),
    status: 404,
    error: `Did you mean ${P}/issues.json?`,
    rule: 'trailing-slash',
  },
  {
    name: 'ends the list path with a slash',
    request: () => ({ method: 'GET', path: `${P}/issues/`, headers: headers() }),
    status: 404,
    error: `Did you mean ${P}/issues?`,
    rule: 'trailing-slash',
  },
  {
    name: "puts an issue's raw id in a media path where it names another issue",
    request: () => ({
      method: 'POST',
      path: `${P}/issues/2/screenshots.json`,
      headers: headers(),
      body: screenshot('image/png'),
    }),
    status: 201,
    rule: 'raw-id-in-path',
  },
  {
    name: "puts a new issue's raw id in a path",
    needsDraft: true,
    request: (ctx) => ({
      method: 'GET',
      path: `${P}/issues/${ctx.id}.json`,
      headers: headers({ Authorization: `Bearer ${ctx.jwt}` }),
    }),
    status: 403,
    error: 'reaches only the operations of its own issue',
    rule: 'raw-id-in-path',
  },
  // Bodies.
  {
    name: 'labels a JSON body as a form',
    request: () => ({
      method: 'POST',
      path: `${P}/issues.json`,
      headers: headers({ 'Content-Type': 'application/x-www-form-urlencoded' }),
      body: JSON.stringify({ issue: { description: 'The cargo hold shows the wrong weight after a jump.' } }),
    }),
    status: 400,
    error: 'send it with Content-Type: application/json',
    rule: 'json-labelled-form',
  },
  {
    name: 'labels a form body as JSON',
    request: () => ({
      method: 'POST',
      path: `${P}/issues.json`,
      ...form(bug(), { 'Content-Type': 'application/json' }),
    }),
    status: 400,
    error: 'not valid JSON',
    rule: null,
  },
  {
    name: 'sends a body as text/plain',
    request: () => ({ method: 'POST', path: `${P}/issues.json`, ...form(bug(), { 'Content-Type': 'text/plain' }) }),
    status: 400,
    error: 'send application/json, application/x-www-form-urlencoded or multipart/form-data',
    rule: null,
  },
  {
    name: 'misspells two issue fields',
    request: () => ({
      method: 'POST',
      path: `${P}/issues.json`,
      ...form([
        ['issue[descripton]', 'The cargo hold shows the wrong weight after a jump.'],
        ['issue[titel]', 'Wrong weight'],
      ]),
    }),
    status: 422,
    error: "Description can't be blank.",
    rule: 'unknown-parameter',
  },
  {
    name: 'leaves out the issue[...] wrapper',
    request: () => ({ method: 'POST', path: `${P}/issues.json`, ...json({ description: 'The cargo hold is wrong.' }) }),
    status: 422,
    error: "Description can't be blank.",
    rule: 'unknown-parameter',
  },
  {
    name: 'sends a list parameter the list does not take',
    request: () => ({ method: 'GET', path: `${P}/issues.json?perPage=50`, headers: headers() }),
    status: 200,
    rule: 'unknown-parameter',
  },
  {
    name: 'sends draft=True',
    request: () => ({ method: 'POST', path: `${P}/issues.json`, ...form(bug([['draft', 'True']])) }),
    status: 201,
    rule: 'form-boolean-spelling',
  },
  {
    name: 'sends custom values under issue[custom_fields]',
    request: () => ({ method: 'POST', path: `${P}/issues.json`, ...form(bug([['issue[custom_fields][repro]', '1']])) }),
    status: 201,
    rule: 'custom-fields-wrapper',
  },
  {
    name: 'sends a boolean custom field as true in a form',
    request: () => ({ method: 'POST', path: `${P}/issues.json`, ...form(bug([['issue[custom][repro]', 'true']])) }),
    status: 422,
    error: 'in form encoding send 1 or 0',
    rule: null,
  },
  {
    name: 'sends publish_after without draft',
    request: () => ({ method: 'POST', path: `${P}/issues.json`, ...form(bug([['publish_after', '2h']])) }),
    status: 422,
    error: 'publish_after',
    rule: null,
  },
  {
    name: 'sends a select value that is not an option',
    request: () => ({
      method: 'POST',
      path: `${P}/tickets.json`,
      ...form(
        [
          ['ticket[description]', 'I was charged twice for the season pass.'],
          ['ticket[custom][order_id]', 'A-1'],
          ['ticket[custom][urgency]', 'urgent'],
        ],
        { Authorization: `${AUTH},email:p@players.test` },
      ),
    }),
    status: 422,
    error: 'allowed values are "Low", "High"',
    rule: null,
  },
  {
    name: 'leaves out a required custom field',
    request: () => ({
      method: 'POST',
      path: `${P}/tickets.json`,
      ...form([['ticket[description]', 'I was charged twice for the season pass.']], {
        Authorization: `${AUTH},email:p@players.test`,
      }),
    }),
    status: 422,
    error: 'Custom field "Order id" is required.',
    rule: null,
  },
  // Media.
  {
    name: 'labels a screenshot part application/octet-stream',
    needsDraft: true,
    request: (ctx) => ({
      method: 'POST',
      path: `${P}/issues/g-${ctx.id}/screenshots.json`,
      headers: headers({ Authorization: `Bearer ${ctx.jwt}` }),
      body: screenshot('application/octet-stream'),
    }),
    status: 201,
    rule: 'media-type-mislabelled',
  },
  {
    name: 'asks for a presigned upload without a checksum',
    needsDraft: true,
    request: (ctx) => ({
      method: 'POST',
      path: `${P}/issues/g-${ctx.id}/screenshots/presigned_upload.json`,
      ...json(
        { filename: 'shot.png', byte_size: PNG.length, content_type: 'image/png' },
        { Authorization: `Bearer ${ctx.jwt}` },
      ),
    }),
    status: 400,
    error: 'checksum',
    rule: null,
  },
  // Drafts.
  {
    name: 'reads its draft with the bare project token',
    needsDraft: true,
    request: (ctx) => ({ method: 'GET', path: `${P}/issues/g-${ctx.id}.json`, headers: headers() }),
    status: 404,
    error: 'Issue not found.',
    rule: 'draft-needs-jwt',
  },
  {
    name: 'publishes its draft with the bare project token',
    needsDraft: true,
    request: (ctx) => ({ method: 'POST', path: `${P}/issues/g-${ctx.id}/publish.json`, ...json({}) }),
    status: 404,
    error: 'Issue not found.',
    rule: 'draft-needs-jwt',
  },
  {
    name: 'sets a contact email that is not an email',
    needsDraft: true,
    request: (ctx) => ({
      method: 'POST',
      path: `${P}/issues/g-${ctx.id}/set_contact_info.json`,
      ...json({ email: 'player at example.test' }, { Authorization: `Bearer ${ctx.jwt}` }),
    }),
    status: 422,
    error: 'email',
    rule: null,
  },
];

/** A draft made canonically (its own User-Agent), for the mistakes made on one. */
export async function prepareDraft(api: PrepareApi): Promise<ReplayContext> {
  const draft = await api.call('POST', `${P}/issues.json`, {
    auth: AUTH,
    json: { draft: true, issue: { description: 'A draft the newcomer then gets wrong in some way.' } },
  });
  if (draft.status !== 201) throw new Error(`draft: ${draft.status} ${draft.text}`);
  return { id: draft.body.id, jwt: draft.body.token, scoped: draft.body.scoped_id };
}
