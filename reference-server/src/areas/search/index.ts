// The search area owns issue search (the typo-tolerant FTS5 query builder, vocabularies and the ranking index),
// local embeddings, find_similar and asynchronous duplicate detection. Its reset forgets the in-memory vocabularies,
// ranking index and vector matrices; the ranking index loads once the server listens (issue-rank.ts). No write hook
// indexes or embeds: the triggers queue each written issue; the job thread's sweep indexes and embeds the queues in
// the background (and trims the ranking log), creates help with the text queue once 1,000 issues wait, and every
// reader catches up what is left first (issue-index.ts, similar-index.ts). Only the sweep merges the index's segments.
import type { Area } from '../area.ts';
import { DUPLICATE_DETECTION_JOB, detectDuplicate, queueDuplicateDetection } from './duplicate-detection.ts';
import { forgetIssueVocabulary } from './issue-vocabulary.ts';
import { clearIssueIndex } from './repository.ts';
import { searchRoutes } from './routes.ts';
import { catchUpIssueIndex, mergeIssueIndex, noteIssueCreated } from './issue-index.ts';
import { catchUpEmbeddings, forgetVectors } from './similar-index.ts';
import { forgetIssueRank, trimIssueRankLog, warmIssueRank } from './issue-rank.ts';

/**
 * Issues indexed or embedded per write transaction of the job thread's sweep. The request thread waits for the write
 * lock while the job thread holds it: batches of 100 held it for 1–15 ms under a run of creates (3.4 ms on average,
 * longer when the busy cores preempted the holder), batches of 25 for about a millisecond.
 */
const SWEEP_BATCH = 25;

export const searchArea: Area = {
  routes: searchRoutes,
  jobs: (deps) => ({
    [DUPLICATE_DETECTION_JOB]: (payload: { issue_id: number }) => {
      detectDuplicate(deps, payload.issue_id);
    },
  }),
  sweep: (deps, rest) => {
    catchUpIssueIndex(deps.db, SWEEP_BATCH, rest);
    mergeIssueIndex(deps.db, rest);
    trimIssueRankLog(deps.db);
    catchUpEmbeddings(deps.db, deps.clock, SWEEP_BATCH, rest);
  },
  reset(deps) {
    clearIssueIndex(deps.db);
    forgetIssueVocabulary(deps.db);
    forgetIssueRank(deps.db);
    forgetVectors(deps.db);
  },
  warm: (deps) => warmIssueRank(deps.db),
  onIssueWrite: (deps, issue, kind) => {
    queueDuplicateDetection(deps, issue, kind);
    if (kind === 'created') noteIssueCreated(deps.db);
  },
};
