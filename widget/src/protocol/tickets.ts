// Support tickets: docs/api/submissions.md, docs/api-choices.md#operation-paths paths.
import { z } from 'zod';
import { Email, Timestamp, UserRef } from './common.ts';
import {
  blankAsAbsent,
  DiscordBotUser,
  FeatureRequestCustomField,
  MAX_DESCRIPTION_LENGTH,
  MAX_TITLE_LENGTH,
  SubmissionCustomValues,
  SubmissionDescription,
  SubmissionFiles,
  SubmissionTitle,
} from './feature-requests.ts';
import { defineOperation } from './operation.ts';
import { paths } from './paths.ts';

import { TICKET_PRIORITIES, TICKET_STATUSES } from './statuses.ts';

export { TICKET_PRIORITIES, TICKET_STATUSES };
export const TicketStatus = z.enum(TICKET_STATUSES);
export const TicketPriority = z.enum(TICKET_PRIORITIES);

/** `file_type` is our coarse class of the content type: image, video, audio, text or other. */
export const TicketAttachment = z.object({
  id: z.number().int(),
  filename: z.string(),
  content_type: z.string(),
  file_type: z.enum(['image', 'video', 'audio', 'text', 'other']),
  size_bytes: z.number().int(),
  user: UserRef,
});

/** The ticket object of docs/api/submissions.md; `scoped_id` and `custom_fields` are additions of ours. */
export const Ticket = z.object({
  id: z.string(),
  scoped_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: TicketStatus,
  priority: TicketPriority,
  created_at: Timestamp,
  updated_at: Timestamp,
  reporter: UserRef,
  assigned_to: UserRef,
  attachments: z.array(TicketAttachment),
  custom_fields: z.array(FeatureRequestCustomField),
  /** On create, when something was dropped despite success (a custom value over a cap, a field not created). */
  warnings: z.array(z.string()).optional(),
});
export type Ticket = z.infer<typeof Ticket>;

export const TicketCreateBody = z.object({
  ticket: z.object(
    {
      description: SubmissionDescription,
      title: SubmissionTitle,
      priority: blankAsAbsent(TicketPriority),
      reporter_email: blankAsAbsent(Email),
      attachments: SubmissionFiles.optional(),
      custom: SubmissionCustomValues.optional(),
      custom_fields: SubmissionCustomValues.optional(),
    },
    { error: 'ticket[description] is required' },
  ),
  /** The Discord bot's fields, and `user[email]`: the contact the Unreal plugin sends (docs/api/submissions.md). */
  user: DiscordBotUser.extend({ email: blankAsAbsent(Email) }).optional(),
});
export type TicketCreateBody = z.infer<typeof TicketCreateBody>;

const AttachmentIds = z.union([z.coerce.number().int().positive(), z.array(z.coerce.number().int().positive())], {
  error: 'must be attachment ids (positive whole numbers)',
});

export const TicketUpdateBody = z.object({
  ticket: z.object(
    {
      title: blankAsAbsent(z.string().trim().min(1).max(MAX_TITLE_LENGTH)),
      description: blankAsAbsent(z.string().trim().min(1).max(MAX_DESCRIPTION_LENGTH)),
      status: blankAsAbsent(TicketStatus),
      priority: blankAsAbsent(TicketPriority),
      /** A member's `usr-` id or integer id (the project detail's `members[].id`); empty or null unassigns. */
      assigned_to_id: z.union([z.string(), z.number().int(), z.null()]).optional(),
      attachments: SubmissionFiles.optional(),
      remove_attachment_ids: AttachmentIds.optional(),
    },
    { error: 'a ticket object is required' },
  ),
});
export type TicketUpdateBody = z.infer<typeof TicketUpdateBody>;

/** `query` is required; a missing one is 400 (docs/api-choices.md#error-bodies-and-statuses). */
export const TicketSearchParams = z.object({ query: z.string().max(1000).optional() });
export const TicketSearchResponse = z.array(z.object({ id: z.string(), title: z.string() }));

export const ticketOperations = {
  createTicket: defineOperation({
    id: 'createTicket',
    ...paths.createTicket,
    tag: 'Tickets',
    summary: 'Create a support ticket.',
    status: 201,
    body: TicketCreateBody,
    response: Ticket,
  }),
  searchTickets: defineOperation({
    id: 'searchTickets',
    ...paths.searchTickets,
    tag: 'Tickets',
    summary: 'Case-insensitive search over title and description, at most 10.',
    query: TicketSearchParams,
    response: TicketSearchResponse,
  }),
  showTicket: defineOperation({
    id: 'showTicket',
    ...paths.showTicket,
    tag: 'Tickets',
    summary: 'One ticket by scoped id or g-<id>.',
    response: Ticket,
  }),
  updateTicket: defineOperation({
    id: 'updateTicket',
    ...paths.updateTicket,
    tag: 'Tickets',
    summary: 'Update status, priority, assignee and attachments.',
    body: TicketUpdateBody,
    response: Ticket,
  }),
} as const;
