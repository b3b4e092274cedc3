// The submission-tokens area: single-use tokens a game asks for and a report, feature request or ticket spends.
import type { Area } from '../area.ts';
import { submissionTokenRoutes } from './routes.ts';

export const submissionTokensArea: Area = {
  routes: submissionTokenRoutes,
};
