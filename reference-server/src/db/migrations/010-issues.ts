// Issue tables beyond the core row: Discord identity and include flags on the issue, devices
// parsed from device_info, watchers, integration pushes (the `sent_to` filter), and the indexes
// the issue list filters use.
export default {
  version: 10,
  name: 'issues',
  sql:
    `
ALTER TABLE issues ADD COLUMN discord_user_id TEXT;
ALTER TABLE issues ADD COLUMN discord_username TEXT;
ALTER TABLE issues ADD COLUMN include_flags TEXT;
ALTER TABLE issues ADD COLUMN published_at TEXT;

CREATE TABLE devices (
  id INTEGER PRIMARY KEY,
  user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
  device_type TEXT NOT NULL,
  configuration TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);
CREATE INDEX devices_user ON devices (user_id);

CREATE TABLE issue_watchers (
  issue_id INTEGER NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (issue_id, user_id)
);

CREATE TABLE issue_integrations (
  issue_id INTEGER NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
  service TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (issue_id, service)
);
CREATE INDEX issue_integrations_service ON issue_integrations (service, issue_id);

CREATE INDEX issues_project_priority ON issues (project_id, priority, created_at);
CREATE INDEX issues_project_release ON issues (project_id, release_id, created_at);
CREATE INDEX issues_project_assignee ON issues (project_id, assigned_to_user_id, created_at);
CREATE INDEX issues_project_reporter ON issues (project_id, reporter_user_id, created_at);
CREATE INDEX issues_project_status_created ON issues (project_id, status, created_at);
-- Covers every column the list filters compare, so the list's count(*) never reads the table
-- (areas/issues/repository.ts names it with INDEXED BY; page queries steer around it).
CREATE INDEX issues_filter_cover ON issues (archived, raw, project_id, status, priority, release_id, ` +
    `assigned_to_user_id, reporter_user_id, created_at, updated_at);
CREATE INDEX issue_tags_tag ON issue_tags (tag_id, issue_id);
`,
};
