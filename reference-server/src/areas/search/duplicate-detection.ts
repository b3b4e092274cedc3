// Asynchronous duplicate detection (docs/api/search.md#duplicate-detection): a non-raw issue
// created or published on a project with detection on is queued; the job compares it with the
// project's earlier issues and, at or above the project's threshold, marks it a duplicate.
import type { Deps } from '../../deps.ts';
import { markDuplicate, repointDuplicates } from './duplicates-repository.ts';
import { findIssueByGlobalId, type IssueRow } from '../issues/repository.ts';
import { findProjectById, hasDuplicateDetection } from '../projects-auth/repository.ts';
import { emitIssueWrite, type IssueWriteKind } from '../issues/write-hooks.ts';
import { embedIssue } from './embedding.ts';
import { similarTo } from './similar.ts';

export const DUPLICATE_DETECTION_JOB = 'search.detect_duplicate';

/** Statuses an issue can be a duplicate of: not a draft, not awaiting moderation. */
const NOT_CANONICAL = new Set(['hidden', 'pending_moderation']);

export interface DuplicateVerdict {
  issueId: number;
  duplicateOf: number | null;
  score: number | null;
}

/** Runs detection for one issue now; idempotent (a job may run twice after a crash). */
export function detectDuplicate(deps: Deps, issueId: number): DuplicateVerdict {
  const issue = findIssueByGlobalId(deps.db, issueId);
  const none = { issueId, duplicateOf: null, score: null };
  if (issue?.raw !== 0 || issue.status !== 'open' || issue.duplicate_of_issue_id !== null) return none;
  const project = findProjectById(deps.db, issue.project_id);
  if (!project?.duplicate_detection) return none;
  // Only issues reported before this one: of two reports of one bug, the later is the duplicate.
  const earlier = (row: { id: number; status: string; created_at: string }) =>
    !NOT_CANONICAL.has(row.status) &&
    (row.created_at < issue.created_at || (row.created_at === issue.created_at && row.id < issue.id));
  const [best] = similarTo(deps, project, issue, embedIssue(issue.title, issue.description), {
    limit: 1,
    pool: 50,
    includeArchived: false,
    accept: earlier,
  });
  if (!best || best.similarity_score < project.duplicate_threshold)
    return { ...none, score: best?.similarity_score ?? null };
  // Point at the original of a chain, not at another duplicate.
  const canonical =
    best.status === 'duplicate' && best.duplicate_of_issue_id !== null ? best.duplicate_of_issue_id : best.id;
  const at = deps.clock.now().toISOString();
  // One transaction: no reader sees a duplicate that points at a duplicate.
  const written = deps.db.transaction(() => {
    const marked = markDuplicate(deps.db, issue.id, canonical, at);
    return marked ? [marked, ...repointDuplicates(deps.db, issue.id, canonical, at)] : [];
  })();
  if (written.length === 0) return none;
  for (const row of written) emitIssueWrite(deps, row, 'updated');
  return { issueId, duplicateOf: canonical, score: best.similarity_score };
}

/** The search area's `onIssueWrite`: a new or published open issue is queued for detection. */
export function queueDuplicateDetection(deps: Deps, issue: IssueRow, kind: IssueWriteKind): void {
  if ((kind !== 'created' && kind !== 'published') || issue.raw !== 0 || issue.status !== 'open') return;
  if (hasDuplicateDetection(deps.db, issue.project_id))
    deps.jobs.enqueue(DUPLICATE_DETECTION_JOB, { issue_id: issue.id });
}
