// The issues area owns issues: create (input, caller rules, custom fields, the AI stand-ins),
// list, show, update, archive, publish (and the delayed automatic publish job), contact info and
// ask_for_details, who sees which issue, and the issue write hooks other areas follow.
import { loadIssuesFixture } from './fixtures.ts';
import type { Area } from '../area.ts';
import { AUTO_PUBLISH_JOB, runAutoPublish } from './publish.ts';
import { issueRoutes } from './routes.ts';

export const issuesArea: Area = {
  routes: issueRoutes,
  loadFixture: loadIssuesFixture,
  jobs: (deps) => ({ [AUTO_PUBLISH_JOB]: (payload: { issue_id: number }) => runAutoPublish(deps, payload) }),
};
