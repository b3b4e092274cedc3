// Feature requests (with votes, subscribers, files, custom values and an FTS5 index kept by
// triggers) and support tickets (with attachments and custom values). Scoped ids per project;
// file bytes live in the media storage (storage/storage.ts) under `storage_key`.
export default {
  version: 30,
  name: 'feature-requests-tickets',
  sql: `
CREATE TABLE feature_requests (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  scoped_id INTEGER NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open',
  source TEXT,
  reporter_user_id INTEGER REFERENCES users(id),
  discord_username TEXT,
  contact_email TEXT,
  contact_discord_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, scoped_id)
);
CREATE INDEX feature_requests_project_status ON feature_requests (project_id, status, created_at);

CREATE TABLE feature_request_votes (
  feature_request_id INTEGER NOT NULL REFERENCES feature_requests(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (feature_request_id, user_id)
);

CREATE TABLE feature_request_subscribers (
  feature_request_id INTEGER NOT NULL REFERENCES feature_requests(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (feature_request_id, user_id)
);

CREATE TABLE feature_request_files (
  id INTEGER PRIMARY KEY,
  feature_request_id INTEGER NOT NULL REFERENCES feature_requests(id) ON DELETE CASCADE,
  filename TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  storage_key TEXT NOT NULL,
  user_id INTEGER REFERENCES users(id),
  created_at TEXT NOT NULL
);
CREATE INDEX feature_request_files_request ON feature_request_files (feature_request_id);

CREATE TABLE feature_request_custom_values (
  feature_request_id INTEGER NOT NULL REFERENCES feature_requests(id) ON DELETE CASCADE,
  field_id INTEGER NOT NULL REFERENCES custom_fields(id) ON DELETE CASCADE,
  value TEXT NOT NULL,
  PRIMARY KEY (feature_request_id, field_id)
);

CREATE VIRTUAL TABLE feature_requests_fts USING fts5(title, description, tokenize = 'unicode61 remove_diacritics 2');
CREATE TRIGGER feature_requests_fts_insert AFTER INSERT ON feature_requests BEGIN
  INSERT INTO feature_requests_fts (rowid, title, description) VALUES (new.id, new.title, new.description);
END;
CREATE TRIGGER feature_requests_fts_update AFTER UPDATE OF title, description ON feature_requests BEGIN
  UPDATE feature_requests_fts SET title = new.title, description = new.description WHERE rowid = new.id;
END;
CREATE TRIGGER feature_requests_fts_delete AFTER DELETE ON feature_requests BEGIN
  DELETE FROM feature_requests_fts WHERE rowid = old.id;
END;

CREATE TABLE tickets (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  scoped_id INTEGER NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'open', 'pending', 'solved', 'closed')),
  priority TEXT NOT NULL DEFAULT 'low' CHECK (priority IN ('low', 'medium', 'high', 'critical')),
  reporter_user_id INTEGER REFERENCES users(id),
  assigned_to_user_id INTEGER REFERENCES users(id),
  discord_username TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, scoped_id)
);
CREATE INDEX tickets_project_created ON tickets (project_id, created_at);
CREATE INDEX tickets_reporter ON tickets (reporter_user_id);

CREATE TABLE ticket_attachments (
  id INTEGER PRIMARY KEY,
  ticket_id INTEGER NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
  filename TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  storage_key TEXT NOT NULL,
  user_id INTEGER REFERENCES users(id),
  created_at TEXT NOT NULL
);
CREATE INDEX ticket_attachments_ticket ON ticket_attachments (ticket_id);

CREATE TABLE ticket_custom_values (
  ticket_id INTEGER NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
  field_id INTEGER NOT NULL REFERENCES custom_fields(id) ON DELETE CASCADE,
  value TEXT NOT NULL,
  PRIMARY KEY (ticket_id, field_id)
);
`,
};
