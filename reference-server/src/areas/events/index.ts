// The events area owns GET /projects/{pid}/events: the report event stream. Issue writes reach
// it through onIssueWrite; feature requests, tickets and attachments are polled from the database.
import type { Area } from '../area.ts';
import { eventRoutes } from './routes.ts';
import { sendIssueWrite } from './stream.ts';

export const eventsArea: Area = { routes: eventRoutes, onIssueWrite: sendIssueWrite };
