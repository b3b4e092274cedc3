// The writes of duplicate detection: an issue still open becomes a duplicate of another, and the
// duplicates that pointed at it follow it to its original.
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

/**
 * Points the duplicates of `fromId` at `toId`: when jobs ran out of order, a report judged earlier may point at one
 * that has just become a duplicate itself. Answers the rows changed.
 */
export function repointDuplicates(db: Db, fromId: number, toId: number, at: string): IssueRow[] {
  return stmt(
    db,
    `UPDATE issues SET duplicate_of_issue_id = ?, updated_at = ? WHERE duplicate_of_issue_id = ? RETURNING *`,
  ).all(toId, at, fromId) as IssueRow[];
}
