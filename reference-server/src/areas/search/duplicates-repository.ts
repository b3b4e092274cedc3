// The one write of duplicate detection: an issue still open becomes a duplicate of another.
import { stmt, type Db } from '../../db/database.ts';
import type { IssueRow } from '../issues/repository.ts';

/** Marks the issue a duplicate only if it is still open and unmarked; answers the row, or undefined. */
export function markDuplicate(db: Db, issueId: number, canonicalId: number, at: string): IssueRow | undefined {
  return stmt(
    db,
    `UPDATE issues SET status = 'duplicate', duplicate_of_issue_id = ?, updated_at = ?
    WHERE id = ? AND status = 'open' AND duplicate_of_issue_id IS NULL RETURNING *`,
  ).get(canonicalId, at, issueId) as IssueRow | undefined;
}
