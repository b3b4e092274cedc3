// The inbox area owns /inbox: the QA inbox page (a Preact app built into dist/inbox) and its
// files. The page talks to the public API only, so the area has no services or repository.
import type { Area } from '../area.ts';
import { inboxRoutes } from './routes.ts';

export const inboxArea: Area = { routes: () => inboxRoutes() };
