// The protocol module: every wire shape and every operation path of the Game Feedback
// Service. The server validates with it, the client is typed by it, OpenAPI is built from it.
import { authOperations } from './auth.ts';
import { conformanceOperations } from './conformance.ts';
import { customFieldOperations } from './custom-fields.ts';
import { deviceAuthOperations } from './device-auth.ts';
import { eventOperations } from './events.ts';
import { extraOperations } from './extras.ts';
import { featureRequestOperations } from './feature-requests.ts';
import { adminOperations } from './fixtures.ts';
import { gameFactOperations } from './game-facts.ts';
import { issueOperations } from './issues.ts';
import { issueTagOperations } from './issue-tags.ts';
import { mediaOperations } from './media.ts';
import { playtimeOperations } from './playtime.ts';
import { projectOperations } from './projects.ts';
import { releaseOperations } from './releases.ts';
import { ticketOperations } from './tickets.ts';

export * from './operation.ts';
export * from './paths.ts';
export * from './common.ts';
export * from './auth.ts';
export * from './projects.ts';
export * from './custom-fields.ts';
export * from './fixtures.ts';
export * from './issues.ts';
export * from './search.ts';
export * from './media.ts';
export * from './feature-requests.ts';
export * from './tickets.ts';
export * from './releases.ts';
export * from './playtime.ts';
export * from './game-facts.ts';
export * from './extras.ts';
export * from './events.ts';
export * from './knowledge-base.ts';
export * from './crashes.ts';
export * from './issue-tags.ts';
export * from './device-auth.ts';
export * from './conformance.ts';

export const operations = {
  ...authOperations,
  ...projectOperations,
  ...customFieldOperations,
  ...issueOperations,
  ...issueTagOperations,
  ...mediaOperations,
  ...featureRequestOperations,
  ...ticketOperations,
  ...releaseOperations,
  ...playtimeOperations,
  ...gameFactOperations,
  ...extraOperations,
  ...adminOperations,
  ...eventOperations,
  ...deviceAuthOperations,
  ...conformanceOperations,
} as const;
export type OperationId = keyof typeof operations;
