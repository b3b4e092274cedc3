// Spent submission tokens: a token is single-use, so the first create that spends it records its `jti`.
import { stmt, type Db } from '../../db/database.ts';

/** Marks a submission token used; false when it had been used already. */
export function useSubmissionToken(db: Db, jti: string, at: string): boolean {
  return (
    stmt(db, 'INSERT OR IGNORE INTO used_submission_tokens (jti, used_at) VALUES (?, ?)').run(jti, at).changes === 1
  );
}

export function isSubmissionTokenUsed(db: Db, jti: string): boolean {
  return stmt(db, 'SELECT 1 FROM used_submission_tokens WHERE jti = ?').get(jti) !== undefined;
}
