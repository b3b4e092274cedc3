// Issue tags area: the list the official API client reads (tags themselves come from fixtures).
import { loadIssueTagsFixture } from './fixtures.ts';
import type { Area } from '../area.ts';
import { issueTagRoutes } from './routes.ts';

export const issueTagsArea: Area = { routes: issueTagRoutes, loadFixture: loadIssueTagsFixture };
