// The feature-requests area: what players ask for (create with files, votes, search, moderation). It also
// holds what tickets reuse: the reporter (reporter.ts), submitted custom fields and the files of a submission.
import type { Area } from '../area.ts';
import { featureRequestRoutes } from './routes.ts';
import { forgetFeatureRequestVocabulary } from './vocabulary.ts';

export const featureRequestsArea: Area = {
  routes: featureRequestRoutes,
  // The search vocabulary lives in memory (vocabulary.ts): a reset database starts without it.
  reset: (deps) => forgetFeatureRequestVocabulary(deps.db),
};
