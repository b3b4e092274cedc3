// Support tickets: reference "Support tickets", decisions §2 paths.
import { defineOperation } from './operation.ts';

const base = '/projects/{project_id}/tickets';

export const ticketOperations = {
  createTicket: defineOperation({ id: 'createTicket', methods: ['POST'], path: base, tag: 'Tickets', summary: 'Create a support ticket.', status: 201 }),
  searchTickets: defineOperation({ id: 'searchTickets', methods: ['GET', 'POST'], path: `${base}/search`, tag: 'Tickets', summary: 'Case-insensitive search over title and description, at most 10.' }),
  showTicket: defineOperation({ id: 'showTicket', methods: ['GET'], path: `${base}/{id}`, tag: 'Tickets', summary: 'One ticket by scoped id or g-<id>.' }),
  updateTicket: defineOperation({ id: 'updateTicket', methods: ['PATCH', 'PUT'], path: `${base}/{id}`, tag: 'Tickets', summary: 'Update status, priority, assignee and attachments.' }),
} as const;
