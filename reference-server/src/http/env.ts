// The Hono environment of every route: what the kernel's middleware notes for strict mode, the conformance report
// and uploads. Areas add their own variables by declaration merging (projects-auth adds the caller and project).
import type { RequestConformance } from './conformance-recorder.ts';
import type { StagedObject } from '../storage/staged-files.ts';
import type { Storage } from '../storage/storage.ts';

/** Open for areas to extend (`declare module`), so the kernel never imports an area's types. */
export interface AppVariables {
  /** Set under --strict (docs/api-choices.md#strict-mode): readBody checks parameters against the operation. */
  strict: boolean;
  /** Shapes noted on this API request for the conformance report (conformance-recorder.ts). */
  conformance?: RequestConformance;
  /** Where multipart file parts are written, and the ones this request wrote (http/multipart.ts). */
  uploads: { storage: Storage; staged: StagedObject[] };
}

export interface AppEnv {
  Variables: AppVariables;
}
