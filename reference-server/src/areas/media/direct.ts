// The three-step direct upload (docs/api/media.md#direct-upload, docs/api-choices.md#storage-and-media-urls): presign
// with the declared name, size, MD5 and type; the storage PUT, streamed and checked like S3 checks a
// presigned PUT; confirm, which turns the uploaded blob into an attachment (idempotently).
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Deps } from '../../deps.ts';
import { ServiceError, badRequest, notFound, unprocessable } from '../../errors.ts';
import type { Body } from '../../input.ts';
import {
  countAttachments,
  findAttachmentByLayerBlob,
  findAttachmentBySourceBlob,
  findBlobBySignedId,
  findBlobByUploadToken,
  insertAttachment,
  insertBlob,
  markBlobAttached,
  markBlobUploaded,
  type AttachmentRow,
  type BlobRow,
} from './repository.ts';
import type { IssueRow } from '../issues/repository.ts';
import { storageFor } from '../../storage/storage.ts';
import { StorageWriteError } from '../../storage/write-error.ts';
import {
  ConfirmUploadBody,
  PresignedUploadBody,
  type ConfirmUploadResponse,
  type MediaKind,
  type PresignedUploadResponse,
} from '../../../../widget/src/protocol/media.ts';
import type { Caller } from '../projects-auth/caller.ts';
import { describeScreenshot, newStorageKey } from './attachments.ts';
import { KIND_RULES, describeAllowed, isAllowedContentType, sanitizeFilename, screenshotStatusCode } from './rules.ts';

/**
 * The upload URL is short-lived (docs/api-choices.md#storage-and-media-urls); the blob_signed_id outlives it for a day.
 */
export const UPLOAD_URL_TTL_MS = 5 * 60_000;
export const SIGNED_ID_TTL_MS = 24 * 3_600_000;
export const PURGE_JOB = 'media.purge_unconfirmed_upload';

const opaque = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

function formatMb(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}

/** Accepts the fields at the top level, or nested under `blob` as Active Storage sends them. */
function directFields(body: Body): Body {
  return typeof body.blob === 'object' && body.blob !== null && body.filename === undefined
    ? { ...(body.blob as Body), ...body }
    : body;
}

function requireParams(body: Body, names: string[]): void {
  const missing = names.filter((name) => body[name] === undefined || body[name] === null || body[name] === '');
  if (missing.length > 0)
    throw badRequest(`Missing required parameter${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`);
}

export function assertUnderCountCap(deps: Pick<Deps, 'db'>, issue: IssueRow, media: MediaKind): void {
  const rules = KIND_RULES[media];
  if (countAttachments(deps.db, issue.id, rules.kind) >= rules.maxCount) {
    throw unprocessable(`This issue already has the maximum of ${rules.maxCount} ${media.replace('_', ' ')}.`);
  }
}

/** Step 1: validate the declaration and sign an upload URL bound to its type, MD5 and size. */
export function presignUpload(deps: Deps, issue: IssueRow, media: MediaKind, rawBody: Body): PresignedUploadResponse {
  const rules = KIND_RULES[media];
  const body = directFields(rawBody);
  requireParams(body, ['filename', 'byte_size', 'checksum', 'content_type']);
  const input = PresignedUploadBody.parse(body);
  if (!isAllowedContentType(rules, input.content_type)) {
    throw unprocessable(
      `Content type ${input.content_type} is not allowed for ${media.replace('_', ' ')} (allowed: ` +
        `${describeAllowed(rules)}).`,
    );
  }
  if (input.byte_size > rules.maxBytes)
    throw unprocessable(
      `The file is too large: ${media.replace('_', ' ')} may be at most ${formatMb(rules.maxBytes)}.`,
    );
  assertUnderCountCap(deps, issue, media);

  const now = deps.clock.now();
  const filename = sanitizeFilename(input.filename) || 'file';
  const blob = insertBlob(deps.db, {
    storage_key: newStorageKey(),
    signed_id: opaque('bs_'),
    upload_token: opaque(''),
    project_id: issue.project_id,
    issue_id: issue.id,
    kind: rules.kind,
    filename,
    display_name: input.name?.trim() ? sanitizeFilename(input.name) : null,
    developer_private: input.developer_private ? 1 : 0,
    content_type: input.content_type.trim(),
    byte_size: input.byte_size,
    checksum: input.checksum,
    upload_expires_at: new Date(now.getTime() + UPLOAD_URL_TTL_MS).toISOString(),
    signed_id_expires_at: new Date(now.getTime() + SIGNED_ID_TTL_MS).toISOString(),
    created_at: now.toISOString(),
  });
  deps.jobs.enqueue(PURGE_JOB, { blob_id: blob.id }, new Date(now.getTime() + SIGNED_ID_TTL_MS));
  return {
    direct_upload_url: `${deps.config.publicUrl}/storage/direct/${blob.upload_token}`,
    headers: { 'Content-Type': blob.content_type, 'Content-MD5': blob.checksum },
    blob_signed_id: blob.signed_id!,
    blob_id: blob.id,
  };
}

