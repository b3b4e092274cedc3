// Media of an issue as other areas use it: rendering by caller visibility, attaching inline logs
// and crash-report files, pruning by include flags, counting. Also the attachment record shape
// (docs/api/media.md#records-and-visibility) shared by listing, upload answers and the Issue object.
import { randomBytes } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import {
  blobsOfAttachment,
  countAttachments,
  deleteAttachmentRow,
  deleteBlobRow,
  insertAttachment,
  insertBlob,
  isBlobReferenced,
  listAttachments,
  type AttachmentKind,
  type AttachmentRow,
  type AttachmentWithKeys,
} from './repository.ts';
import type { IssueRow } from '../issues/repository.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { findUserById } from '../projects-auth/users-repository.ts';
import { storageFor } from '../../storage/storage.ts';
import type { MediaKind } from '../../../../widget/src/protocol/media.ts';
import { forbidden, notFound } from '../../errors.ts';
import { isDeveloperLevel, isTeam } from '../projects-auth/access.ts';
import type { Caller } from '../projects-auth/caller.ts';
import { KIND_RULES, sanitizeFilename, screenshotStatusCode } from './rules.ts';

/** Opaque random storage keys: nothing about the issue or file can be read from a media URL. */
export function newStorageKey(): string {
  return randomBytes(24).toString('base64url');
}

export function cdnUrl(deps: Pick<Deps, 'config'>, key: string): string {
  return `${deps.config.publicUrl}/cdn/${key}`;
}

/** The deterministic stand-in for the AI screenshot caption (docs/api-choices.md#stand-ins-for-the-ai). */
export function describeScreenshot(issue: IssueRow): string {
  const title = issue.title.trim().slice(0, 120);
  return title ? `Screenshot of "${title}"` : 'Screenshot';
}

/** `screenshots` or `screenshot` → `screenshot`. */
export function toAttachmentKind(kind: AttachmentKind | MediaKind): AttachmentKind {
  return kind in KIND_RULES ? KIND_RULES[kind as MediaKind].kind : (kind as AttachmentKind);
}

type UserRefOut = { id: number; name: string | null } | null;

/** The integer id, as the Issue object's `reported_by` and `assigned_to` name the same people. */
function userRef(deps: Pick<Deps, 'db'>, userId: number | null): UserRefOut {
  if (userId === null) return null;
  const user = findUserById(deps.db, userId);
  return user ? { id: user.id, name: user.name } : null;
}

/**
 * One attachment as the listing, the upload answers and the Issue object render it. `user` is
 * the issue's reporter for screenshots and the uploader otherwise; like every reporter it is
 * shown to the team only (docs/api-choices.md#visibility), null for everyone else.
 */
export function toAttachmentRecord(
  deps: Pick<Deps, 'db' | 'config'>,
  row: AttachmentWithKeys,
  issue: IssueRow,
  showUsers: boolean,
): Record<string, unknown> {
  const userId = row.kind === 'screenshot' ? issue.reporter_user_id : row.user_id;
  const record: Record<string, unknown> = {
    id: row.id,
    type: row.kind,
    created_at: row.created_at,
    updated_at: row.updated_at,
    media_size_bytes: row.media_size_bytes,
    size_bytes: row.media_size_bytes,
    content_type: row.content_type,
    url: row.storage_key ? cdnUrl(deps, row.storage_key) : null,
    filename: row.filename,
    developer_private: row.developer_private === 1,
    user: showUsers ? userRef(deps, userId) : null,
  };
  if (row.kind === 'screenshot') {
    record.description = row.description;
    record.layer_a_url = row.layer_a_key ? cdnUrl(deps, row.layer_a_key) : null;
    record.layer_a_filename = row.layer_a_key ? row.layer_a_filename : null;
  }
  if (row.kind === 'video_clip') {
    record.processing = row.processing === 1;
    record.processed = row.processed === 1;
    record.failed = row.failed === 1;
    // An extension: why processing failed (e.g. no ffmpeg on this server), only when it did.
    if (row.failed === 1 && row.failure_reason) record.failure_reason = row.failure_reason;
  }
  return record;
}

/** Attachments of one kind the caller may see: `developer_private` ones reach the team only. */
export function visibleAttachments(
  deps: Pick<Deps, 'db'>,
  caller: Caller,
  project: ProjectRow,
  issueId: number,
  kind?: AttachmentKind,
): AttachmentWithKeys[] {
  const rows = listAttachments(deps.db, issueId, kind);
  return isTeam(deps, caller, project) ? rows : rows.filter((row) => row.developer_private === 0);
}

/**
 * The four media arrays of the Issue object, filtered by the caller's visibility. `loaded` are the issue's
 * attachments when the caller read them already (a list reads a whole page's in one query).
 */
export function renderIssueMedia(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  issue: IssueRow,
  loaded?: AttachmentWithKeys[],
): { screenshots: unknown[]; log_files: unknown[]; video_clips: unknown[]; binary_files: unknown[] } {
  const team = isTeam(deps, caller, project);
  const rows = loaded
    ? team
      ? loaded
      : loaded.filter((row) => row.developer_private === 0)
    : visibleAttachments(deps, caller, project, issue.id);
  const of = (kind: AttachmentKind) =>
    rows.filter((row) => row.kind === kind).map((row) => toAttachmentRecord(deps, row, issue, team));
  return {
    screenshots: of('screenshot'),
    log_files: of('log_file'),
    video_clips: of('video_clip'),
    binary_files: of('binary_file'),
  };
}

