// The standard fixture most tests start from: one organization, a user per role, a private
// project with a token of every flag and one of none, a public project, and a second project
// whose token must be refused elsewhere.
import type { FixtureDocument } from '../../widget/src/protocol/fixtures.ts';
import { TOKEN_FLAGS } from '../../widget/src/protocol/fixtures.ts';

export const ALL_FLAGS = Object.fromEntries(TOKEN_FLAGS.map((flag) => [flag, true]));

export const PATS = {
  owner: 'pat-owner',
  developer: 'pat-developer',
  support: 'pat-support',
  tester: 'pat-tester',
  outsider: 'pat-outsider',
  orgAdmin: 'pat-orgadmin',
  siteAdmin: 'pat-siteadmin',
} as const;

export const TOKENS = { all: 'tkn-all', none: 'tkn-none', other: 'tkn-other', public: 'tkn-public' } as const;

export const PROJECT_ID = 'pr-1001';
export const PUBLIC_PROJECT_ID = 'pr-1002';
export const OTHER_PROJECT_ID = 'pr-1003';

export function seedDocument(overrides: { project?: Record<string, unknown> } = {}): FixtureDocument {
  return {
    users: [
      { key: 'owner', name: 'Olivia Owner', email: 'owner@studio.test', pat: PATS.owner },
      { key: 'developer', name: 'Dev Eloper', email: 'dev@studio.test', pat: PATS.developer },
      { key: 'support', name: 'Sam Support', email: 'support@studio.test', pat: PATS.support },
      { key: 'tester', name: 'Tess Tester', email: 'tess@players.test', pat: PATS.tester },
      { key: 'outsider', name: 'Otto Outsider', email: 'otto@elsewhere.test', pat: PATS.outsider },
      { key: 'orgAdmin', name: 'Ada Admin', email: 'ada@studio.test', pat: PATS.orgAdmin },
      { key: 'siteAdmin', name: 'Site Admin', pat: PATS.siteAdmin, site_admin: true },
    ],
    organizations: [{ key: 'studio', name: 'Pixel Forge', admins: ['orgAdmin'] }],
    projects: [
      {
        key: 'game',
        id: PROJECT_ID,
        name: 'Star Courier',
        description: 'A space delivery game',
        organization: 'studio',
        access: 'private',
        modules: ['bugs', 'suggestions', 'tickets', 'support_knowledge'],
        platforms: ['Web', 'Windows'],
        min_description_length: 10,
        min_suggestion_length: 5,
        members: [
          { user: 'owner', role: 'owner' },
          { user: 'developer', role: 'developer' },
          { user: 'support', role: 'support' },
          { user: 'tester', role: 'tester' },
        ],
        tokens: [{ token: TOKENS.all, ...ALL_FLAGS }, { token: TOKENS.none }],
        releases: [{ label: '1.0.0' }, { label: '1.1.0' }],
        ...overrides.project,
      },
      {
        key: 'open',
        id: PUBLIC_PROJECT_ID,
        name: 'Open Beta',
        organization: 'studio',
        access: 'public',
        modules: ['bugs'],
        platforms: [],
        min_description_length: 0,
        min_suggestion_length: 0,
        tokens: [{ token: TOKENS.public, ...ALL_FLAGS }],
      },
      {
        key: 'other',
        id: OTHER_PROJECT_ID,
        name: 'Other Game',
        organization: 'studio',
        access: 'private',
        modules: ['bugs'],
        platforms: [],
        min_description_length: 0,
        min_suggestion_length: 0,
        tokens: [{ token: TOKENS.other, ...ALL_FLAGS }],
      },
    ],
  } as FixtureDocument;
}
