// Shared set-up of the issue search conformance files: one server per file seeded with the search corpus (issues
// found by title, description or a typo, drafts, moderated and raw ones, 30 crates and 210 asteroids for pages and
// the candidate pool), the issues' ids, the search call and the titles of an answer.
import type { FixtureResult } from '../../../widget/src/protocol/fixtures.ts';
import { serveFixtures, server } from '../../helpers/file-server.ts';
import { PATS, PROJECT_ID, seedDocument } from '../../helpers/seed.ts';

export { server } from '../../helpers/file-server.ts';

export const SEARCH = `/projects/${PROJECT_ID}/issues/search.json`;
export const dev = `Bearer ${PATS.developer}`;

const filler = (word: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    title: `${word} physics glitch number ${i + 1}`,
    description: `A ${word} behaves oddly (case ${i + 1}).`,
  }));

/** The issues of the corpus by key (a live binding, as `server`). */
export let ids: FixtureResult['issues'];

/** Starts the file's server with the corpus loaded and its ids kept, and closes it after the file's tests. */
export function serveIssueSearch(): void {
  serveFixtures(
    () =>
      seedDocument({
        project: {
          issues: [
            {
              key: 'inDescription',
              title: 'Lava river glows',
              description: 'The bloom effect on the lava river is far too bright at dusk.',
            },
            {
              key: 'inTitle',
              title: 'Bloom too strong near stations',
              description: 'Everything turns white when docking.',
            },
            {
              key: 'hook',
              title: 'Grappling hook snaps over lava',
              description: 'The hook breaks when swinging across the river.',
            },
            {
              key: 'testerDraft',
              title: 'Grappling hook draft',
              description: 'A draft the tester has not published.',
              status: 'hidden',
              reporter: 'tester',
            },
            {
              key: 'moderated',
              title: 'Grappling hook spam',
              description: 'Waiting for moderation.',
              status: 'pending_moderation',
            },
            { key: 'raw', title: 'Grappling hook telemetry', description: 'Automated grappling report.', raw: true },
            {
              key: 'devDraft',
              title: 'Grappling secret',
              description: 'Hidden from players.',
              status: 'hidden',
              reporter: 'developer',
            },
            {
              key: 'inventory',
              title: 'Inventory freezes when sorting',
              description: 'Sorting by weight locks the menu.',
              priority: 'high',
            },
            {
              key: 'achievement',
              title: 'Achievement unlocks twice',
              description: 'The first delivery achievement pops up two times.',
              priority: 'low',
            },
            {
              key: 'shader',
              title: 'Shader compilation stutter',
              description: 'Heavy hitches on first flight.',
              priority: 'critical',
            },
            {
              key: 'elevator',
              title: 'Elevator never arrives',
              description: 'The lift to the concourse does not come.',
            },
            ...filler('crate', 30),
            ...filler('asteroid', 210),
          ],
        },
      }),
    (result) => {
      ids = result.issues;
    },
  );
}

export const search = (query: string, auth = dev) => server.request('GET', `${SEARCH}?${query}`, { auth });
export const titles = (body: { issues: Array<{ title: string }> }) => body.issues.map((i) => i.title);
