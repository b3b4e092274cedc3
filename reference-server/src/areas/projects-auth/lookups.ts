// What projects-auth reads of other areas' rows, passed in through Deps.identity (built in areas/index.ts), so the
// area every other area imports imports none of them (docs/server.md#architecture).
import type { Db } from '../../db/database.ts';

/** The latest published release, as the project detail names it. */
export interface LatestRelease {
  id: number;
  label: string;
  description: string;
  created_at: string;
  updated_at: string;
}

export interface IdentityLookups {
  /** The id of the issue a path id (`12`, `g-7`) names in a project: what a draft JWT may reach. */
  issueIdOf(db: Db, projectId: number, pathId: string): number | undefined;
  /** The id of the feature request a path id (`3`, `fr-3`, `g-7`) names in a project. */
  featureRequestIdOf(db: Db, projectId: number, pathId: string): number | undefined;
  /** Whether a device sign-in grant still works for this user (not revoked, not purged). */
  isDeviceGrantLive(db: Db, grantId: string, userId: number): boolean;
  /** Whether a create already spent this submission token. */
  isSubmissionTokenSpent(db: Db, jti: string): boolean;
  latestPublishedRelease(db: Db, projectId: number): LatestRelease | undefined;
}
