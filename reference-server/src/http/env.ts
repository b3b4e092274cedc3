// The Hono environment of every route: the caller, the project of /projects/{id} routes, the
// request id.
import type { Caller } from '../services/caller.ts';
import type { ProjectRow } from '../repositories/projects.ts';

export interface AppEnv {
  Variables: {
    caller: Caller;
    project: ProjectRow;
    requestId: string;
    /** Set under --strict (decisions §9): readBody checks parameters against the operation. */
    strict: boolean;
  };
}
