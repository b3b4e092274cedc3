// Organizations and their admins.
import { stmt, type Db } from '../../db/database.ts';
import { newPublicId } from '../../db/public-id.ts';

export interface OrganizationRow {
  id: number;
  public_id: string;
  name: string;
  monthly_bug_report_quota: number | null;
  max_video_seconds: number | null;
  created_at: string;
}

export function insertOrganization(
  db: Db,
  org: {
    public_id?: string;
    name: string;
    monthly_bug_report_quota?: number;
    max_video_seconds?: number;
    created_at: string;
  },
): OrganizationRow {
  return stmt(
    db,
    `INSERT INTO organizations (public_id, name, monthly_bug_report_quota, max_video_seconds, created_at)
    VALUES (?, ?, ?, ?, ?) RETURNING *`,
  ).get(
    org.public_id ?? newPublicId('org'),
    org.name,
    org.monthly_bug_report_quota ?? null,
    org.max_video_seconds ?? null,
    org.created_at,
  ) as OrganizationRow;
}

export function findOrganization(db: Db, id: number): OrganizationRow | undefined {
  return stmt(db, 'SELECT * FROM organizations WHERE id = ?').get(id) as OrganizationRow | undefined;
}

export function addOrganizationAdmin(db: Db, organizationId: number, userId: number): void {
  stmt(db, 'INSERT OR IGNORE INTO organization_admins (organization_id, user_id) VALUES (?, ?)').run(
    organizationId,
    userId,
  );
}

export function isOrganizationAdmin(db: Db, organizationId: number, userId: number): boolean {
  return (
    stmt(db, 'SELECT 1 FROM organization_admins WHERE organization_id = ? AND user_id = ?').get(
      organizationId,
      userId,
    ) !== undefined
  );
}

/** Issues created in the organization's projects since `since` (the monthly quota). */
export function countOrganizationIssuesSince(db: Db, organizationId: number, since: string): number {
  return stmt(
    db,
    `SELECT count(*) FROM issues JOIN projects ON projects.id = issues.project_id
    WHERE projects.organization_id = ? AND issues.created_at >= ?`,
  )
    .pluck()
    .get(organizationId, since) as number;
}
