// What every route and service is given: the database, the clock, the configuration and the
// shared services. Built once by createServer (server.ts); tests build their own.
import type { Area } from './areas/area.ts';
import type { AnswerCache } from './db/answer-cache.ts';
import type { ControllableClock } from './clock.ts';
import type { CommitGroups } from './db/commit-groups.ts';
import type { Db } from './db/database.ts';
import type { JobRunner } from './jobs/runner.ts';
import type { JwtService } from './areas/projects-auth/jwt.ts';
import type { IdentityLookups } from './areas/projects-auth/lookups.ts';
import type { KnowledgeThread } from './areas/knowledge-base/knowledge-thread.ts';

export interface ServerConfig {
  /** Base URL clients reach the server at; media URLs and `url` fields are built from it. */
  publicUrl: string;
  /** --strict: refuse what the real service tolerates (docs/api-choices.md#strict-mode). */
  strict: boolean;
  /** /__admin is mounted (refused from non-loopback addresses even then). */
  admin: boolean;
  /** Directory of the storage emulator's files. */
  storageDir: string;
  /** Directories served as static files (the demo game and the widget build under npm start). */
  staticDirs?: Array<{ prefix: string; dir: string }>;
}

export interface Deps {
  db: Db;
  /** Group commit of the writes of one event-loop turn (db/commit-groups.ts). */
  commits: CommitGroups;
  clock: ControllableClock;
  config: ServerConfig;
  jwt: JwtService;
  jobs: JobRunner;
  /** Serialized read answers remembered against the database's version (db/answer-cache.ts). */
  answers: AnswerCache;
  /** The server's areas (areas/index.ts): mounted by app.ts, asked to reset and told of issue writes. */
  areas: readonly Area[];
  /** What projects-auth reads of other areas (areas/index.ts builds it): who may reach a path, spent tokens. */
  identity: IdentityLookups;
  /** Where knowledge-base questions are ranked, on a database file (areas/knowledge-base/knowledge-thread.ts). */
  knowledgeThread?: KnowledgeThread;
}
