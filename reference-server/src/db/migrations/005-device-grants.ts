// Device sign-in as a device grant: the address and poll secret of the game that asked (only it
// collects the token), the grant id its token carries (revocable), and the indexes of the per-address
// rate limit and the purge of lapsed requests.
export default {
  version: 5,
  name: 'device-grants',
  sql: `
ALTER TABLE device_auth_requests ADD COLUMN creator_ip TEXT;
ALTER TABLE device_auth_requests ADD COLUMN poll_secret TEXT;
ALTER TABLE device_auth_requests ADD COLUMN grant_id TEXT;
ALTER TABLE device_auth_requests ADD COLUMN token_expires_at TEXT;
ALTER TABLE device_auth_requests ADD COLUMN revoked_at TEXT;
CREATE UNIQUE INDEX device_auth_grant ON device_auth_requests (grant_id);
CREATE INDEX device_auth_ip_created ON device_auth_requests (creator_ip, created_at);
CREATE INDEX device_auth_user ON device_auth_requests (user_id, status);
CREATE INDEX device_auth_expires ON device_auth_requests (expires_at);
`,
};
