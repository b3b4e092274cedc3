// The event stream's replay pages (areas/events/repository.ts) walk each report table by
// (project_id, updated_at, id) from a cursor: with these indexes a page reads its rows and stops,
// instead of sorting every report of the project again on each reconnect.
export default {
  version: 35,
  name: 'event-replay-index',
  sql: `
CREATE INDEX issues_project_updated ON issues (project_id, updated_at, id);
CREATE INDEX feature_requests_project_updated ON feature_requests (project_id, updated_at, id);
CREATE INDEX tickets_project_updated ON tickets (project_id, updated_at, id);
`,
};
