// Renders feature request rows for a caller, and says who may see or change one: the team sees
// everything, others see public statuses and their own; a request is changed by its draft JWT,
// its proven reporter and the team (a project token: only anonymous ones, see mayChangeFeatureRequest).
import type { FeatureRequest } from '../../../../widget/src/protocol/feature-requests.ts';
import { NON_PUBLIC_FEATURE_REQUEST_STATUSES } from '../../../../widget/src/protocol/feature-requests.ts';
import type { Deps } from '../../deps.ts';
import {
  countVotes,
  hasVoted,
  listFeatureRequestCustomValues,
  featureRequestFiles,
  type FeatureRequestRow,
} from './repository.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { findUserById } from '../projects-auth/users-repository.ts';
import { isTeam, tokenHasFlag } from '../projects-auth/access.ts';
import { provenUser, type Caller } from '../projects-auth/caller.ts';
import { toCustomFieldEntries } from './custom-fields.ts';
import { toUserRef } from './reporter.ts';

export function isPublicStatus(status: string): boolean {
  return !(NON_PUBLIC_FEATURE_REQUEST_STATUSES as readonly string[]).includes(status);
}

/**
 * The caller holds the request's draft JWT (an expired one only while it is hidden) or is its
 * proven reporter; an email or Discord id claim proves nothing (caller.ts provenUser).
 */
export function isOwnFeatureRequest(caller: Caller, row: FeatureRequestRow): boolean {
  const grant = caller.featureRequestGrant;
  if (grant?.featureRequestId === row.id && (!grant.stale || row.status === 'hidden')) return true;
  const user = provenUser(caller);
  return user !== null && row.reporter_user_id === user.id;
}

export function canSeeFeatureRequest(
  deps: Pick<Deps, 'db'>,
  caller: Caller,
  project: ProjectRow,
  row: FeatureRequestRow,
): boolean {
  return isPublicStatus(row.status) || isOwnFeatureRequest(caller, row) || isTeam(deps, caller, project);
}

/**
 * Its draft JWT, its proven reporter and the team. A project token alone changes only a request
 * nobody is linked to (an anonymous submission, as clients publish one), and only when it may
 * create requests; a flagless token changes none (docs/security.md#identity-claims-our-reading).
 */
export function mayChangeFeatureRequest(
  deps: Pick<Deps, 'db'>,
  caller: Caller,
  project: ProjectRow,
  row: FeatureRequestRow,
): boolean {
  if (isOwnFeatureRequest(caller, row) || isTeam(deps, caller, project)) return true;
  const anonymous = row.reporter_user_id === null;
  return anonymous && caller.token?.project_id === project.id && tokenHasFlag(caller, 'can_create_feature_request');
}

export function featureRequestUrl(
  deps: Pick<Deps, 'config'>,
  project: ProjectRow,
  row: Pick<FeatureRequestRow, 'scoped_id'>,
): string {
  return `${deps.config.publicUrl}/projects/${project.public_id}/feature_requests/${row.scoped_id}`;
}

export function toFeatureRequest(
  deps: Pick<Deps, 'db' | 'config'>,
  caller: Caller,
  project: ProjectRow,
  row: FeatureRequestRow,
  extra: { token?: string; warnings?: string[] } = {},
): FeatureRequest {
  const team = isTeam(deps, caller, project);
  const url = featureRequestUrl(deps, project, row);
  const reporter =
    row.reporter_user_id !== null && (team || isOwnFeatureRequest(caller, row))
      ? findUserById(deps.db, row.reporter_user_id)
      : undefined;
  return {
    id: row.scoped_id,
    scoped_id: row.scoped_id,
    title: row.title,
    description: row.description,
    status: row.status,
    votes: countVotes(deps.db, row.id),
    voted: provenUser(caller) ? hasVoted(deps.db, row.id, provenUser(caller)!.id) : false,
    // No operation merges one request into another, so none counts duplicates of its own
    // (docs/api/submissions.md#choices-we-made); the status alone says a request is one.
    is_duplicate: row.status === 'duplicate',
    duplicates_count: 0,
    user: toUserRef(reporter, row.discord_username),
    url,
    files: featureRequestFiles.list(deps.db, row.id).map((f) => ({
      id: f.id,
      filename: f.filename,
      content_type: f.content_type,
      size_bytes: f.size_bytes,
      url: `${url}/files/${f.id}`,
    })),
    custom_fields: toCustomFieldEntries(
      deps,
      project,
      'feature_request',
      listFeatureRequestCustomValues(deps.db, row.id),
      team,
    ),
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...(extra.token ? { token: extra.token } : {}),
    ...(extra.warnings?.length ? { warnings: extra.warnings } : {}),
  };
}
