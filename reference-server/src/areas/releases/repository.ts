// Release rows as the core needs them (latest release, fixtures). The release API adds to this.
import { stmt, type Db } from '../../db/database.ts';
import { rememberedSettings } from '../../db/remembered-rows.ts';

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
    VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
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

export function insertDownloadLink(
  db: Db,
  link: { release_id: number; platform: string; url: string; link_enabled: boolean },
): void {
  stmt(db, 'INSERT INTO release_download_links (release_id, platform, url, link_enabled) VALUES (?, ?, ?, ?)').run(
    link.release_id,
    link.platform,
    link.url,
    link.link_enabled ? 1 : 0,
  );
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
