// Feature requests after creation: the list (top/new for everyone, moderation views for the
// team), show, publish (hidden → open), set contact info (a notified virtual user) and files.
import type { z } from 'zod';
import type {
  FeatureRequestContactResponse,
  FeatureRequestListQuery,
  FeatureRequestListResponse,
} from '../../../../widget/src/protocol/feature-requests.ts';
import {
  FeatureRequestContactBody,
  NON_PUBLIC_FEATURE_REQUEST_STATUSES,
} from '../../../../widget/src/protocol/feature-requests.ts';
import type { Deps } from '../../deps.ts';
import { forbidden, notFound, unprocessable } from '../../errors.ts';
import {
  addSubscriber,
  findFeatureRequestByPathId,
  featureRequestFiles,
  listFeatureRequestCustomValues,
  listFeatureRequests as listRows,
  setFeatureRequestContact,
  setFeatureRequestStatus,
  type FeatureRequestRow,
} from './repository.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { findOrCreateVirtualUser } from '../projects-auth/users-repository.ts';
import { isTeam } from '../projects-auth/access.ts';
import type { Caller } from '../projects-auth/caller.ts';
import { assertStoredValuesValid } from './custom-fields.ts';
import { canSeeFeatureRequest, mayChangeFeatureRequest, toFeatureRequest } from './render.ts';
import { notify } from '../notifications/notify.ts';

export const PAGE_SIZE = 25;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** An inclusive lower date bound: a date-only value starts at its midnight (UTC). */
const startOfFilter = (v?: string) => v && new Date(DATE_ONLY.test(v) ? `${v}T00:00:00.000Z` : v).toISOString();
/** An inclusive upper bound as an exclusive instant: a date-only value covers its whole day. */
const endOfFilter = (v?: string) =>
  v &&
  new Date(
    Date.parse(DATE_ONLY.test(v) ? `${v}T00:00:00.000Z` : v) + (DATE_ONLY.test(v) ? 86_400_000 : 1),
  ).toISOString();

/** Team-only sorts and the statuses each one lists. */
const TEAM_VIEWS: Record<string, readonly string[] | null> = {
  all: null,
  moderation: ['pending_moderation'],
  rejected: ['rejected'],
  muted: ['muted'],
  duplicates: ['duplicate'],
};

export function listFeatureRequests(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  query: z.infer<typeof FeatureRequestListQuery>,
): z.infer<typeof FeatureRequestListResponse> {
  const sort = query.sort ?? 'top';
  const page = query.page ?? 1;
  const team = isTeam(deps, caller, project);
  const teamView = sort in TEAM_VIEWS;
  if (teamView && !team) throw forbidden(`sort=${sort} is for the project team only.`);
  const { rows, total } = listRows(deps.db, {
    projectId: project.id,
    statuses: teamView ? TEAM_VIEWS[sort] : null,
    excluded: teamView || team ? [] : NON_PUBLIC_FEATURE_REQUEST_STATUSES,
    order: sort === 'new' ? 'new' : 'top',
    filters: {
      status: query.status,
      createdFrom: startOfFilter(query.created_after),
      createdUntil: endOfFilter(query.created_before),
      updatedFrom: startOfFilter(query.updated_after),
      updatedUntil: endOfFilter(query.updated_before),
    },
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  return {
    feature_requests: rows.map((row) => toFeatureRequest(deps, caller, project, row)),
    pagination: {
      current_page: page,
      per_page: PAGE_SIZE,
      total_pages: Math.ceil(total / PAGE_SIZE),
      total_count: total,
    },
    sort,
    project_id: project.public_id,
  };
}

/** The request of a path id the caller may see; 404 otherwise (a draft's existence is not revealed). */
export function findVisibleFeatureRequest(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  pathId: string,
): FeatureRequestRow {
  const row = findFeatureRequestByPathId(deps.db, project.id, pathId);
  if (!row || !canSeeFeatureRequest(deps, caller, project, row)) throw notFound(`Feature request ${pathId} not found.`);
  return row;
}

export function showFeatureRequest(deps: Deps, caller: Caller, project: ProjectRow, pathId: string) {
  return toFeatureRequest(deps, caller, project, findVisibleFeatureRequest(deps, caller, project, pathId));
}

/** A request the caller may change; 403 when they can only see it, 404 when not even that. */
function findChangeable(deps: Deps, caller: Caller, project: ProjectRow, pathId: string): FeatureRequestRow {
  const row = findFeatureRequestByPathId(deps.db, project.id, pathId);
  if (row && mayChangeFeatureRequest(deps, caller, project, row)) return row;
  if (row && canSeeFeatureRequest(deps, caller, project, row))
    throw forbidden('You may not change this feature request.');
  throw notFound(`Feature request ${pathId} not found.`);
}

/** hidden → open; publishing an open request again is a no-op success; other statuses are 422. */
export function publishFeatureRequest(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  pathId: string,
): { success: boolean } {
  const row = findChangeable(deps, caller, project, pathId);
  if (row.status === 'open') return { success: true };
  if (row.status !== 'hidden') throw unprocessable(`A feature request in status ${row.status} cannot be published.`);
  assertStoredValuesValid(deps, project, 'feature_request', listFeatureRequestCustomValues(deps.db, row.id));
  setFeatureRequestStatus(deps.db, row.id, 'open', deps.clock.now().toISOString());
  return { success: true };
}

export function setFeatureRequestContactInfo(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  pathId: string,
  rawBody: unknown,
): z.infer<typeof FeatureRequestContactResponse> {
  const row = findChangeable(deps, caller, project, pathId);
  const body = FeatureRequestContactBody.parse(rawBody);
  const now = deps.clock.now().toISOString();
  const email = body.email ?? null;
  const discordId = body.discord_id ?? null;
  const user = deps.db.transaction(() => {
    const contact = findOrCreateVirtualUser(deps.db, email ? { email } : { discordId: discordId! }, now);
    setFeatureRequestContact(deps.db, row.id, { reporterUserId: contact.id, email, discordId }, now);
    addSubscriber(deps.db, row.id, contact.id);
    return contact;
  })();
  notify(deps, {
    kind: 'notification',
    event: 'feature_request.contact_info_set',
    projectId: project.id,
    recipientUserId: user.id,
    recipientEmail: email,
    subject: `You will hear about "${row.title}"`,
    body: `We will let you know when the feature request "${row.title}" in ${project.name} changes.`,
    data: { feature_request_id: row.scoped_id, discord_id: discordId },
  });
  return {
    success: true,
    message: 'Contact information saved; you will be notified about this feature request.',
    feature_request_id: row.scoped_id,
    user: {
      id: user.id,
      email: user.email ?? email,
      discord_id: discordId ?? user.discord_id,
      virtual: user.virtual === 1,
    },
  };
}

export function readFeatureRequestFile(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  pathId: string,
  fileId: number,
) {
  const row = findVisibleFeatureRequest(deps, caller, project, pathId);
  const file = featureRequestFiles.find(deps.db, row.id, fileId);
  if (!file) throw notFound(`File ${fileId} not found on this feature request.`);
  return file;
}
