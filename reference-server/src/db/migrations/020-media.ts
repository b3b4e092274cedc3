// Media tables: `blobs` (every stored object: its opaque storage key, type, size, MD5, and for
// direct uploads the signed ids and expiry), `attachments` (an issue's screenshots, log files,
// binary files and video clips), and `video_segments` (parts of a video recorded in pieces).
export default {
  version: 20,
  name: 'media',
  sql: `
CREATE TABLE blobs (
  id INTEGER PRIMARY KEY,
  storage_key TEXT NOT NULL UNIQUE,
  signed_id TEXT UNIQUE,
  upload_token TEXT UNIQUE,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  issue_id INTEGER REFERENCES issues(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('screenshot', 'log_file', 'binary_file', 'video_clip', 'video_segment')),
  filename TEXT NOT NULL,
  display_name TEXT,
  developer_private INTEGER NOT NULL DEFAULT 0,
  content_type TEXT NOT NULL,
  byte_size INTEGER NOT NULL,
  checksum TEXT NOT NULL,
  uploaded_at TEXT,
  attached_at TEXT,
  upload_expires_at TEXT,
  signed_id_expires_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX blobs_issue ON blobs (issue_id, kind);

CREATE TABLE attachments (
  id INTEGER PRIMARY KEY,
  issue_id INTEGER NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('screenshot', 'log_file', 'binary_file', 'video_clip')),
  blob_id INTEGER REFERENCES blobs(id) ON DELETE SET NULL,
  source_blob_id INTEGER UNIQUE REFERENCES blobs(id) ON DELETE SET NULL,
  layer_a_blob_id INTEGER REFERENCES blobs(id) ON DELETE SET NULL,
  filename TEXT,
  content_type TEXT NOT NULL,
  media_size_bytes INTEGER NOT NULL,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  developer_private INTEGER NOT NULL DEFAULT 0,
  description TEXT,
  status TEXT,
  processing INTEGER NOT NULL DEFAULT 0,
  processed INTEGER NOT NULL DEFAULT 0,
  failed INTEGER NOT NULL DEFAULT 0,
  failure_reason TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX attachments_issue_kind ON attachments (issue_id, kind);

CREATE TABLE video_segments (
  id INTEGER PRIMARY KEY,
  issue_id INTEGER NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
  merge_group TEXT NOT NULL,
  position INTEGER NOT NULL,
  merge_total INTEGER NOT NULL,
  blob_id INTEGER NOT NULL REFERENCES blobs(id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  developer_private INTEGER NOT NULL DEFAULT 0,
  attachment_id INTEGER REFERENCES attachments(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  UNIQUE (issue_id, merge_group, position)
);
`,
};
