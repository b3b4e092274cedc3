// Release attachments (bytes in the storage, metadata here), playtime sessions with their tags
// and running duration, and each project's game facts as one JSON document.
export default {
  version: 50,
  name: 'releases-playtime-facts',
  sql: `
CREATE TABLE release_attachments (
  id INTEGER PRIMARY KEY,
  release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE,
  storage_key TEXT NOT NULL UNIQUE,
  filename TEXT NOT NULL,
  content_type TEXT NOT NULL,
  byte_size INTEGER NOT NULL,
  checksum TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX release_attachments_release ON release_attachments (release_id);
CREATE INDEX release_download_links_release ON release_download_links (release_id);

CREATE TABLE playtime_sessions (
  id TEXT PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  token_id INTEGER REFERENCES project_tokens(id) ON DELETE SET NULL,
  tags TEXT NOT NULL DEFAULT '{}',
  started_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  duration_seconds INTEGER NOT NULL DEFAULT 0,
  heartbeats INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX playtime_sessions_project ON playtime_sessions (project_id, started_at);

CREATE TABLE game_facts (
  project_id INTEGER PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  data TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
`,
};
