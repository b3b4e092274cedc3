// Core tables: organizations, users, projects, membership, tokens, custom field definitions,
// releases, tags, counters, idempotency, notifications, jobs, and the issues table itself.
export default {
  version: 1,
  name: 'core',
  sql:
    `
CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE organizations (
  id INTEGER PRIMARY KEY,
  public_id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  monthly_bug_report_quota INTEGER,
  max_video_seconds INTEGER,
  created_at TEXT NOT NULL
);

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  public_id TEXT NOT NULL UNIQUE,
  name TEXT,
  email TEXT,
  discord_id TEXT,
  virtual INTEGER NOT NULL DEFAULT 0,
  site_admin INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX users_virtual_email ON users (lower(email)) WHERE virtual = 1 AND email IS NOT NULL AND ` +
    `discord_id IS NULL;
CREATE UNIQUE INDEX users_virtual_discord ON users (discord_id) WHERE virtual = 1 AND discord_id IS NOT NULL AND ` +
    `email IS NULL;

CREATE TABLE organization_admins (
  organization_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (organization_id, user_id)
);

CREATE TABLE personal_access_tokens (
  token TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL
);

CREATE TABLE projects (
  id INTEGER PRIMARY KEY,
  public_id TEXT NOT NULL UNIQUE,
  organization_id INTEGER NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  access TEXT NOT NULL CHECK (access IN ('private', 'public')),
  modules TEXT NOT NULL DEFAULT '[]',
  platforms TEXT NOT NULL DEFAULT '[]',
  min_description_length INTEGER NOT NULL DEFAULT 0,
  min_suggestion_length INTEGER NOT NULL DEFAULT 0,
  hide_release_versions INTEGER NOT NULL DEFAULT 0,
  duplicate_detection INTEGER NOT NULL DEFAULT 0,
  duplicate_threshold REAL NOT NULL DEFAULT 0.85,
  nda INTEGER NOT NULL DEFAULT 0,
  discord_ids_for_issues INTEGER NOT NULL DEFAULT 0,
  publish_after_default TEXT,
  tester_cap_24h INTEGER,
  tester_cap_7d INTEGER,
  sentiment_analysis INTEGER NOT NULL DEFAULT 0,
  has_discord_bot INTEGER NOT NULL DEFAULT 0,
  integrations TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE project_statuses (
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (project_id, key)
);

CREATE TABLE project_members (
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('owner', 'admin', 'developer', 'support', 'tester')),
  scopes TEXT,
  nda_accepted INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (project_id, user_id)
);

CREATE TABLE project_tokens (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  token TEXT NOT NULL UNIQUE,
  daily_limit INTEGER NOT NULL DEFAULT 8,
  flags TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);

CREATE TABLE custom_fields (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  applies_to TEXT NOT NULL DEFAULT 'issue' CHECK (applies_to IN ('issue', 'feature_request', 'ticket')),
  ident TEXT NOT NULL,
  name TEXT NOT NULL,
  field_type TEXT NOT NULL,
  options TEXT NOT NULL DEFAULT '[]',
  required INTEGER NOT NULL DEFAULT 0,
  player_viewable INTEGER NOT NULL DEFAULT 1,
  tester_settable INTEGER NOT NULL DEFAULT 1,
  auto_created INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  UNIQUE (project_id, applies_to, ident)
);

CREATE TABLE releases (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  label TEXT NOT NULL,
  summary TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published', 'archived')),
  release_type TEXT NOT NULL DEFAULT 'regular',
  send_images_separately INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, label)
);
CREATE INDEX releases_project ON releases (project_id, status, created_at);

CREATE TABLE release_download_links (
  id INTEGER PRIMARY KEY,
  release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE,
  platform TEXT NOT NULL,
  url TEXT NOT NULL,
  link_enabled INTEGER NOT NULL DEFAULT 1,
  download_count INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE tags (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name TEXT NOT NULL
);

CREATE TABLE daily_counters (
  token_key TEXT NOT NULL,
  ip TEXT NOT NULL,
  operation TEXT NOT NULL,
  day TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (token_key, ip, operation, day)
);

CREATE TABLE idempotency_keys (
  caller_key TEXT NOT NULL,
  operation TEXT NOT NULL,
  key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (caller_key, operation, key)
);

CREATE TABLE used_submission_tokens (
  jti TEXT PRIMARY KEY,
  used_at TEXT NOT NULL
);

CREATE TABLE notifications (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('email', 'notification')),
  event TEXT NOT NULL,
  project_id INTEGER,
  recipient_user_id INTEGER,
  recipient_email TEXT,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  data TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);

CREATE TABLE jobs (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  payload TEXT NOT NULL DEFAULT '{}',
  run_at TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  max_attempts INTEGER NOT NULL DEFAULT 5,
  locked_until TEXT,
  last_error TEXT,
  done_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX jobs_due ON jobs (run_at) WHERE done_at IS NULL;

CREATE TABLE issues (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  scoped_id INTEGER NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open',
  priority TEXT NOT NULL DEFAULT 'medium',
  score TEXT NOT NULL DEFAULT '0',
  raw INTEGER NOT NULL DEFAULT 0,
  source TEXT,
  archived INTEGER NOT NULL DEFAULT 0,
  discord_message TEXT,
  reporter_user_id INTEGER REFERENCES users(id),
  assigned_to_user_id INTEGER REFERENCES users(id),
  release_id INTEGER REFERENCES releases(id),
  duplicate_of_issue_id INTEGER REFERENCES issues(id),
  steps TEXT NOT NULL DEFAULT '[]',
  debug_trace TEXT,
  device TEXT,
  publish_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, scoped_id)
);
CREATE INDEX issues_project_created ON issues (project_id, created_at);
CREATE INDEX issues_project_status ON issues (project_id, status);
CREATE INDEX issues_reporter ON issues (reporter_user_id, created_at);

CREATE TABLE knowledge_chunks (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE issue_custom_values (
  issue_id INTEGER NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
  field_id INTEGER NOT NULL REFERENCES custom_fields(id) ON DELETE CASCADE,
  value TEXT NOT NULL,
  PRIMARY KEY (issue_id, field_id)
);

CREATE TABLE issue_tags (
  issue_id INTEGER NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
  tag_id INTEGER NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
  PRIMARY KEY (issue_id, tag_id)
);
`,
};
