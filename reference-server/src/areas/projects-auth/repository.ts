// Projects, their statuses, members and project tokens.
import { rememberedSettings } from '../../db/remembered-rows.ts';
import { stmt, type Db } from '../../db/database.ts';
import { newPublicId } from '../../db/public-id.ts';

export interface ProjectRow {
  id: number;
  public_id: string;
  organization_id: number;
  name: string;
  description: string;
  access: 'private' | 'public';
  modules: string;
  platforms: string;
  min_description_length: number;
  min_suggestion_length: number;
  hide_release_versions: number;
  duplicate_detection: number;
  duplicate_threshold: number;
  nda: number;
  discord_ids_for_issues: number;
  publish_after_default: string | null;
  tester_cap_24h: number | null;
  tester_cap_7d: number | null;
  sentiment_analysis: number;
  has_discord_bot: number;
  integrations: string;
  created_at: string;
  updated_at: string;
}

export type NewProject = Omit<ProjectRow, 'id' | 'public_id'> & { public_id?: string };

export function insertProject(db: Db, project: NewProject): ProjectRow {
  const columns = Object.keys(project).filter((key) => key !== 'public_id');
  const sql =
    `INSERT INTO projects (public_id, ${columns.join(', ')}) VALUES (?, ` +
    `${columns.map(() => '?').join(', ')}) RETURNING *`;
  return stmt(db, sql).get(
    project.public_id ?? newPublicId('pr'),
    ...columns.map((key) => (project as Record<string, unknown>)[key]),
  ) as ProjectRow;
}

export function findProjectByPublicId(db: Db, publicId: string): ProjectRow | undefined {
  return stmt(db, 'SELECT * FROM projects WHERE public_id = ?').get(publicId) as ProjectRow | undefined;
}

export function findProjectById(db: Db, id: number): ProjectRow | undefined {
  return stmt(db, 'SELECT * FROM projects WHERE id = ?').get(id) as ProjectRow | undefined;
}

/** Whether the project has duplicate detection on (read on every issue create: a remembered settings row). */
export function hasDuplicateDetection(db: Db, id: number): boolean {
  return Boolean(
    rememberedSettings(db, 'project-by-id', String(id), () => findProjectById(db, id))?.duplicate_detection,
  );
}

export function listPublicProjects(db: Db, limit: number, offset: number): { rows: ProjectRow[]; total: number } {
  return {
    rows: stmt(db, "SELECT * FROM projects WHERE access = 'public' ORDER BY id LIMIT ? OFFSET ?").all(
      limit,
      offset,
    ) as ProjectRow[],
    total: stmt(db, "SELECT count(*) FROM projects WHERE access = 'public'").pluck().get() as number,
  };
}

/** Projects the user is a member of, or administers through its organization. */
export function listMemberProjects(
  db: Db,
  userId: number,
  limit: number,
  offset: number,
): { rows: ProjectRow[]; total: number } {
  const where = `WHERE projects.id IN (SELECT project_id FROM project_members WHERE user_id = ?)
    OR projects.organization_id IN (SELECT organization_id FROM organization_admins WHERE user_id = ?)`;
  return {
    rows: stmt(db, `SELECT * FROM projects ${where} ORDER BY id LIMIT ? OFFSET ?`).all(
      userId,
      userId,
      limit,
      offset,
    ) as ProjectRow[],
    total: stmt(db, `SELECT count(*) FROM projects ${where}`).pluck().get(userId, userId) as number,
  };
}

export interface MemberRow {
  project_id: number;
  user_id: number;
  role: 'owner' | 'admin' | 'developer' | 'support' | 'tester';
  scopes: string | null;
  nda_accepted: number;
}

export function insertMember(
  db: Db,
  member: Omit<MemberRow, 'scopes' | 'nda_accepted'> & { scopes?: string[]; nda_accepted?: boolean },
): void {
  stmt(
    db,
    'INSERT OR REPLACE INTO project_members (project_id, user_id, role, scopes, nda_accepted) VALUES (?, ?, ?, ?, ?)',
  ).run(
    member.project_id,
    member.user_id,
    member.role,
    member.scopes ? JSON.stringify(member.scopes) : null,
    member.nda_accepted ? 1 : 0,
  );
}

export function findMember(db: Db, projectId: number, userId: number): MemberRow | undefined {
  return stmt(db, 'SELECT * FROM project_members WHERE project_id = ? AND user_id = ?').get(projectId, userId) as
    | MemberRow
    | undefined;
}

export function insertStatus(db: Db, projectId: number, key: string, name: string): void {
  stmt(db, 'INSERT OR REPLACE INTO project_statuses (project_id, key, name) VALUES (?, ?, ?)').run(
    projectId,
    key,
    name,
  );
}

/** The project's own statuses, in order (frozen: remembered settings rows). */
export function listStatuses(db: Db, projectId: number): readonly { key: string; name: string }[] {
  return rememberedSettings(
    db,
    'statuses',
    String(projectId),
    () =>
      stmt(db, 'SELECT key, name FROM project_statuses WHERE project_id = ? ORDER BY rowid').all(projectId) as {
        key: string;
        name: string;
      }[],
  )!;
}

export interface TokenRow {
  id: number;
  project_id: number;
  token: string;
  daily_limit: number;
  flags: string;
  created_at: string;
}

export function insertToken(
  db: Db,
  token: {
    project_id: number;
    token: string;
    daily_limit?: number;
    flags: Record<string, boolean>;
    created_at: string;
  },
): TokenRow {
  return stmt(
    db,
    'INSERT INTO project_tokens (project_id, token, daily_limit, flags, created_at) VALUES (?, ?, ?, ?, ?) RETURNING *',
  ).get(
    token.project_id,
    token.token,
    token.daily_limit ?? 8,
    JSON.stringify(token.flags),
    token.created_at,
  ) as TokenRow;
}

export function findToken(db: Db, token: string): TokenRow | undefined {
  return stmt(db, 'SELECT * FROM project_tokens WHERE token = ?').get(token) as TokenRow | undefined;
}
