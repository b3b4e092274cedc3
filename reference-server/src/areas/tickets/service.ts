// Support tickets after creation: rendering, who may see one (`tickets.view` or its reporter),
// show, the case-insensitive search (10 at most, filtered by permission), the update
// (`tickets.update`: fields, assignee, attachments added and removed) and attachment bytes.
import type { z } from 'zod';
import type { Ticket, TicketSearchParams, TicketSearchResponse } from '../../../../widget/src/protocol/tickets.ts';
import { TicketUpdateBody } from '../../../../widget/src/protocol/tickets.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, forbidden, notFound, unprocessable } from '../../errors.ts';
import { findMember, type ProjectRow } from '../projects-auth/repository.ts';
import {
  findTicketById,
  findTicketByPathId,
  listTicketCustomValues,
  searchTickets as searchRows,
  ticketAttachments,
  updateTicket as updateRow,
  type TicketChanges,
  type TicketRow,
} from './repository.ts';
import type { StoredFileRow } from '../../storage/attached-files-repository.ts';
import { findUserById, findUserByPublicId } from '../projects-auth/users-repository.ts';
import { hasScope, isTeam, requireScope } from '../projects-auth/access.ts';
import { provenUser, type Caller } from '../projects-auth/caller.ts';
import { toCustomFieldEntries } from '../feature-requests/custom-fields.ts';
import { toUserRef } from '../feature-requests/reporter.ts';
import {
  asFileList,
  checkUploads,
  discardUploads,
  fileTypeOf,
  storeUploads,
  withStoredUploads,
} from '../../storage/attached-files.ts';
import { notify } from '../notifications/notify.ts';

export const TICKET_SEARCH_LIMIT = 10;
export const MAX_ATTACHMENTS_PER_TICKET = 20;

export function toTicket(deps: Pick<Deps, 'db'>, project: ProjectRow, row: TicketRow, team: boolean): Ticket {
  const reporter = row.reporter_user_id === null ? undefined : findUserById(deps.db, row.reporter_user_id);
  const assignee = row.assigned_to_user_id === null ? undefined : findUserById(deps.db, row.assigned_to_user_id);
  return {
    id: String(row.scoped_id),
    scoped_id: row.scoped_id,
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    created_at: row.created_at,
    updated_at: row.updated_at,
    reporter: toUserRef(reporter, row.discord_username),
    assigned_to: toUserRef(assignee),
    attachments: ticketAttachments.list(deps.db, row.id).map((a) => ({
      id: a.id,
      filename: a.filename,
      content_type: a.content_type,
      file_type: fileTypeOf(a.content_type),
      size_bytes: a.size_bytes,
      user: toUserRef(a.user_id === null ? undefined : findUserById(deps.db, a.user_id)),
    })),
    custom_fields: toCustomFieldEntries(deps, project, 'ticket', listTicketCustomValues(deps.db, row.id), team),
  };
}

/** The proven reporter: an email claim in the header or form proves nothing (caller.ts provenUser). */
function isReporter(caller: Caller, row: TicketRow): boolean {
  const user = provenUser(caller);
  return user !== null && row.reporter_user_id === user.id;
}

/** 404 for an unknown id, 403 unless the caller holds `tickets.view` or reported it. */
function findViewable(deps: Deps, caller: Caller, project: ProjectRow, pathId: string): TicketRow {
  const row = findTicketByPathId(deps.db, project.id, pathId);
  if (!row) throw notFound(`Ticket ${pathId} not found.`);
  if (!hasScope(deps, caller, project, 'tickets.view') && !isReporter(caller, row))
    throw forbidden('You may not view this ticket.');
  return row;
}

export function showTicket(deps: Deps, caller: Caller, project: ProjectRow, pathId: string): Ticket {
  return toTicket(deps, project, findViewable(deps, caller, project, pathId), isTeam(deps, caller, project));
}

