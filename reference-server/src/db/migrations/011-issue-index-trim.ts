// Drops issues_reporter (reporter_user_id, created_at): no query reads issues by reporter without
// the project (the tester caps and the reporter filter use issues_project_reporter, and users are
// never deleted, so no foreign-key check needs it), yet every issue insert paid for it. Checked
// with EXPLAIN QUERY PLAN over every issue statement the conformance and unit suites prepare.
export default {
  version: 11,
  name: 'issue-index-trim',
  sql: `
DROP INDEX IF EXISTS issues_reporter;
`,
};
