// Wires the parts into a running server: database, clock, JWTs, jobs, app, and (for listen)
// the Node HTTP server. Used by the CLI, the tests and the benchmarks.
import { serve, type ServerType } from '@hono/node-server';
import { mkdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from './app.ts';
import { AREAS } from './areas/index.ts';
import { createControllableClock } from './clock.ts';
import { createCommitGroups } from './db/commit-groups.ts';
import { openDatabase } from './db/database.ts';
import type { Deps, ServerConfig } from './deps.ts';
import { getClockOffset, getJwtSecret } from './db/settings.ts';
import { createJobRunner } from './jobs/runner.ts';
import { createJwtService } from './areas/projects-auth/jwt.ts';

export interface ServerOptions {
  db?: string;
  storageDir?: string;
  publicUrl?: string;
  strict?: boolean;
  admin?: boolean;
  /** Start time of the server clock (tests); real time by default. */
  now?: Date;
  staticDirs?: Array<{ prefix: string; dir: string }>;
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
  const deps: Deps = {
    db, commits: createCommitGroups(db), clock, config, areas: AREAS,
    jwt: createJwtService(getJwtSecret(db), clock), jobs: createJobRunner(db, clock),
  };
  for (const area of AREAS) {
    for (const [kind, handler] of Object.entries(area.jobs?.(deps) ?? {})) deps.jobs.register(kind, handler);
  }
  return deps;
}

export interface RunningServer {
  url: string;
  port: number;
  deps: Deps;
  app: ReturnType<typeof createApp>;
  close(): Promise<void>;
}

/** Listens on host:port (0 picks a free port); publicUrl defaults to the address listened on. */
export async function startServer(options: ServerOptions & { port?: number; host?: string; jobIntervalMs?: number } = {}): Promise<RunningServer> {
  const deps = createDeps(options);
  const app = createApp(deps);
  const host = options.host ?? '127.0.0.1';
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: host }, () => resolve(s));
    s.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (!options.publicUrl) deps.config.publicUrl = url;
  deps.jobs.start(options.jobIntervalMs ?? 1000);
  return {
    url, port, deps, app,
    close: () => new Promise<void>((resolve) => {
      deps.jobs.stop();
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