/** The team with `tickets.view` searches every ticket; anyone else only the tickets they reported. */
export function searchTickets(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  params: z.infer<typeof TicketSearchParams>,
): z.infer<typeof TicketSearchResponse> {
  const text = params.query?.trim();
  if (!text) throw badRequest('query is required.');
  const all = hasScope(deps, caller, project, 'tickets.view');
  const reporter = provenUser(caller);
  if (!all && !reporter) return [];
  const reporterUserId = all ? null : reporter!.id;
  const rows = searchRows(deps.db, { projectId: project.id, text, reporterUserId, limit: TICKET_SEARCH_LIMIT });
  return rows.map((row) => ({ id: String(row.scoped_id), title: row.title }));
}

/** `usr-…` or integer id of a project member, as issue update takes (or '' / null to unassign); else a 422. */
function assigneeId(deps: Deps, project: ProjectRow, value: string | number | null): number | null {
  const text = value === null ? '' : String(value).trim();
  if (text === '') return null;
  const user = /^\d+$/.test(text) ? findUserById(deps.db, Number(text)) : findUserByPublicId(deps.db, text);
  if (!user || !findMember(deps.db, project.id, user.id))
    throw unprocessable(`ticket[assigned_to_id]: ${value} is not a member of this project.`);
  return user.id;
}

export async function updateTicket(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  pathId: string,
  rawBody: unknown,
): Promise<Ticket> {
  requireScope(deps, caller, project, 'tickets.update');
  const row = findTicketByPathId(deps.db, project.id, pathId);
  if (!row) throw notFound(`Ticket ${pathId} not found.`);
  const { ticket: input } = TicketUpdateBody.parse(rawBody);
  const changes: TicketChanges = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.description !== undefined) changes.description = input.description;
  if (input.status !== undefined) changes.status = input.status;
  if (input.priority !== undefined) changes.priority = input.priority;
  if (input.assigned_to_id !== undefined) changes.assigned_to_user_id = assigneeId(deps, project, input.assigned_to_id);

  const removeIds = [...new Set(input.remove_attachment_ids === undefined ? [] : [input.remove_attachment_ids].flat())];
  const removed = removeIds.map((id) => {
    const attachment = ticketAttachments.find(deps.db, row.id, id);
    if (!attachment)
      throw unprocessable(`ticket[remove_attachment_ids]: attachment ${id} does not belong to this ticket.`);
    return attachment;
  });
  const files = asFileList(input.attachments);
  checkUploads('ticket[attachments]', files);
  const kept = ticketAttachments.list(deps.db, row.id).length - removed.length;
  if (kept + files.length > MAX_ATTACHMENTS_PER_TICKET)
    throw unprocessable(`ticket[attachments]: a ticket holds at most ${MAX_ATTACHMENTS_PER_TICKET} attachments.`);

  const stored = await storeUploads(deps, 'ticket[attachments]', files);
  const now = deps.clock.now().toISOString();
  const uploader = caller.user?.id ?? null;
  await withStoredUploads(deps, stored, () =>
    deps.db.transaction(() => {
      updateRow(deps.db, row.id, changes, now);
      for (const attachment of removed) ticketAttachments.remove(deps.db, row.id, attachment.id);
      for (const file of stored)
        ticketAttachments.insert(deps.db, row.id, { ...file, user_id: uploader, created_at: now });
    })(),
  );
  await discardUploads(
    deps,
    removed.map((a) => a.storage_key),
  );

  if (changes.status !== undefined && changes.status !== row.status && row.reporter_user_id !== null) {
    const reporter = findUserById(deps.db, row.reporter_user_id);
    notify(deps, {
      kind: 'notification',
      event: 'ticket.status_changed',
      projectId: project.id,
      recipientUserId: row.reporter_user_id,
      recipientEmail: reporter?.email ?? null,
      subject: `Your ticket "${row.title}" is now ${changes.status}`,
      body: `The status of your support ticket in ${project.name} changed from ${row.status} to ${changes.status}.`,
      data: { ticket_id: row.scoped_id, from: row.status, to: changes.status },
    });
  }
  return toTicket(deps, project, findTicketById(deps.db, row.id)!, true);
}

export function readTicketAttachment(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  pathId: string,
  attachmentId: number,
): StoredFileRow {
  const row = findViewable(deps, caller, project, pathId);
  const attachment = ticketAttachments.find(deps.db, row.id, attachmentId);
  if (!attachment) throw notFound(`Attachment ${attachmentId} not found on this ticket.`);
  return attachment;
}