/** An S3-style refusal: the status, S3's error code beside the sentence. */
function storageError(status: 400 | 403, code: string, message: string): ServiceError {
  return new ServiceError(status === 400 ? 'bad_request' : 'forbidden', message, { code });
}

export interface SignedHeaders {
  contentType?: string;
  contentMd5?: string;
  contentLength?: string;
}

/**
 * Step 2, the storage endpoint: checks the URL, its expiry by the server clock and the signed
 * headers before reading a byte, then streams the body to storage while hashing it. The
 * object appears only when size and MD5 match; a refused upload keeps nothing.
 */
export async function receiveDirectUpload(
  deps: Deps,
  token: string,
  headers: SignedHeaders,
  body: Readable | AsyncIterable<Uint8Array>,
): Promise<{ etag: string }> {
  const blob = findBlobByUploadToken(deps.db, token);
  if (!blob) throw storageError(403, 'AccessDenied', 'The upload URL is not valid.');
  if (blob.attached_at)
    throw storageError(403, 'AccessDenied', 'This upload has already been confirmed; request a new upload URL.');
  if (deps.clock.now().toISOString() >= (blob.upload_expires_at ?? ''))
    throw storageError(403, 'AccessDenied', 'Request has expired: upload URLs are valid for 5 minutes.');
  if ((headers.contentType ?? '').trim().toLowerCase() !== blob.content_type.toLowerCase()) {
    throw storageError(
      403,
      'SignatureDoesNotMatch',
      `The Content-Type header (${headers.contentType ?? 'none'}) does not match the signed ${blob.content_type}.`,
    );
  }
  if ((headers.contentMd5 ?? '').trim() !== blob.checksum) {
    throw storageError(403, 'SignatureDoesNotMatch', 'The Content-MD5 header does not match the signed checksum.');
  }
  if (headers.contentLength !== undefined && Number(headers.contentLength) !== blob.byte_size) {
    throw storageError(
      403,
      'SignatureDoesNotMatch',
      `The Content-Length (${headers.contentLength}) does not match the signed size of ${blob.byte_size} bytes.`,
    );
  }
  try {
    await storageFor(deps).writeStream(blob.storage_key, body, {
      expectedSize: blob.byte_size,
      expectedMd5: blob.checksum,
    });
  } catch (error) {
    if (!(error instanceof StorageWriteError)) throw error;
    if (error.reason === 'bad_digest') throw storageError(400, 'BadDigest', error.message);
    if (error.reason === 'too_large') throw storageError(400, 'EntityTooLarge', error.message);
    throw storageError(400, 'IncompleteBody', error.message);
  }
  markBlobUploaded(deps.db, blob.id, deps.clock.now().toISOString());
  return { etag: `"${Buffer.from(blob.checksum, 'base64').toString('hex')}"` };
}