/**
 * Stores bytes already in memory and attaches them to the issue, synchronously (it may run
 * inside the caller's SQLite transaction). No type or count check: used for `issue[logs]` and
 * crash-report files, whose content the server itself decided to keep. Answers the attachment id.
 */
export function attachFile(
  deps: Deps,
  issue: IssueRow,
  kind: AttachmentKind | MediaKind,
  file: { name: string; type: string; bytes: Uint8Array },
  userId: number | null,
): number {
  const attachmentKind = toAttachmentKind(kind);
  const key = newStorageKey();
  const written = storageFor(deps).writeBytesSync(key, file.bytes);
  const now = deps.clock.now().toISOString();
  const filename = sanitizeFilename(file.name) || 'file';
  const contentType = file.type || 'application/octet-stream';
  const blob = insertBlob(deps.db, {
    storage_key: key,
    project_id: issue.project_id,
    issue_id: issue.id,
    kind: attachmentKind,
    filename,
    content_type: contentType,
    byte_size: written.size,
    checksum: written.md5,
    uploaded_at: now,
    attached_at: now,
    created_at: now,
  });
  const video = attachmentKind === 'video_clip';
  return insertAttachment(deps.db, {
    issue_id: issue.id,
    kind: attachmentKind,
    blob_id: blob.id,
    source_blob_id: blob.id,
    filename,
    content_type: contentType,
    media_size_bytes: written.size,
    user_id: userId,
    created_at: now,
    description: attachmentKind === 'screenshot' ? describeScreenshot(issue) : null,
    status: attachmentKind === 'screenshot' ? 'ready' : null,
    // Server-made videos are kept as they are: not transcoded, marked failed only by a real job.
    processed: video ? 1 : 0,
  }).id;
}

/** `issue[logs]` at create: the inline text becomes a log file (docs/api/media.md#for-other-areas). */
export function attachInlineLog(
  deps: Deps,
  issue: IssueRow,
  text: string,
  userId: number | null,
  name?: string,
): number {
  return attachFile(
    deps,
    issue,
    'log_file',
    { name: name?.trim() || 'logs.txt', type: 'text/plain', bytes: new TextEncoder().encode(text) },
    userId,
  );
}

/** Deletes an attachment row and its bytes (bytes after the row, best effort, never throws). */
export function destroyAttachment(deps: Deps, row: AttachmentRow): void {
  const blobs = blobsOfAttachment(deps.db, row);
  deleteAttachmentRow(deps.db, row.id);
  for (const blob of blobs) {
    if (isBlobReferenced(deps.db, blob.id)) continue;
    deleteBlobRow(deps.db, blob.id);
    void storageFor(deps)
      .delete(blob.storage_key)
      .catch(() => undefined);
  }
}

/**
 * `issue[process_include_flags]`: keeps the kinds whose flag is true and deletes the rest
 * (screenshots; video clips; other = log and binary files). Answers how many were deleted.
 */
export function pruneIssueMedia(
  deps: Deps,
  issue: IssueRow,
  keep: { screenshots: boolean; videos: boolean; other: boolean },
): number {
  const drop = new Set<AttachmentKind>();
  if (!keep.screenshots) drop.add('screenshot');
  if (!keep.videos) drop.add('video_clip');
  if (!keep.other) {
    drop.add('log_file');
    drop.add('binary_file');
  }
  const rows = listAttachments(deps.db, issue.id).filter((row) => drop.has(row.kind));
  for (const row of rows) destroyAttachment(deps, row);
  return rows.length;
}

/** How many attachments of every kind the issue has (all of them, private ones included). */
export function countIssueMedia(deps: Pick<Deps, 'db'>, issueId: number): number {
  return countAttachments(deps.db, issueId);
}

/** GET …/{media}.json: a bare array of what the caller may see. */
export function listIssueMedia(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  issue: IssueRow,
  media: MediaKind,
): unknown[] {
  const team = isTeam(deps, caller, project);
  return visibleAttachments(deps, caller, project, issue.id, KIND_RULES[media].kind).map((row) =>
    toAttachmentRecord(deps, row, issue, team),
  );
}

/**
 * The rendered record of one attachment, as the multipart upload answers it, with the raw columns the
 * service's clients read from that answer: `issue_id`, and a screenshot's `status` (docs/api/media.md#multipart).
 */
export function renderAttachment(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  issue: IssueRow,
  attachmentId: number,
): unknown {
  const row = listAttachments(deps.db, issue.id).find((r) => r.id === attachmentId);
  if (!row) throw notFound('Attachment not found.');
  return {
    ...toAttachmentRecord(deps, row, issue, isTeam(deps, caller, project)),
    issue_id: row.issue_id,
    ...(row.kind === 'screenshot' ? { status: screenshotStatusCode(row.status) } : {}),
  };
}

/** DELETE …/{media}/{id}: developer-level access only (docs/api-choices.md#operation-paths). */
export function deleteIssueMedia(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  issue: IssueRow,
  media: MediaKind,
  idText: string,
): void {
  if (!isDeveloperLevel(deps, caller, project)) throw forbidden('Only developers may delete media.');
  const id = /^\d+$/.test(idText) ? Number(idText) : NaN;
  const row = listAttachments(deps.db, issue.id, KIND_RULES[media].kind).find((r) => r.id === id);
  if (!row) throw notFound(`No such ${media.replace(/s$/, '').replace('_', ' ')} on this issue.`);
  destroyAttachment(deps, row);
}
