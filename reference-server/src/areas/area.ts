// The one shape every area exports from its index.ts: its routes, the durable jobs it runs, what
// /__admin/reset must forget outside the database, and the hooks it hangs on other areas' writes.
// app.ts mounts the routes, server.ts registers the jobs; nothing registers itself on import.
import type { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import type { JobHandler } from '../jobs/runner.ts';
import type { IssueRow } from './issues/repository.ts';
import type { IssueWriteKind } from './issues/write-hooks.ts';
import type { ProjectFixture } from './fixture-context.ts';

export interface Area {
  /** The area's routes, mounted at the root after the caller and project middleware. */
  routes(deps: Deps): Hono<AppEnv>;
  /** Job handlers by kind, registered once per server. Handlers must be idempotent. */
  jobs?(deps: Deps): Record<string, JobHandler>;
  /**
   * Background upkeep the job thread runs before each pass (catching up queues), off the request path. It calls
   * `rest` after each batch with the batch's milliseconds: the thread pauses there while requests are in flight.
   */
  sweep?(deps: Deps, rest: (ms: number) => void): void;
  /** Starts loading, in the background once the server listens, what the area keeps in memory (a chunk per turn). */
  warm?(deps: Deps): void;
  /** Forgets state kept outside the database (in-memory indexes, stored files) on /__admin/reset. */
  reset?(deps: Deps): void | Promise<void>;
  /** Called after an issue write is committed (search indexing, the event stream, duplicates). */
  onIssueWrite?(deps: Deps, issue: IssueRow, kind: IssueWriteKind): void;
  /**
   * Loads what the area owns of a fixture project, inside the fixture transaction (admin/fixtures.ts), in the order
   * of areas/index.ts: an area whose entries refer to another's keys comes after it.
   */
  loadFixture?(deps: Deps, fixture: ProjectFixture): void;
}
