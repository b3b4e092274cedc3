// Users: real accounts, personal access tokens, and virtual users keyed by email or Discord id.
import { stmt, type Db } from '../../db/database.ts';
import { newPublicId } from '../../db/public-id.ts';

export interface UserRow {
  id: number;
  public_id: string;
  name: string | null;
  email: string | null;
  discord_id: string | null;
  virtual: number;
  site_admin: number;
  created_at: string;
}

export function insertUser(
  db: Db,
  user: {
    public_id?: string;
    name: string | null;
    email?: string | null;
    discord_id?: string | null;
    virtual?: boolean;
    site_admin?: boolean;
    created_at: string;
  },
): UserRow {
  return stmt(
    db,
    `INSERT INTO users (public_id, name, email, discord_id, virtual, site_admin, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *`,
  ).get(
    user.public_id ?? newPublicId('usr'),
    user.name,
    user.email ?? null,
    user.discord_id ?? null,
    user.virtual ? 1 : 0,
    user.site_admin ? 1 : 0,
    user.created_at,
  ) as UserRow;
}

export function findUserById(db: Db, id: number): UserRow | undefined {
  return stmt(db, 'SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
}

export function findUserByPublicId(db: Db, publicId: string): UserRow | undefined {
  return stmt(db, 'SELECT * FROM users WHERE public_id = ?').get(publicId) as UserRow | undefined;
}

export function findUserByPat(db: Db, token: string): UserRow | undefined {
  return stmt(
    db,
    'SELECT users.* FROM personal_access_tokens JOIN users ON users.id = personal_access_tokens.user_id WHERE ' +
      'token = ?',
  ).get(token) as UserRow | undefined;
}

export function insertPat(db: Db, token: string, userId: number, createdAt: string): void {
  stmt(db, 'INSERT INTO personal_access_tokens (token, user_id, created_at) VALUES (?, ?, ?)').run(
    token,
    userId,
    createdAt,
  );
}

/**
 * The virtual user for an email or a Discord id, created on first use
 * (docs/api/projects-auth.md#identifiers-and-virtual-users).
 */
export function findOrCreateVirtualUser(
  db: Db,
  contact: { email?: string; discordId?: string },
  createdAt: string,
): UserRow {
  if (contact.email) {
    const found = stmt(
      db,
      'SELECT * FROM users WHERE virtual = 1 AND lower(email) = lower(?) AND discord_id IS NULL',
    ).get(contact.email) as UserRow | undefined;
    return (
      found ??
      insertUser(db, { name: contact.email.split('@')[0], email: contact.email, virtual: true, created_at: createdAt })
    );
  }
  if (contact.discordId) {
    const found = stmt(db, 'SELECT * FROM users WHERE virtual = 1 AND discord_id = ? AND email IS NULL').get(
      contact.discordId,
    ) as UserRow | undefined;
    return (
      found ??
      insertUser(db, {
        name: `discord:${contact.discordId}`,
        discord_id: contact.discordId,
        virtual: true,
        created_at: createdAt,
      })
    );
  }
  throw new Error('findOrCreateVirtualUser needs an email or a discord id');
}
