// The tickets area: support tickets a player or the team opens, with attachments, search and updates.
import type { Area } from '../area.ts';
import { ticketRoutes } from './routes.ts';

export const ticketsArea: Area = {
  routes: ticketRoutes,
};
