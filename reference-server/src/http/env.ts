// The Hono environment of every route: the caller, the project of /projects/{id} routes, the
// request id.
import type { Caller } from '../areas/projects-auth/caller.ts';
import type { ProjectRow } from '../areas/projects-auth/repository.ts';
import type { RequestConformance } from './conformance-recorder.ts';

export interface AppEnv {
  Variables: {
    caller: Caller;
    project: ProjectRow;
    requestId: string;
    /** Set under --strict (docs/api-choices.md#strict-mode): readBody checks parameters against the operation. */
    strict: boolean;
    /** Shapes noted on this API request for the conformance report (conformance-recorder.ts). */
    conformance?: RequestConformance;
  };
}
