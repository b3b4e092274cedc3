// The search area owns issue search (the typo-tolerant FTS5 query builder and vocabularies),
// local embeddings, find_similar and asynchronous duplicate detection. Its reset forgets the
// in-memory vocabularies and vector matrices. No write hook indexes or embeds: the triggers
// queue each written issue; the job thread's sweep indexes and embeds
// the queues in the background, creates help with the text queue once 1,000 issues wait, and every reader catches up
// what is left first (issue-index.ts, similar-index.ts).
import type { Area } from '../area.ts';
import { DUPLICATE_DETECTION_JOB, detectDuplicate, queueDuplicateDetection } from './duplicate-detection.ts';
import { forgetIssueVocabulary } from './issue-vocabulary.ts';
import { clearIssueIndex } from './repository.ts';
import { searchRoutes } from './routes.ts';
import { catchUpIssueIndex, noteIssueCreated, WRITE_BATCH } from './issue-index.ts';
import { catchUpEmbeddings, forgetVectors } from './similar-index.ts';

export const searchArea: Area = {
  routes: searchRoutes,
  jobs: (deps) => ({
    [DUPLICATE_DETECTION_JOB]: (payload: { issue_id: number }) => {
      detectDuplicate(deps, payload.issue_id);
    },
  }),
  sweep: (deps, rest) => {
    catchUpIssueIndex(deps.db, WRITE_BATCH, rest);
    catchUpEmbeddings(deps.db, deps.clock, 100, rest);
  },
  reset(deps) {
    clearIssueIndex(deps.db);
    forgetIssueVocabulary(deps.db);
    forgetVectors(deps.db);
  },
  onIssueWrite: (deps, issue, kind) => {
    queueDuplicateDetection(deps, issue, kind);
    if (kind === 'created') noteIssueCreated(deps.db);
  },
};
