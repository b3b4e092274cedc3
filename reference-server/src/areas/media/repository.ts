// SQL of the media area: stored blobs (direct-upload state included), issue attachments and
// video segments. One file over 300 lines because the three tables are only ever used together.
import { stmt, type Db } from '../../db/database.ts';
import { nextIdSql } from '../../db/retired-ids.ts';

export type AttachmentKind = 'screenshot' | 'log_file' | 'binary_file' | 'video_clip';
export type BlobKind = AttachmentKind | 'video_segment';

export interface BlobRow {
  id: number;
  storage_key: string;
  signed_id: string | null;
  upload_token: string | null;
  project_id: number;
  issue_id: number | null;
  kind: BlobKind;
  filename: string;
  display_name: string | null;
  developer_private: number;
  content_type: string;
  byte_size: number;
  checksum: string;
  uploaded_at: string | null;
  attached_at: string | null;
  upload_expires_at: string | null;
  signed_id_expires_at: string | null;
  created_at: string;
}

export interface AttachmentRow {
  id: number;
  issue_id: number;
  kind: AttachmentKind;
  blob_id: number | null;
  source_blob_id: number | null;
  layer_a_blob_id: number | null;
  filename: string | null;
  content_type: string;
  media_size_bytes: number;
  user_id: number | null;
  developer_private: number;
  description: string | null;
  status: string | null;
  processing: number;
  processed: number;
  failed: number;
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** An attachment with the storage keys of its bytes and annotation layer. */
export interface AttachmentWithKeys extends AttachmentRow {
  storage_key: string | null;
  checksum: string | null;
  layer_a_key: string | null;
  layer_a_filename: string | null;
}

export interface VideoSegmentRow {
  id: number;
  issue_id: number;
  merge_group: string;
  position: number;
  merge_total: number;
  blob_id: number;
  user_id: number | null;
  developer_private: number;
  attachment_id: number | null;
  created_at: string;
}

export type NewBlob = Omit<
  BlobRow,
  | 'id'
  | 'signed_id'
  | 'upload_token'
  | 'display_name'
  | 'developer_private'
  | 'uploaded_at'
  | 'attached_at'
  | 'upload_expires_at'
  | 'signed_id_expires_at'
> &
  Partial<
    Pick<
      BlobRow,
      | 'signed_id'
      | 'upload_token'
      | 'display_name'
      | 'developer_private'
      | 'uploaded_at'
      | 'attached_at'
      | 'upload_expires_at'
      | 'signed_id_expires_at'
    >
  >;

export function insertBlob(db: Db, blob: NewBlob): BlobRow {
  return stmt(
    db,
    `INSERT INTO blobs (storage_key, signed_id, upload_token, project_id, issue_id, kind, filename, display_name, ` +
      `developer_private,
      content_type, byte_size, checksum, uploaded_at, attached_at, upload_expires_at, signed_id_expires_at, created_at)
    VALUES (@storage_key, @signed_id, @upload_token, @project_id, @issue_id, @kind, @filename, @display_name, ` +
      `@developer_private,
      @content_type, @byte_size, @checksum, @uploaded_at, @attached_at, @upload_expires_at, @signed_id_expires_at, ` +
      `@created_at) RETURNING *`,
  ).get({
    signed_id: null,
    upload_token: null,
    display_name: null,
    developer_private: 0,
    uploaded_at: null,
    attached_at: null,
    upload_expires_at: null,
    signed_id_expires_at: null,
    ...blob,
  }) as BlobRow;
}

export function findBlobById(db: Db, id: number): BlobRow | undefined {
  return stmt(db, 'SELECT * FROM blobs WHERE id = ?').get(id) as BlobRow | undefined;
}

export function findBlobBySignedId(db: Db, signedId: string): BlobRow | undefined {
  return stmt(db, 'SELECT * FROM blobs WHERE signed_id = ?').get(signedId) as BlobRow | undefined;
}

export function findBlobByUploadToken(db: Db, token: string): BlobRow | undefined {
  return stmt(db, 'SELECT * FROM blobs WHERE upload_token = ?').get(token) as BlobRow | undefined;
}

/** An attached blob by storage key: what the CDN may serve. */
export function findServableBlob(db: Db, key: string): BlobRow | undefined {
  return stmt(db, 'SELECT * FROM blobs WHERE storage_key = ? AND attached_at IS NOT NULL').get(key) as
    | BlobRow
    | undefined;
}

export function markBlobUploaded(db: Db, id: number, at: string): void {
  stmt(db, 'UPDATE blobs SET uploaded_at = ? WHERE id = ?').run(at, id);
}

export function markBlobAttached(db: Db, id: number, at: string): void {
  stmt(db, 'UPDATE blobs SET attached_at = coalesce(attached_at, ?) WHERE id = ?').run(at, id);
}

export function deleteBlobRow(db: Db, id: number): void {
  stmt(db, 'DELETE FROM blobs WHERE id = ?').run(id);
}

export type NewAttachment = Pick<
  AttachmentRow,
  'issue_id' | 'kind' | 'blob_id' | 'filename' | 'content_type' | 'media_size_bytes' | 'user_id' | 'created_at'
> &
  Partial<
    Pick<
      AttachmentRow,
      | 'source_blob_id'
      | 'layer_a_blob_id'
      | 'developer_private'
      | 'description'
      | 'status'
      | 'processing'
      | 'processed'
      | 'failed'
      | 'failure_reason'
    >
  >;

export function insertAttachment(db: Db, row: NewAttachment): AttachmentRow {
  return stmt(
    db,
    `INSERT INTO attachments (id, issue_id, kind, blob_id, source_blob_id, layer_a_blob_id, filename, content_type, ` +
      `media_size_bytes, user_id,
      developer_private, description, status, processing, processed, failed, failure_reason, created_at, updated_at)
    VALUES (${nextIdSql('attachments')}, @issue_id, @kind, @blob_id, @source_blob_id, @layer_a_blob_id, @filename, @content_type, ` +
      `@media_size_bytes, @user_id,
      @developer_private, @description, @status, @processing, @processed, @failed, @failure_reason, @created_at, ` +
      `@created_at) RETURNING *`,
  ).get({
    source_blob_id: null,
    layer_a_blob_id: null,
    developer_private: 0,
    description: null,
    status: null,
    processing: 0,
    processed: 0,
    failed: 0,
    failure_reason: null,
    ...row,
  }) as AttachmentRow;
}

const WITH_KEYS =
  `SELECT a.*, b.storage_key AS storage_key, b.checksum AS checksum, l.storage_key AS layer_a_key, ` +
  `l.filename AS layer_a_filename
  FROM attachments a LEFT JOIN blobs b ON b.id = a.blob_id LEFT JOIN blobs l ON l.id = a.layer_a_blob_id`;

export function listAttachments(db: Db, issueId: number, kind?: AttachmentKind): AttachmentWithKeys[] {
  if (kind)
    return stmt(db, `${WITH_KEYS} WHERE a.issue_id = ? AND a.kind = ? ORDER BY a.id`).all(
      issueId,
      kind,
    ) as AttachmentWithKeys[];
  return stmt(db, `${WITH_KEYS} WHERE a.issue_id = ? ORDER BY a.id`).all(issueId) as AttachmentWithKeys[];
}

/** The attachments of several issues (a page of a list), grouped by issue, each group in id order. */
export function listAttachmentsOfIssues(db: Db, issueIds: readonly number[]): Map<number, AttachmentWithKeys[]> {
  const byIssue = new Map<number, AttachmentWithKeys[]>(issueIds.map((id) => [id, []]));
  const rows = stmt(
    db,
    `${WITH_KEYS} WHERE a.issue_id IN (SELECT value FROM json_each(?)) ORDER BY a.issue_id, a.id`,
  ).all(JSON.stringify(issueIds)) as AttachmentWithKeys[];
  for (const row of rows) byIssue.get(row.issue_id)?.push(row);
  return byIssue;
}

export function findAttachment(db: Db, id: number): AttachmentWithKeys | undefined {
  return stmt(db, `${WITH_KEYS} WHERE a.id = ?`).get(id) as AttachmentWithKeys | undefined;
}

export function findAttachmentBySourceBlob(db: Db, blobId: number): AttachmentRow | undefined {
  return stmt(db, 'SELECT * FROM attachments WHERE source_blob_id = ?').get(blobId) as AttachmentRow | undefined;
}

export function findAttachmentByLayerBlob(db: Db, blobId: number): AttachmentRow | undefined {
  return stmt(db, 'SELECT * FROM attachments WHERE layer_a_blob_id = ?').get(blobId) as AttachmentRow | undefined;
}

export function countAttachments(db: Db, issueId: number, kind?: AttachmentKind): number {
  if (kind)
    return stmt(db, 'SELECT count(*) FROM attachments WHERE issue_id = ? AND kind = ?')
      .pluck()
      .get(issueId, kind) as number;
  return stmt(db, 'SELECT count(*) FROM attachments WHERE issue_id = ?').pluck().get(issueId) as number;
}

export function updateVideoState(
  db: Db,
  id: number,
  state: { processing: boolean; processed: boolean; failed: boolean; failure_reason?: string | null },
  at: string,
): void {
  stmt(
    db,
    'UPDATE attachments SET processing = ?, processed = ?, failed = ?, failure_reason = ?, updated_at = ? WHERE id = ?',
  ).run(state.processing ? 1 : 0, state.processed ? 1 : 0, state.failed ? 1 : 0, state.failure_reason ?? null, at, id);
}

/** Points an attachment at new bytes (a transcoded or merged video). */
export function replaceAttachmentBlob(db: Db, id: number, blob: BlobRow, at: string): void {
  stmt(
    db,
    'UPDATE attachments SET blob_id = ?, content_type = ?, media_size_bytes = ?, filename = ?, updated_at = ? ' +
      'WHERE id = ?',
  ).run(blob.id, blob.content_type, blob.byte_size, blob.filename, at, id);
}

export function deleteAttachmentRow(db: Db, id: number): void {
  stmt(db, 'DELETE FROM attachments WHERE id = ?').run(id);
}

/** Blobs of an attachment (bytes, source, layer) that nothing else points at any more. */
export function blobsOfAttachment(db: Db, row: AttachmentRow): BlobRow[] {
  const ids = [
    ...new Set([row.blob_id, row.source_blob_id, row.layer_a_blob_id].filter((id): id is number => id !== null)),
  ];
  return ids.map((id) => findBlobById(db, id)).filter((b): b is BlobRow => b !== undefined);
}

export function insertVideoSegment(db: Db, row: Omit<VideoSegmentRow, 'id' | 'attachment_id'>): VideoSegmentRow {
  return stmt(
    db,
    `INSERT INTO video_segments (issue_id, merge_group, position, merge_total, blob_id, user_id, developer_private, ` +
      `created_at)
    VALUES (@issue_id, @merge_group, @position, @merge_total, @blob_id, @user_id, @developer_private, @created_at) ` +
      `RETURNING *`,
  ).get(row) as VideoSegmentRow;
}

export function listVideoSegments(
  db: Db,
  issueId: number,
  group: string,
): Array<VideoSegmentRow & { storage_key: string; content_type: string; byte_size: number }> {
  return stmt(
    db,
    `SELECT s.*, b.storage_key, b.content_type, b.byte_size FROM video_segments s JOIN blobs b ON b.id = s.blob_id
    WHERE s.issue_id = ? AND s.merge_group = ? ORDER BY s.position`,
  ).all(issueId, group) as Array<VideoSegmentRow & { storage_key: string; content_type: string; byte_size: number }>;
}

export function linkSegmentsToAttachment(db: Db, issueId: number, group: string, attachmentId: number): void {
  stmt(db, 'UPDATE video_segments SET attachment_id = ? WHERE issue_id = ? AND merge_group = ?').run(
    attachmentId,
    issueId,
    group,
  );
}

/** Groups of this issue still waiting for segments: each will become one video clip. */
export function countOpenSegmentGroups(db: Db, issueId: number): number {
  return stmt(db, 'SELECT count(DISTINCT merge_group) FROM video_segments WHERE issue_id = ? AND attachment_id IS NULL')
    .pluck()
    .get(issueId) as number;
}

/** Whether an attachment or a video segment still points at the blob. */
export function isBlobReferenced(db: Db, blobId: number): boolean {
  return (
    stmt(
      db,
      `SELECT 1 FROM attachments WHERE blob_id = @id OR layer_a_blob_id = @id OR source_blob_id = @id
    UNION ALL SELECT 1 FROM video_segments WHERE blob_id = @id LIMIT 1`,
    ).get({ id: blobId }) !== undefined
  );
}

/** The issue an attachment belongs to (jobs carry only the attachment id). */
export function findIssueOfAttachment(
  db: Db,
  attachmentId: number,
): import('../issues/repository.ts').IssueRow | undefined {
  return stmt(
    db,
    'SELECT issues.* FROM issues JOIN attachments ON attachments.issue_id = issues.id WHERE attachments.id = ?',
  ).get(attachmentId) as import('../issues/repository.ts').IssueRow | undefined;
}

export function listSegmentsOfAttachment(
  db: Db,
  attachmentId: number,
): Array<VideoSegmentRow & { storage_key: string; content_type: string; byte_size: number }> {
  return stmt(
    db,
    `SELECT s.*, b.storage_key, b.content_type, b.byte_size FROM video_segments s JOIN blobs b ON b.id = s.blob_id
    WHERE s.attachment_id = ? ORDER BY s.position`,
  ).all(attachmentId) as Array<VideoSegmentRow & { storage_key: string; content_type: string; byte_size: number }>;
}

export function deleteSegmentsOfAttachment(db: Db, attachmentId: number): void {
  stmt(db, 'DELETE FROM video_segments WHERE attachment_id = ?').run(attachmentId);
}

export function setAttachmentBlobId(db: Db, attachmentId: number, blobId: number | null, at: string): void {
  stmt(db, 'UPDATE attachments SET blob_id = ?, updated_at = ? WHERE id = ?').run(blobId, at, attachmentId);
}
