// Rows of files kept with another row: a feature request's files and a ticket's attachments live in two tables
// with the same columns (migration 030), so one set of statements serves both, bound to a table by its owner.
import { stmt, type Db } from '../db/database.ts';
import { nextIdSql } from '../db/retired-ids.ts';

export interface StoredFileRow {
  id: number;
  storage_key: string;
  filename: string;
  content_type: string;
  size_bytes: number;
  user_id: number | null;
  created_at: string;
}

export type NewStoredFile = Omit<StoredFileRow, 'id'>;

/** The tables of that shape and the column naming each file's owner; a closed list, as the names go into SQL. */
export type AttachedFileTable =
  | { table: 'feature_request_files'; owner: 'feature_request_id' }
  | { table: 'ticket_attachments'; owner: 'ticket_id' };

export interface AttachedFiles {
  insert(db: Db, ownerId: number, file: NewStoredFile): void;
  /** In the order they were added. */
  list(db: Db, ownerId: number): StoredFileRow[];
  /** Only a file of that owner: another row's file id finds nothing. */
  find(db: Db, ownerId: number, fileId: number): StoredFileRow | undefined;
  remove(db: Db, ownerId: number, fileId: number): void;
}

const COLUMNS = 'id, storage_key, filename, content_type, size_bytes, user_id, created_at';

/** The statements of one table, each written once here; `stmt` caches each prepared statement per database. */
export function createAttachedFiles({ table, owner }: AttachedFileTable): AttachedFiles {
  const insertSql =
    `INSERT INTO ${table} (id, ${owner}, storage_key, filename, content_type, size_bytes, user_id, created_at) ` +
    `VALUES (${nextIdSql(table)}, ?, ?, ?, ?, ?, ?, ?)`;
  const listSql = `SELECT ${COLUMNS} FROM ${table} WHERE ${owner} = ? ORDER BY id`;
  const findSql = `SELECT ${COLUMNS} FROM ${table} WHERE ${owner} = ? AND id = ?`;
  const removeSql = `DELETE FROM ${table} WHERE ${owner} = ? AND id = ?`;
  return {
    insert: (db, ownerId, file) =>
      stmt(db, insertSql).run(
        ownerId,
        file.storage_key,
        file.filename,
        file.content_type,
        file.size_bytes,
        file.user_id,
        file.created_at,
      ),
    list: (db, ownerId) => stmt(db, listSql).all(ownerId) as StoredFileRow[],
    find: (db, ownerId, fileId) => stmt(db, findSql).get(ownerId, fileId) as StoredFileRow | undefined,
    remove: (db, ownerId, fileId) => stmt(db, removeSql).run(ownerId, fileId),
  };
}
