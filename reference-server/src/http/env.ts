// The Hono environment of every route: the caller, the project of /projects/{id} routes, and what
// the middleware notes for strict mode and the conformance report.
import type { Caller } from '../areas/projects-auth/caller.ts';
import type { ProjectRow } from '../areas/projects-auth/repository.ts';
import type { RequestConformance } from './conformance-recorder.ts';
import type { StagedObject } from '../storage/staged-files.ts';
import type { Storage } from '../storage/storage.ts';

export interface AppEnv {
  Variables: {
    caller: Caller;
    project: ProjectRow;
    /** Set under --strict (docs/api-choices.md#strict-mode): readBody checks parameters against the operation. */
    strict: boolean;
    /** Shapes noted on this API request for the conformance report (conformance-recorder.ts). */
    conformance?: RequestConformance;
    /** Where multipart file parts are written, and the ones this request wrote (http/multipart.ts). */
    uploads: { storage: Storage; staged: StagedObject[] };
  };
}