/** The created record as raw columns (docs/api/media.md#direct-upload, step 3), with no URL. */
export function toRawColumns(row: AttachmentRow): ConfirmUploadResponse {
  const raw: ConfirmUploadResponse = {
    id: row.id,
    issue_id: row.issue_id,
    media_size_bytes: row.media_size_bytes,
    user_id: row.user_id,
    developer_private: row.developer_private === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
  if (row.kind === 'screenshot')
    Object.assign(raw, { status: screenshotStatusCode(row.status), description: row.description });
  if (row.kind === 'video_clip')
    Object.assign(raw, { processing: row.processing === 1, processed: row.processed === 1, failed: row.failed === 1 });
  return raw;
}

/** A blob of this issue and kind whose signed id is still valid, else 404. */
function findUsableBlob(deps: Deps, signedId: string, issue: IssueRow, kind: BlobRow['kind']): BlobRow {
  const blob = findBlobBySignedId(deps.db, signedId);
  if (!blob || blob.issue_id !== issue.id || blob.kind !== kind) throw notFound('Invalid or expired blob_signed_id.');
  return blob;
}

async function assertUploaded(deps: Deps, blob: BlobRow, what: string): Promise<void> {
  const stored = blob.uploaded_at ? await storageFor(deps).stat(blob.storage_key) : null;
  if (!stored)
    throw unprocessable(`The ${what} has not been uploaded yet: PUT the bytes to the direct_upload_url first.`);
}

/** The uploader: the caller's user, or for the issue's own JWT its reporter. */
export function uploaderOf(caller: Caller, issue: IssueRow): number | null {
  if (caller.user) return caller.user.id;
  return caller.issueGrant?.issueId === issue.id ? issue.reporter_user_id : null;
}

/** Step 3: the uploaded blob becomes an attachment; confirming the same blob again answers the same record. */
export async function confirmUpload(
  deps: Deps,
  caller: Caller,
  issue: IssueRow,
  media: MediaKind,
  body: Body,
): Promise<ConfirmUploadResponse> {
  const rules = KIND_RULES[media];
  requireParams(body, ['blob_signed_id']);
  // A signed id that is not a string (a client sending blob_id, say) names no blob: 404 as for any invalid
  // blob_signed_id (docs/api/media.md#direct-upload), not a schema 422.
  for (const name of ['blob_signed_id', 'layer_a_blob_signed_id']) {
    if (body[name] !== undefined && typeof body[name] !== 'string') throw notFound(`Invalid or expired ${name}.`);
  }
  const input = ConfirmUploadBody.parse(body);
  const blob = findUsableBlob(deps, input.blob_signed_id, issue, rules.kind);
  const existing = findAttachmentBySourceBlob(deps.db, blob.id);
  if (existing) return toRawColumns(existing);
  if (findAttachmentByLayerBlob(deps.db, blob.id))
    throw unprocessable('This blob is already the annotation layer of a screenshot.');
  const now = deps.clock.now().toISOString();
  if (now >= (blob.signed_id_expires_at ?? '')) throw notFound('Invalid or expired blob_signed_id.');
  await assertUploaded(deps, blob, 'file');

  let layer: BlobRow | null = null;
  if (input.layer_a_blob_signed_id !== undefined) {
    if (media !== 'screenshots')
      throw unprocessable('Only screenshots have an annotation layer (layer_a_blob_signed_id).');
    layer = findUsableBlob(deps, input.layer_a_blob_signed_id, issue, 'screenshot');
    if (layer.id === blob.id || layer.attached_at || now >= (layer.signed_id_expires_at ?? ''))
      throw notFound('Invalid or expired layer_a_blob_signed_id.');
    await assertUploaded(deps, layer, 'annotation layer');
  }
  assertUnderCountCap(deps, issue, media);

  const row = deps.db.transaction(() => {
    markBlobAttached(deps.db, blob.id, now);
    if (layer) markBlobAttached(deps.db, layer.id, now);
    const screenshot = rules.kind === 'screenshot';
    return insertAttachment(deps.db, {
      issue_id: issue.id,
      kind: rules.kind,
      blob_id: blob.id,
      source_blob_id: blob.id,
      layer_a_blob_id: layer?.id ?? null,
      filename: (input.name?.trim() ? sanitizeFilename(input.name) : null) || blob.display_name || blob.filename,
      content_type: blob.content_type,
      // An annotated screenshot's size is its image plus its layer, as the service reports it.
      media_size_bytes: blob.byte_size + (layer?.byte_size ?? 0),
      user_id: uploaderOf(caller, issue),
      developer_private: (input.developer_private ?? blob.developer_private === 1) ? 1 : 0,
      description: screenshot ? describeScreenshot(issue) : null,
      status: screenshot ? 'ready' : null,
      // Direct uploads are processed at confirmation, with no transcoding or length check
      // (docs/api/media.md#video-clips).
      processed: rules.kind === 'video_clip' ? 1 : 0,
      created_at: now,
    });
  })();
  return toRawColumns(row);
}
