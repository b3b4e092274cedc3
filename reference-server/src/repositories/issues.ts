// Issue rows: inserting with the next per-project scoped id, and lookups by g-id or scoped id.
import { stmt, type Db } from '../db/database.ts';

export interface IssueRow {
  id: number;
  project_id: number;
  scoped_id: number;
  title: string;
  description: string;
  status: string;
  priority: string;
  score: string;
  raw: number;
  source: string | null;
  archived: number;
  discord_message: string | null;
  reporter_user_id: number | null;
  assigned_to_user_id: number | null;
  release_id: number | null;
  duplicate_of_issue_id: number | null;
  steps: string;
  debug_trace: string | null;
  device: string | null;
  publish_at: string | null;
  created_at: string;
  updated_at: string;
}

export type NewIssue = Omit<IssueRow, 'id' | 'scoped_id' | 'duplicate_of_issue_id' | 'archived' | 'discord_message' | 'publish_at'> &
  Partial<Pick<IssueRow, 'archived' | 'discord_message' | 'publish_at' | 'duplicate_of_issue_id'>>;

/** Inserts with scoped_id = the project's highest + 1, in one statement so two writers never collide. */
export function insertIssue(db: Db, issue: NewIssue): IssueRow {
  return stmt(db, `INSERT INTO issues (project_id, scoped_id, title, description, status, priority, score, raw, source, archived,
      discord_message, reporter_user_id, assigned_to_user_id, release_id, duplicate_of_issue_id, steps, debug_trace, device, publish_at, created_at, updated_at)
    VALUES (@project_id, (SELECT coalesce(max(scoped_id), 0) + 1 FROM issues WHERE project_id = @project_id), @title, @description, @status, @priority,
      @score, @raw, @source, @archived, @discord_message, @reporter_user_id, @assigned_to_user_id, @release_id, @duplicate_of_issue_id, @steps,
      @debug_trace, @device, @publish_at, @created_at, @updated_at) RETURNING *`).get({
    archived: 0, discord_message: null, publish_at: null, duplicate_of_issue_id: null, ...issue,
  }) as IssueRow;
}

export function findIssueById(db: Db, projectId: number, id: number): IssueRow | undefined {
  return stmt(db, 'SELECT * FROM issues WHERE project_id = ? AND id = ?').get(projectId, id) as IssueRow | undefined;
}

export function findIssueByScopedId(db: Db, projectId: number, scopedId: number): IssueRow | undefined {
  return stmt(db, 'SELECT * FROM issues WHERE project_id = ? AND scoped_id = ?').get(projectId, scopedId) as IssueRow | undefined;
}

/** Resolves an issue path id: `g-<id>` or a plain scoped id (reference rule 4). */
export function findIssueByPathId(db: Db, projectId: number, pathId: string): IssueRow | undefined {
  const global = /^g-(\d+)$/.exec(pathId);
  if (global) return findIssueById(db, projectId, Number(global[1]));
  if (/^\d+$/.test(pathId)) return findIssueByScopedId(db, projectId, Number(pathId));
  return undefined;
}

export function setIssueCustomValue(db: Db, issueId: number, fieldId: number, value: unknown): void {
  stmt(db, 'INSERT OR REPLACE INTO issue_custom_values (issue_id, field_id, value) VALUES (?, ?, ?)').run(issueId, fieldId, JSON.stringify(value));
}
