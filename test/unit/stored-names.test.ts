// Names the database stores (docs/contributing.md#names-stored-in-the-database): a database written before
// migration 6, with the old job kinds, payload keys and idempotency operations, still finishes its pending jobs
// and replays its keys once the server opens it; and every job kind an area registers is `<area>.<verb>`.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AREAS } from '../../reference-server/src/areas/index.ts';
import { createDeps } from '../../reference-server/src/server.ts';
import type { FixtureDocument } from '../../widget/src/protocol/fixtures.ts';
import { PATS, PROJECT_ID, seedDocument, TOKENS } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ISSUES = `/projects/${PROJECT_ID}/issues`;
const AS_GAME = `FormUser ${TOKENS.all}`;
const EARLIER = {
  title: 'Game crashes when opening the galaxy map',
  description: 'Opening the galaxy map crashes the game to desktop with an access violation.',
};
const DRAFT = {
  title: 'Cargo bay door stays shut',
  description: 'After docking at the third station the cargo bay door never opens, so the run cannot go on.',
};
const DUPLICATE = {
  title: 'Galaxy map crashes the game',
  description: 'The game crashes to desktop with an access violation when opening the galaxy map.',
};

let dir: string;
let file: string;
const running: TestServer[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'glitchbox-stored-names-'));
  file = join(dir, 'server.db');
});
afterEach(async () => {
  for (const server of running.splice(0)) await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(seed: FixtureDocument | false): Promise<TestServer> {
  const server = await startTestServer({ db: file, seed, storageDir: join(dir, 'storage') });
  running.push(server);
  return server;
}

const create = (server: TestServer, issue: object, key: string, top: object = {}) =>
  server.request('POST', `${ISSUES}.json`, {
    auth: AS_GAME,
    headers: { 'Idempotency-Key': key },
    json: { issue, ...top },
  });

const statusOf = async (server: TestServer, id: number) =>
  (await server.request('GET', `${ISSUES}/g-${id}.json`, { auth: `Bearer ${PATS.developer}` })).body;

/**
 * Puts the database back as the code before migration 6 left it: the migration not applied, the duplicate job
 * under its old kind, the auto-publish payload camelCase, the issue create's key under `createIssue:<project>`.
 * Each statement must have changed a row, or the setup, not the migration, would be what the test shows.
 */
function toPreMigrationShape(draftId: number): void {
  const db = new Database(file);
  try {
    const changes = [
      db.prepare('DELETE FROM schema_migrations WHERE version = 6'),
      db.prepare("UPDATE jobs SET kind = 'duplicate_detection' WHERE kind = 'search.detect_duplicate'"),
      db
        .prepare("UPDATE jobs SET payload = ? WHERE kind = 'issues.auto_publish'")
        .bind(JSON.stringify({ issueId: draftId })),
      db.prepare(
        "UPDATE idempotency_keys SET operation = 'createIssue:' || substr(operation, 14) WHERE operation GLOB " +
          "'issue.create:*'",
      ),
    ].map((statement) => statement.run().changes);
    expect(changes).toEqual([1, 1, 1, 2]);
  } finally {
    db.close();
  }
}

describe('a database made before migration 6', () => {
  it('finishes its pending jobs and replays its idempotency keys once the server has opened it', async () => {
    const seed = seedDocument({ project: { duplicate_detection: true, duplicate_threshold: 0.75, issues: [EARLIER] } });
    const before = await open(seed);
    const draft = await create(before, DRAFT, 'key-draft', { draft: true, publish_after: '30m' });
    const duplicate = await create(before, DUPLICATE, 'key-duplicate');
    expect([draft.status, duplicate.status]).toEqual([201, 201]);
    running.splice(0);
    await before.close();
    toPreMigrationShape(draft.body.id);

    const after = await open(false);
    const db = after.deps.db;
    expect(db.prepare('SELECT name FROM schema_migrations WHERE version = 6').pluck().get()).toBe(
      'one-name-per-concept',
    );
    const pending = db.prepare('SELECT kind, payload FROM jobs WHERE done_at IS NULL ORDER BY id').all();
    expect(pending).toEqual([
      { kind: 'issues.auto_publish', payload: JSON.stringify({ issue_id: draft.body.id }) },
      { kind: 'search.detect_duplicate', payload: JSON.stringify({ issue_id: duplicate.body.id }) },
    ]);

    await after.advance('31m');
    expect(await after.runJobs()).toBeGreaterThanOrEqual(2);
    expect(db.prepare('SELECT count(*) FROM jobs WHERE done_at IS NULL OR last_error IS NOT NULL').pluck().get()).toBe(
      0,
    );
    expect(await statusOf(after, draft.body.id)).toMatchObject({ status: 'open' });
    expect(await statusOf(after, duplicate.body.id)).toMatchObject({
      status: 'duplicate',
      potential_duplicate: { scoped_id: 1 },
    });

    const issues = db.prepare('SELECT count(*) FROM issues').pluck().get();
    const replay = await create(after, DUPLICATE, 'key-duplicate');
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(duplicate.body);
    expect(db.prepare('SELECT count(*) FROM issues').pluck().get()).toBe(issues);
    const changed = await create(after, { ...DUPLICATE, title: 'Another title' }, 'key-duplicate');
    expect(changed).toMatchObject({ status: 422, body: { error: expect.stringMatching(/Idempotency-Key/) } });
  });
});

describe('names the code stores now', () => {
  it('registers every job kind as `<area>.<verb>`, the area being a folder of areas/', () => {
    const folders = readdirSync(join(import.meta.dirname, '../../reference-server/src/areas'));
    const deps = createDeps({ storageDir: join(dir, 'storage') });
    try {
      const kinds = AREAS.flatMap((area) => Object.keys(area.jobs?.(deps) ?? {}));
      expect(kinds.length).toBeGreaterThanOrEqual(5);
      for (const kind of kinds) {
        expect(kind).toMatch(/^[a-z-]+\.[a-z]+(_[a-z]+)*$/);
        expect(folders).toContain(kind.split('.')[0]);
      }
    } finally {
      deps.db.close();
    }
  });

  it('stores job payloads with snake_case keys and issue keys under `issue.create:<project>`', async () => {
    const server = await open(seedDocument({ project: { duplicate_detection: true, issues: [EARLIER] } }));
    await create(server, DRAFT, 'key-a', { draft: true, publish_after: '1h' });
    await create(server, DUPLICATE, 'key-b');
    const payloads = server.deps.db.prepare('SELECT payload FROM jobs').pluck().all() as string[];
    const keys = payloads.flatMap((payload) => Object.keys(JSON.parse(payload)));
    expect(keys.length).toBeGreaterThanOrEqual(2);
    for (const key of keys) expect(key).toMatch(/^[a-z]+(_[a-z]+)*$/);
    const operations = server.deps.db.prepare('SELECT operation FROM idempotency_keys').pluck().all();
    expect(new Set(operations).size).toBe(1);
    expect(operations[0]).toMatch(/^issue\.create:\d+$/);
  });
});
