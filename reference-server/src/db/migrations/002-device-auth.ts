// Device sign-in requests: a game's client-generated uuid, who approved it, and when it lapses.
export default {
  version: 2,
  name: 'device-auth',
  sql: `
CREATE TABLE device_auth_requests (
  request_id TEXT PRIMARY KEY,
  project_public_id TEXT,
  entity_kind TEXT NOT NULL,
  entity_name TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'denied', 'delivered')),
  user_id INTEGER REFERENCES users(id),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  decided_at TEXT,
  delivered_at TEXT
);
`,
};
