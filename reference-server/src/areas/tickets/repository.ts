// Support ticket rows: insert with the next per-project scoped id, lookups by path id, updates,
// the case-insensitive search, attachments and custom values.
import { createAttachedFiles } from '../../storage/attached-files-repository.ts';
import { stmt, type Db } from '../../db/database.ts';

export interface TicketRow {
  id: number;
  project_id: number;
  scoped_id: number;
  title: string;
  description: string;
  status: 'new' | 'open' | 'pending' | 'solved' | 'closed';
  priority: 'low' | 'medium' | 'high' | 'critical';
  reporter_user_id: number | null;
  assigned_to_user_id: number | null;
  discord_username: string | null;
  created_at: string;
  updated_at: string;
}

export type NewTicket = Omit<TicketRow, 'id' | 'scoped_id' | 'assigned_to_user_id'>;

export function insertTicket(db: Db, row: NewTicket): TicketRow {
  return stmt(
    db,
    `INSERT INTO tickets (project_id, scoped_id, title, description, status, priority, reporter_user_id, ` +
      `discord_username, created_at, updated_at)
    VALUES (@project_id, (SELECT coalesce(max(scoped_id), 0) + 1 FROM tickets WHERE project_id = @project_id), ` +
      `@title, @description, @status, @priority,
      @reporter_user_id, @discord_username, @created_at, @updated_at) RETURNING *`,
  ).get(row) as TicketRow;
}

/** Resolves a path id: `<scoped>` or `g-<id>` (docs/api-choices.md#path-ids). */
export function findTicketByPathId(db: Db, projectId: number, pathId: string): TicketRow | undefined {
  const global = /^g-(\d+)$/.exec(pathId);
  if (global)
    return stmt(db, 'SELECT * FROM tickets WHERE project_id = ? AND id = ?').get(projectId, Number(global[1])) as
      | TicketRow
      | undefined;
  if (/^\d+$/.test(pathId))
    return stmt(db, 'SELECT * FROM tickets WHERE project_id = ? AND scoped_id = ?').get(projectId, Number(pathId)) as
      | TicketRow
      | undefined;
  return undefined;
}

export function findTicketById(db: Db, id: number): TicketRow | undefined {
  return stmt(db, 'SELECT * FROM tickets WHERE id = ?').get(id) as TicketRow | undefined;
}

export type TicketChanges = Partial<
  Pick<TicketRow, 'title' | 'description' | 'status' | 'priority' | 'assigned_to_user_id'>
>;

export function updateTicket(db: Db, id: number, changes: TicketChanges, at: string): void {
  const columns = Object.keys(changes) as Array<keyof TicketChanges>;
  const set = [...columns.map((column) => `${column} = @${column}`), 'updated_at = @updated_at'].join(', ');
  db.prepare(`UPDATE tickets SET ${set} WHERE id = @id`).run({ ...changes, updated_at: at, id });
}

// SQLite's LIKE and lower() fold ASCII only, so "écran" would miss "Écran"; the search folds both
// sides with JavaScript's Unicode toLowerCase, as a case-insensitive pattern (ILIKE) does in any script.
const FOLD = 'ticket_search_fold';
const folding = new WeakSet<Db>();

function withFold(db: Db): Db {
  if (!folding.has(db)) {
    db.function(FOLD, { deterministic: true }, (text: unknown) =>
      typeof text === 'string' ? text.toLowerCase() : text,
    );
    folding.add(db);
  }
  return db;
}

/** Tickets whose title or description holds the text, compared case-folded (`instr`, so % and _ are plain). */
export function searchTickets(
  db: Db,
  q: { projectId: number; text: string; reporterUserId: number | null; limit: number },
): Array<Pick<TicketRow, 'scoped_id' | 'title'>> {
  const reporterFilter = q.reporterUserId === null ? '' : 'AND reporter_user_id = @reporter';
  return stmt(
    withFold(db),
    `SELECT scoped_id, title FROM tickets WHERE project_id = @project ${reporterFilter}
    AND (instr(${FOLD}(title), @needle) > 0 OR instr(${FOLD}(description), @needle) > 0)
    ORDER BY created_at DESC, id DESC LIMIT @limit`,
  ).all({
    project: q.projectId,
    needle: q.text.toLowerCase(),
    limit: q.limit,
    ...(q.reporterUserId === null ? {} : { reporter: q.reporterUserId }),
  }) as Array<Pick<TicketRow, 'scoped_id' | 'title'>>;
}

/** The ticket's attachments (`ticket[attachments][]`), in the table shaped as feature-request files. */
export const ticketAttachments = createAttachedFiles({ table: 'ticket_attachments', owner: 'ticket_id' });

export function setTicketCustomValue(db: Db, ticketId: number, fieldId: number, value: unknown): void {
  stmt(db, 'INSERT OR REPLACE INTO ticket_custom_values (ticket_id, field_id, value) VALUES (?, ?, ?)').run(
    ticketId,
    fieldId,
    JSON.stringify(value),
  );
}

export function listTicketCustomValues(db: Db, ticketId: number): Array<{ field_id: number; value: string }> {
  return stmt(db, 'SELECT field_id, value FROM ticket_custom_values WHERE ticket_id = ?').all(ticketId) as Array<{
    field_id: number;
    value: string;
  }>;
}
