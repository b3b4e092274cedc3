// Every area of the server, in mounting order: app.ts mounts their routes in this order and
// server.ts registers their jobs. An area joins the server by being listed here.
import type { Area } from './area.ts';
import type { IdentityLookups } from './projects-auth/lookups.ts';
import { isGrantLive } from './device-auth/grants.ts';
import { findFeatureRequestByPathId } from './feature-requests/repository.ts';
import { findIssueByPathId } from './issues/repository.ts';
import { findLatestPublishedRelease } from './releases/repository.ts';
import { isSubmissionTokenUsed } from './submission-tokens/repository.ts';
import { adminArea } from './admin/index.ts';
import { crashesArea } from './crashes/index.ts';
import { eventsArea } from './events/index.ts';
import { gameFactsArea } from './game-facts/index.ts';
import { inboxArea } from './inbox/index.ts';
import { issuesArea } from './issues/index.ts';
import { knowledgeBaseArea } from './knowledge-base/index.ts';
import { mediaArea } from './media/index.ts';
import { playtimeArea } from './playtime/index.ts';
import { projectsAuthArea } from './projects-auth/index.ts';
import { releasesArea } from './releases/index.ts';
import { searchArea } from './search/index.ts';
import { featureRequestsArea } from './feature-requests/index.ts';
import { submissionTokensArea } from './submission-tokens/index.ts';
import { ticketsArea } from './tickets/index.ts';
import { conformanceArea } from './conformance/index.ts';
import { customFieldReportsArea } from './custom-field-reports/index.ts';
import { deviceAuthArea } from './device-auth/index.ts';
import { issueTagsArea } from './issue-tags/index.ts';

/**
 * Route order matters only where paths could overlap: search's /issues/search before issues. Fixtures load in this
 * order too (Area.loadFixture): projects-auth, releases, tags and knowledge before the issues that name them.
 */
export const AREAS: readonly Area[] = [
  inboxArea,
  adminArea,
  projectsAuthArea,
  crashesArea,
  searchArea,
  releasesArea,
  knowledgeBaseArea,
  issueTagsArea,
  issuesArea,
  eventsArea,
  playtimeArea,
  gameFactsArea,
  featureRequestsArea,
  ticketsArea,
  submissionTokensArea,
  mediaArea,
  customFieldReportsArea,
  deviceAuthArea,
  conformanceArea,
];

/** What projects-auth reads of other areas, passed in as Deps.identity so it imports none of them. */
export const IDENTITY_LOOKUPS: IdentityLookups = {
  issueIdOf: (db, projectId, pathId) => findIssueByPathId(db, projectId, pathId)?.id,
  featureRequestIdOf: (db, projectId, pathId) => findFeatureRequestByPathId(db, projectId, pathId)?.id,
  isDeviceGrantLive: isGrantLive,
  isSubmissionTokenSpent: isSubmissionTokenUsed,
  latestPublishedRelease: findLatestPublishedRelease,
};
