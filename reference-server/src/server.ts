// Wires the parts into a running server: database, clock, JWTs, jobs, app, and (for listen)
// the Node HTTP server. Used by the CLI, the tests and the benchmarks.
import { getRequestListener, type ServerType } from '@hono/node-server';
import { createServer } from 'node:http';
import { mkdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from './app.ts';
import { AREAS, IDENTITY_LOOKUPS } from './areas/index.ts';
import { answerClientError, answerRequestError } from './http/client-error.ts';
import { createControllableClock } from './clock.ts';
import { AnswerCache } from './db/answer-cache.ts';
import { createCommitGroups } from './db/commit-groups.ts';
import { openDatabase } from './db/database.ts';
import { createWriterFlag } from './db/write-turns.ts';
import type { Deps, ServerConfig } from './deps.ts';
import { getClockOffset, getJwtSecret } from './db/settings.ts';
import { createJobRunner } from './jobs/runner.ts';
import { createThreadJobRunner, isThreadRunner } from './jobs/thread-runner.ts';
import type { Area } from './areas/area.ts';
import { KnowledgeThread } from './areas/knowledge-base/knowledge-thread.ts';
import { emitIssueWrite, type IssueWriteKind } from './areas/issues/write-hooks.ts';
import type { IssueRow } from './areas/issues/repository.ts';
import { createJwtService } from './areas/projects-auth/jwt.ts';
import { storageFor } from './storage/storage.ts';
import { sweepStorage, type SweepResult } from './storage/sweep.ts';
import { withCorsHeaders } from './http/cors.ts';

export interface ServerOptions {
  db?: string;
  storageDir?: string;
  publicUrl?: string;
  strict?: boolean;
  admin?: boolean;
  /** Start time of the server clock (tests); real time by default. */
  now?: Date;
  staticDirs?: Array<{ prefix: string; dir: string }>;
  /**
   * Run the areas' jobs in a worker thread with its own connection (jobs/thread-runner.ts). Needs a database file:
   * another connection cannot open this one's `:memory:` database, so there jobs run on the event loop.
   * startServer turns it on for a file unless told otherwise; createDeps leaves it off.
   */
  jobThread?: boolean;
  /** Modules (URLs) exporting `jobs(deps)` as an area does, registered beside the areas' jobs (tests' slow jobs). */
  jobModules?: string[];
  /** Called after each job the in-process runner runs (the job thread's own deps pause there). */
  afterJob?: (ms: number) => void;
  /**
   * Rank knowledge-base questions in a worker thread with its own connection
   * (areas/knowledge-base/knowledge-thread.ts). Needs a database file, as the job thread does; on with the job thread
   * unless false.
   */
  knowledgeThread?: boolean;
  /** Remember list answers against the database's version (db/answer-cache.ts); on unless false. */
  answerCache?: boolean;
}

export function createDeps(options: ServerOptions = {}): Deps {
  const db = openDatabase(options.db ?? ':memory:');
  // A clock moved by /__admin/clock stays moved across a restart on the same database file, so a
  // job that came due before the restart runs after it (docs/api-choices.md#background-jobs).
  const clock = createControllableClock(options.now ?? new Date(Date.now() + getClockOffset(db)));
  const storageDir = options.storageDir ?? join(tmpdir(), `glitchbox-storage-${process.pid}-${Date.now()}`);
  mkdirSync(storageDir, { recursive: true });
  const config: ServerConfig = {
    publicUrl: (options.publicUrl ?? 'http://127.0.0.1').replace(/\/$/, ''),
    strict: options.strict ?? false,
    admin: options.admin ?? true,
    storageDir,
    staticDirs: options.staticDirs,
  };
  const file = options.db ?? ':memory:';
  const threaded = (options.jobThread ?? false) && file !== ':memory:' && !file.startsWith('file::memory:');
  const requestsInFlight = new Int32Array(new SharedArrayBuffer(4));
  const writer = createWriterFlag();
  const jobs = threaded
    ? createThreadJobRunner(db, clock, {
        spec: {
          file,
          storageDir,
          strict: config.strict,
          admin: config.admin,
          modules: options.jobModules ?? [],
          requestsInFlight,
          writer,
        },
        publicUrl: () => config.publicUrl,
        // Structured-cloned from the job thread, where the issues area wrote it.
        onIssueWrite: (issue, kind) => emitIssueWrite(deps, issue as IssueRow, kind as IssueWriteKind),
      })
    : createJobRunner(db, clock, { afterJob: options.afterJob });
  // With a job thread beside it, the request connection leaves WAL checkpoints (copying the log into the database
  // file, with an fsync) to the thread's passes; past 10,000 pages (40 MB) it checkpoints itself, as a safety net.
  if (threaded) db.pragma('wal_autocheckpoint = 10000');
  const jwt = createJwtService(getJwtSecret(db), clock);
  const commits = createCommitGroups(db, requestsInFlight, threaded ? writer : undefined);
  const answers = new AnswerCache(options.answerCache === false ? 0 : undefined);
  const deps: Deps = { db, commits, clock, config, areas: AREAS, identity: IDENTITY_LOOKUPS, jwt, jobs, answers };
  if (threaded && options.knowledgeThread !== false) deps.knowledgeThread = new KnowledgeThread({ file });
  // With a job thread the handlers are registered there (job-thread.ts).
  if (!threaded) {
    for (const area of AREAS) {
      for (const [kind, handler] of Object.entries(area.jobs?.(deps) ?? {})) deps.jobs.register(kind, handler);
    }
  }
  return deps;
}

/** Registers the jobs of `jobModules` (ServerOptions) with the deps' runner. */
export async function registerJobModules(deps: Deps, modules: readonly string[]): Promise<void> {
  for (const url of modules) {
    const module = (await import(url)) as Pick<Area, 'jobs'>;
    for (const [kind, handler] of Object.entries(module.jobs?.(deps) ?? {})) deps.jobs.register(kind, handler);
  }
}

export interface RunningServer {
  url: string;
  port: number;
  deps: Deps;
  app: ReturnType<typeof createApp>;
  /** What the start-up sweep reclaimed from storage (storage/sweep.ts). */
  sweep: SweepResult;
  close(): Promise<void>;
}

/** Listens on host:port (0 picks a free port); publicUrl defaults to the address listened on. */
export async function startServer(
  options: ServerOptions & { port?: number; host?: string; jobIntervalMs?: number } = {},
): Promise<RunningServer> {
  const deps = createDeps({ ...options, jobThread: options.jobThread ?? true });
  if (!isThreadRunner(deps.jobs)) await registerJobModules(deps, options.jobModules ?? []);
  const sweep = await sweepStorage(deps.db, storageFor(deps));
  const app = createApp(deps);
  const host = options.host ?? '127.0.0.1';
  // The adapter's listener with our answers to what it cannot parse (http/client-error.ts), and the CORS headers of
  // every answer set on Node's response (http/cors.ts).
  const server: ServerType = await new Promise((resolve, reject) => {
    const listener = getRequestListener(app.fetch, { hostname: host, errorHandler: answerRequestError });
    const s = createServer(withCorsHeaders(listener));
    s.on('clientError', answerClientError);
    s.once('error', reject);
    s.listen(options.port ?? 0, host, () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (!options.publicUrl) deps.config.publicUrl = url;
  deps.jobs.start(options.jobIntervalMs ?? 1000);
  for (const area of deps.areas) area.warm?.(deps);
  return {
    url,
    port,
    deps,
    app,
    sweep,
    close: () =>
      new Promise<void>((resolve) => {
        void deps.jobs.stop();
        void deps.knowledgeThread?.stop();
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => {
          deps.commits.flush();
          deps.db.close();
          // A temporary storage directory we made ourselves goes with the server.
          if (!options.storageDir) rmSync(deps.config.storageDir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
