// The playtime area owns playtime sessions: creating one with its tags, heartbeats that count
// the time played, and the team's read of a session.
import type { Area } from '../area.ts';
import { playtimeRoutes } from './routes.ts';

export const playtimeArea: Area = { routes: playtimeRoutes };
