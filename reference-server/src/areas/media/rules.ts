// The rules of each media kind (docs/api/media.md#limits-and-types, docs/api/media.md#direct-upload): path names,
// allowed content types, size and per-issue count caps, and who may write media
// (docs/api-choices.md#draft-and-media-writers).
import type { Deps } from '../../deps.ts';
import { forbidden, notFound } from '../../errors.ts';
import { findIssueByPathId, type IssueRow } from '../issues/repository.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import type { AttachmentKind } from './repository.ts';
import type { MediaKind } from '../../../../widget/src/protocol/media.ts';
import { isTeam } from '../projects-auth/access.ts';
import { canSeeIssue, holdsGrant, viewerOf } from '../issues/visibility.ts';
import { signedInUser, type Caller } from '../projects-auth/caller.ts';

const MB = 1024 * 1024;

export interface KindRules {
  kind: AttachmentKind;
  /** The multipart field holding the file: screenshot[image], log_file[file], … */
  param: string;
  fileField: string;
  maxBytes: number;
  maxCount: number;
  /** null: any type (binary files bypass the check). */
  contentTypes: readonly string[] | null;
}

export const LOG_CONTENT_TYPES = [
  'text/plain',
  'text/csv',
  'text/tab-separated-values',
  'text/xml',
  'text/markdown',
  'text/x-log',
  'text/log',
  'text/yaml',
  'application/json',
  'application/x-ndjson',
  'application/xml',
  'application/yaml',
  'application/x-yaml',
  'application/zip',
  'application/x-zip-compressed',
  'application/gzip',
  'application/x-gzip',
  'application/x-tar',
  'application/x-bzip2',
  'application/x-xz',
  'application/x-7z-compressed',
  'application/vnd.rar',
  'application/x-rar-compressed',
  'application/octet-stream',
] as const;

export const VIDEO_CONTENT_TYPES = ['video/mp4', 'video/quicktime', 'video/webm', 'video/avi', 'video/mov'] as const;

export const KIND_RULES: Record<MediaKind, KindRules> = {
  screenshots: {
    kind: 'screenshot',
    param: 'screenshot',
    fileField: 'image',
    maxBytes: 10 * MB,
    maxCount: 10,
    contentTypes: ['image/png', 'image/jpeg', 'image/jpg'],
  },
  log_files: {
    kind: 'log_file',
    param: 'log_file',
    fileField: 'file',
    maxBytes: 50 * MB,
    maxCount: 10,
    contentTypes: LOG_CONTENT_TYPES,
  },
  binary_files: {
    kind: 'binary_file',
    param: 'binary_file',
    fileField: 'file',
    maxBytes: 50 * MB,
    maxCount: 10,
    contentTypes: null,
  },
  video_clips: {
    kind: 'video_clip',
    param: 'video_clip',
    fileField: 'video',
    maxBytes: 500 * MB,
    maxCount: 3,
    contentTypes: VIDEO_CONTENT_TYPES,
  },
};

export const PATH_OF_KIND: Record<AttachmentKind, MediaKind> = {
  screenshot: 'screenshots',
  log_file: 'log_files',
  binary_file: 'binary_files',
  video_clip: 'video_clips',
};

/** `text/plain; charset=utf-8` → `text/plain`. */
export function baseContentType(type: string): string {
  return type.split(';')[0].trim().toLowerCase();
}

export function isAllowedContentType(rules: KindRules, type: string): boolean {
  return rules.contentTypes === null || rules.contentTypes.includes(baseContentType(type));
}

export function describeAllowed(rules: KindRules): string {
  return rules.contentTypes === null ? 'any type' : rules.contentTypes.join(', ');
}

/** The one file-name rule of every upload (storage/content-sniff.ts). */
export { sanitizeFilename } from '../../storage/content-sniff.ts';

/** The issue of a media path, or 404; whether the caller may see or write it is checked apart. */
export function findIssueOfPath(deps: Pick<Deps, 'db'>, project: ProjectRow, pathId: string): IssueRow {
  const issue = findIssueByPathId(deps.db, project.id, pathId);
  if (!issue) throw notFound('Issue not found.');
  return issue;
}

/** 404 for an issue the caller may not see (issues/visibility.ts), so its existence does not leak. */
export function assertCanSeeIssue(deps: Pick<Deps, 'db'>, caller: Caller, project: ProjectRow, issue: IssueRow): void {
  if (!canSeeIssue(deps, caller, project, issue)) throw notFound('Issue not found.');
}

/**
 * Media writes (docs/api-choices.md#draft-and-media-writers): the issue's draft JWT (Bearer, or after
 * the token in FormUser), the project token itself, the team, and the signed-in user who reported the
 * issue; and only to an issue the caller may see, so no write reaches (or its answer describes) a hidden issue.
 */
export function canWriteMedia(deps: Pick<Deps, 'db'>, caller: Caller, project: ProjectRow, issue: IssueRow): boolean {
  if (!canSeeIssue(deps, caller, project, issue)) return false;
  if (holdsGrant(viewerOf(deps, caller, project), issue)) return true;
  if (caller.token && caller.token.project_id === project.id) return true;
  if (isTeam(deps, caller, project)) return true;
  const user = signedInUser(caller);
  return user !== null && issue.reporter_user_id === user.id;
}

/** 404 (as a GET answers) for an issue the caller may not see; 403 when it sees it but may not write. */
export function assertCanWriteMedia(
  deps: Pick<Deps, 'db'>,
  caller: Caller,
  project: ProjectRow,
  issue: IssueRow,
): void {
  assertCanSeeIssue(deps, caller, project, issue);
  if (canWriteMedia(deps, caller, project, issue)) return;
  throw forbidden(
    caller.issueGrant ? 'This token was issued for another issue.' : 'You are not allowed to add media to this issue.',
  );
}

/**
 * A screenshot's `status` as the raw integer column the service's web-form client types it as (docs/api/media.md#
 * direct-upload): 1 once stored with its description, the only state a screenshot here reaches; 0 otherwise.
 */
export function screenshotStatusCode(status: string | null): number {
  return status === null || status === 'ready' ? 1 : 0;
}
