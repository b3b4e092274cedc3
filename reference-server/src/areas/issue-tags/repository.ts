// SQL of a project's issue tags.
import { stmt, type Db } from '../../db/database.ts';

export interface TagRow {
  id: number;
  project_id: number;
  name: string;
  color: string;
  description: string | null;
  parent_tag_id: number | null;
  created_at: string;
  updated_at: string;
}

/** Parents before children, then by name (the order the API client groups them in). */
export function listTags(db: Db, projectId: number): TagRow[] {
  return stmt(
    db,
    `SELECT * FROM tags WHERE project_id = ?
    ORDER BY parent_tag_id IS NOT NULL, name COLLATE NOCASE, id`,
  ).all(projectId) as TagRow[];
}
