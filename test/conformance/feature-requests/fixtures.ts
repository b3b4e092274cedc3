// Shared set-up of the feature-request conformance files: the standard seed plus a project with custom fields, one
// with a daily limit of 2 and an NDA project; one server per file, the create call and the database row lookup.
import { findFeatureRequestByPathId } from '../../../reference-server/src/areas/feature-requests/repository.ts';
import { findProjectByPublicId } from '../../../reference-server/src/areas/projects-auth/repository.ts';
import { createCall, serveFile, server } from '../../helpers/file-server.ts';
import { ALL_FLAGS, PROJECT_ID, TOKENS, seedDocument } from '../../helpers/seed.ts';

export { server } from '../../helpers/file-server.ts';

export const FIELDS_PROJECT = 'pr-2001';
export const LIMITED_PROJECT = 'pr-2002';
export const NDA_PROJECT = 'pr-2003';

/** The main token gets a high daily limit so that only the limit test meets one. */
export function seed() {
  const doc = seedDocument({
    project: { tokens: [{ token: TOKENS.all, daily_limit: 1000, ...ALL_FLAGS }, { token: TOKENS.none }] },
  }) as any;
  doc.projects.push(
    {
      key: 'fields',
      id: FIELDS_PROJECT,
      name: 'Fields',
      organization: 'studio',
      access: 'private',
      modules: ['suggestions'],
      platforms: [],
      min_description_length: 0,
      min_suggestion_length: 0,
      members: [
        { user: 'developer', role: 'developer' },
        { user: 'tester', role: 'tester' },
      ],
      tokens: [{ token: 'tkn-fields', ...ALL_FLAGS }],
      custom_fields: [
        {
          ident: 'platform',
          name: 'Platform',
          field_type: 'single_select',
          options: ['PC', 'Switch'],
          applies_to: 'feature_request',
        },
        { ident: 'would_pay', name: 'Would pay', field_type: 'boolean', applies_to: 'feature_request' },
        { ident: 'area', name: 'Area', field_type: 'text', required: true, applies_to: 'feature_request' },
        {
          ident: 'secret_note',
          name: 'Secret note',
          field_type: 'text',
          player_viewable: false,
          applies_to: 'feature_request',
        },
        { ident: 'severity', name: 'Severity', field_type: 'text', required: true, applies_to: 'issue' },
      ],
    },
    {
      key: 'limited',
      id: LIMITED_PROJECT,
      name: 'Limited',
      organization: 'studio',
      access: 'private',
      modules: ['suggestions'],
      platforms: [],
      min_description_length: 0,
      min_suggestion_length: 0,
      tokens: [{ token: 'tkn-limited', daily_limit: 2, ...ALL_FLAGS }],
    },
    {
      key: 'nda',
      id: NDA_PROJECT,
      name: 'Secret',
      organization: 'studio',
      access: 'private',
      modules: ['suggestions', 'nda'],
      platforms: [],
      nda: true,
      min_description_length: 0,
      min_suggestion_length: 0,
      members: [
        { user: 'tester', role: 'tester' },
        { user: 'developer', role: 'developer' },
      ],
    },
  );
  return doc;
}

/** Starts one server with seed() before the file's tests and closes it after them. */
export function serveFeatureRequests(): void {
  serveFile({ seed: seed() });
}

export const TOKEN = `FormUser ${TOKENS.all}`;
export const path = (project = PROJECT_ID) => `/projects/${project}/feature_requests.json`;

export const create = createCall(path, TOKEN);

export function dbRow(project: string, pathId: string | number) {
  const p = findProjectByPublicId(server.deps.db, project)!;
  return findFeatureRequestByPathId(server.deps.db, p.id, String(pathId))!;
}
