// Release SQL: the rows other areas read (latest release, by label or id, fixtures), listing by status, field and
// status updates, deletion, download links with their counters, and release attachments.
import { stmt, type Db } from '../../db/database.ts';
import { rememberedSettings } from '../../db/remembered-rows.ts';
import { nextIdSql } from '../../db/retired-ids.ts';

export interface ReleaseRow {
  id: number;
  project_id: number;
  label: string;
  summary: string;
  description: string;
  status: 'draft' | 'published' | 'archived';
  release_type: string;
  send_images_separately: number;
  created_at: string;
  updated_at: string;
}

/**
 * `id` is given by fixture documents (docs/api-choices.md#fixture-format "ids may be given"); generated when absent.
 */
export function insertRelease(
  db: Db,
  release: {
    id?: number | null;
    project_id: number;
    label: string;
    summary?: string;
    description?: string;
    status?: string;
    created_at: string;
    updated_at?: string;
  },
): ReleaseRow {
  return stmt(
    db,
    `INSERT INTO releases (id, project_id, label, summary, description, status, created_at, updated_at)
    VALUES (coalesce(?, ${nextIdSql('releases')}), ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
  ).get(
    release.id ?? null,
    release.project_id,
    release.label,
    release.summary ?? '',
    release.description ?? '',
    release.status ?? 'published',
    release.created_at,
    release.updated_at ?? release.created_at,
  ) as ReleaseRow;
}

/**
 * The newest published release, the one a submission without a release is filed against (frozen: a remembered
 * settings row).
 */
export function findLatestPublishedRelease(db: Db, projectId: number): ReleaseRow | undefined {
  return rememberedSettings(
    db,
    'latest-release',
    String(projectId),
    () =>
      stmt(
        db,
        "SELECT * FROM releases WHERE project_id = ? AND status = 'published' " +
          'ORDER BY created_at DESC, id DESC LIMIT 1',
      ).get(projectId) as ReleaseRow | undefined,
  );
}

export function findReleaseByLabel(db: Db, projectId: number, label: string): ReleaseRow | undefined {
  return stmt(db, 'SELECT * FROM releases WHERE project_id = ? AND label = ?').get(projectId, label) as
    | ReleaseRow
    | undefined;
}

export function findRelease(db: Db, projectId: number, id: number): ReleaseRow | undefined {
  return stmt(db, 'SELECT * FROM releases WHERE project_id = ? AND id = ?').get(projectId, id) as
    | ReleaseRow
    | undefined;
}

export interface DownloadLinkRow {
  id: number;
  release_id: number;
  platform: string;
  url: string;
  link_enabled: number;
  download_count: number;
}

export interface ReleaseAttachmentRow {
  id: number;
  release_id: number;
  storage_key: string;
  filename: string;
  content_type: string;
  byte_size: number;
  checksum: string;
  created_at: string;
}

export function listReleasesByStatus(
  db: Db,
  projectId: number,
  statuses: ReleaseRow['status'][],
  sort: 'asc' | 'desc',
): ReleaseRow[] {
  const direction = sort === 'desc' ? 'DESC' : 'ASC';
  return stmt(
    db,
    `SELECT * FROM releases WHERE project_id = ? AND status IN (SELECT value FROM json_each(?))
    ORDER BY created_at ${direction}, id ${direction}`,
  ).all(projectId, JSON.stringify(statuses)) as ReleaseRow[];
}

export function updateReleaseFields(
  db: Db,
  id: number,
  fields: Partial<Pick<ReleaseRow, 'label' | 'summary' | 'description' | 'send_images_separately' | 'status'>> & {
    updated_at: string;
  },
): ReleaseRow {
  const columns = Object.keys(fields).filter((key) => (fields as Record<string, unknown>)[key] !== undefined);
  const sql = `UPDATE releases SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id RETURNING *`;
  const values = Object.fromEntries(columns.map((c) => [c, (fields as Record<string, unknown>)[c]]));
  return stmt(db, sql).get({ ...values, id }) as ReleaseRow;
}

export function insertReleaseWithOptions(
  db: Db,
  release: Pick<
    ReleaseRow,
    'project_id' | 'label' | 'summary' | 'description' | 'status' | 'send_images_separately' | 'created_at'
  >,
): ReleaseRow {
  return stmt(
    db,
    `INSERT INTO releases (id, project_id, label, summary, description, status, send_images_separately, ` +
      `created_at, updated_at)
    VALUES (${nextIdSql('releases')}, @project_id, @label, @summary, @description, @status, @send_images_separately, ` +
      `@created_at, @created_at) RETURNING *`,
  ).get(release) as ReleaseRow;
}

export function deleteReleaseRow(db: Db, id: number): void {
  stmt(db, 'DELETE FROM releases WHERE id = ?').run(id);
}

export function countPublishedReleases(db: Db, projectId: number): number {
  return stmt(db, "SELECT count(*) FROM releases WHERE project_id = ? AND status = 'published'")
    .pluck()
    .get(projectId) as number;
}

export function countIssuesOfRelease(db: Db, releaseId: number): number {
  return stmt(db, 'SELECT count(*) FROM issues WHERE release_id = ?').pluck().get(releaseId) as number;
}

export function listDownloadLinks(db: Db, releaseId: number): DownloadLinkRow[] {
  return stmt(db, 'SELECT * FROM release_download_links WHERE release_id = ? ORDER BY id').all(
    releaseId,
  ) as DownloadLinkRow[];
}

export function insertDownloadLink(
  db: Db,
  link: { release_id: number; platform: string; url: string; link_enabled: boolean },
): DownloadLinkRow {
  return stmt(
    db,
    `INSERT INTO release_download_links (id, release_id, platform, url, link_enabled)
    VALUES (${nextIdSql('release_download_links')}, ?, ?, ?, ?) RETURNING *`,
  ).get(link.release_id, link.platform, link.url, link.link_enabled ? 1 : 0) as DownloadLinkRow;
}

export function updateDownloadLink(
  db: Db,
  id: number,
  fields: { platform?: string; url?: string; link_enabled?: boolean },
): void {
  stmt(
    db,
    `UPDATE release_download_links SET platform = coalesce(@platform, platform), url = coalesce(@url, url),
    link_enabled = coalesce(@link_enabled, link_enabled) WHERE id = @id`,
  ).run({
    id,
    platform: fields.platform ?? null,
    url: fields.url ?? null,
    link_enabled: fields.link_enabled === undefined ? null : fields.link_enabled ? 1 : 0,
  });
}

export function deleteDownloadLink(db: Db, id: number): void {
  stmt(db, 'DELETE FROM release_download_links WHERE id = ?').run(id);
}

/** Counts one download, atomically. */
export function countDownload(db: Db, linkId: number): void {
  stmt(db, 'UPDATE release_download_links SET download_count = download_count + 1 WHERE id = ?').run(linkId);
}

export function insertReleaseAttachment(db: Db, attachment: Omit<ReleaseAttachmentRow, 'id'>): ReleaseAttachmentRow {
  return stmt(
    db,
    `INSERT INTO release_attachments (id, release_id, storage_key, filename, content_type, byte_size, checksum,
      created_at)
    VALUES (${nextIdSql('release_attachments')}, @release_id, @storage_key, @filename, @content_type, @byte_size,
      @checksum, @created_at) RETURNING *`,
  ).get(attachment) as ReleaseAttachmentRow;
}

export function listReleaseAttachments(db: Db, releaseId: number): ReleaseAttachmentRow[] {
  return stmt(db, 'SELECT * FROM release_attachments WHERE release_id = ? ORDER BY id').all(
    releaseId,
  ) as ReleaseAttachmentRow[];
}

export function countReleaseAttachments(db: Db, releaseId: number): number {
  return stmt(db, 'SELECT count(*) FROM release_attachments WHERE release_id = ?').pluck().get(releaseId) as number;
}

export function deleteReleaseAttachment(db: Db, id: number): void {
  stmt(db, 'DELETE FROM release_attachments WHERE id = ?').run(id);
}

/** Users of the project's members, the recipients of release notifications. */
export function listProjectMemberUserIds(db: Db, projectId: number): number[] {
  return stmt(db, 'SELECT user_id FROM project_members WHERE project_id = ? ORDER BY user_id')
    .pluck()
    .all(projectId) as number[];
}
