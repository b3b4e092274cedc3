// The issue search index is caught up after the create (migration 041, areas/search/issue-index.ts): a create only
// queues its text, yet a search made at once finds it, an issue edited before it was indexed is found by its new
// words only, the job thread's sweep empties it and merges the index's segments, and creates index it in one batch
// once 1,000 issues wait. FTS5's integrity-check compares the index with the issues.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { ALL_FLAGS, PATS, PROJECT_ID, seedDocument } from '../../helpers/seed.ts';
import {
  catchUpIssueIndex,
  REQUEST_THREAD_BACKLOG,
  WRITE_BATCH,
} from '../../../reference-server/src/areas/search/issue-index.ts';
import { catchUpEmbeddings } from '../../../reference-server/src/areas/search/similar-index.ts';
import { issueVocabulary } from '../../../reference-server/src/areas/search/issue-vocabulary.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { describeLocal } from '../../helpers/local-only.ts';

const ISSUES = `/projects/${PROJECT_ID}/issues`;
const DEV = `Bearer ${PATS.developer}`;
/** A token with no practical daily limit. */
const BULK = 'tkn-bulk';
const servers: TestServer[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(options: { file?: boolean } = {}): Promise<TestServer> {
  let db: string | undefined;
  if (options.file) {
    const dir = mkdtempSync(join(tmpdir(), 'glitchbox-index-queue-'));
    dirs.push(dir);
    db = join(dir, 'server.db');
  }
  // No raw issues, so every issue row must be in the index once the queue is caught up (the integrity-check).
  const seed = seedDocument();
  seed.projects[0].tokens = [{ token: BULK, daily_limit: 1_000_000, ...ALL_FLAGS }];
  const server = await startTestServer({ db, seed });
  servers.push(server);
  return server;
}

const queued = (server: TestServer) =>
  server.deps.db.prepare('SELECT count(*) FROM search_index_queue').pluck().get() as number;

/** Throws if the FTS5 index differs from the text of the issues it indexes. */
const checkIndex = (server: TestServer) =>
  server.deps.db.exec("INSERT INTO issues_fts (issues_fts) VALUES ('integrity-check')");

async function create(server: TestServer, title: string, description: string) {
  const r = await server.request('POST', `${ISSUES}.json`, {
    auth: `FormUser ${BULK}`,
    json: { issue: { title, description } },
  });
  expect(r.status).toBe(201);
  return r.body as { id: number; scoped_id: number };
}

const search = async (server: TestServer, query: string) => {
  const r = await server.request('GET', `${ISSUES}/search.json?query=${encodeURIComponent(query)}`, { auth: DEV });
  expect(r.status).toBe(200);
  return (r.body.issues as { id: number }[]).map((issue) => issue.id);
};

describeLocal('the issue search index after a create', 'reads the search index queue in the database', () => {
  it('finds an issue searched for right after its create, before any background pass indexed it', async () => {
    const server = await start();
    const issue = await create(server, 'Zeppelin drifts sideways', 'The zeppelin drifts off its mooring mast.');
    expect(queued(server)).toBe(1);
    expect(await search(server, 'zeppelin')).toEqual([issue.id]);
    expect(queued(server)).toBe(0);
    checkIndex(server);
  });

  it('loads the vocabulary of typo tolerance with the words of issues still queued', async () => {
    const server = await start();
    await create(server, 'Zeppelin drifts sideways', 'The zeppelin drifts off its mooring mast.');
    expect(queued(server)).toBe(1);
    expect(issueVocabulary(server.deps.db).documentFrequency('zeppelin')).toBe(1);
  });

  it('finds an issue edited before it was indexed by its new words only, and keeps the index whole', async () => {
    const server = await start();
    const issue = await create(server, 'Harpoon jams on reload', 'The harpoon jams after the third reload.');
    const edit = (title: string, description: string) =>
      server.request('PATCH', `${ISSUES}/${issue.scoped_id}.json`, {
        auth: DEV,
        json: { issue: { title, description } },
      });
    expect((await edit('Crossbow jams on reload', 'The crossbow jams after the third reload.')).status).toBe(200);
    expect(queued(server)).toBe(1);
    expect(await search(server, 'harpoon')).toEqual([]);
    expect(await search(server, 'crossbow')).toEqual([issue.id]);
    checkIndex(server);
    // Indexed now: an edit updates the index in the same transaction, as before.
    expect((await edit('Slingshot jams on reload', 'The slingshot jams after the third reload.')).status).toBe(200);
    expect(queued(server)).toBe(0);
    expect(await search(server, 'crossbow')).toEqual([]);
    expect(await search(server, 'slingshot')).toEqual([issue.id]);
    checkIndex(server);
  });

  it('drops a queued issue deleted before it was indexed', async () => {
    const server = await start();
    const issue = await create(server, 'Gondola sways', 'The gondola sways in calm weather.');
    server.deps.db.prepare('DELETE FROM issues WHERE id = ?').run(issue.id);
    expect(queued(server)).toBe(0);
    expect(await search(server, 'gondola')).toEqual([]);
    checkIndex(server);
  });

  it(`leaves the queue to the job thread until ${REQUEST_THREAD_BACKLOG} wait, then a create indexes it`, async () => {
    const server = await start();
    // Creates on the request thread, with no job run in between (as when the job thread cannot win the write lock).
    for (let i = 1; i < REQUEST_THREAD_BACKLOG; i += 1)
      await create(server, `Anchor slips ${i}`, `The anchor slips ${i}.`);
    expect(queued(server)).toBe(REQUEST_THREAD_BACKLOG - 1);
    // Looked at every WRITE_BATCH creates: the next look after the backlog is reached indexes all of it.
    for (let i = 0; i < WRITE_BATCH; i += 1) await create(server, 'Anchor slips again', `The anchor slips, late ${i}.`);
    expect(queued(server)).toBeLessThan(WRITE_BATCH);
    checkIndex(server);
    expect(await search(server, 'anchor')).toHaveLength(25);
  }, 60_000);

  it('reports each batch of a catch-up, where the job thread rests while requests are in flight', async () => {
    const server = await start();
    for (let i = 0; i < 5; i += 1) await create(server, `Rudder sticks ${i}`, `The rudder sticks, take ${i}.`);
    const indexBatches: number[] = [];
    expect(catchUpIssueIndex(server.deps.db, 2, (ms) => indexBatches.push(ms))).toBe(5);
    expect(indexBatches).toHaveLength(3);
    const embeddingBatches: number[] = [];
    const embedded = catchUpEmbeddings(server.deps.db, server.deps.clock, 2, (ms) => embeddingBatches.push(ms));
    expect(embeddingBatches).toHaveLength(Math.ceil(embedded / 2));
    expect([...indexBatches, ...embeddingBatches].every((ms) => ms >= 0)).toBe(true);
  });

  it('leaves merging to the job thread: issues indexed one at a time add a segment each, its sweep merges them', async () => {
    const server = await start({ file: true });
    const segments = () =>
      server.deps.db.prepare('SELECT count(DISTINCT segid) FROM issues_fts_idx').pluck().get() as number;
    const before = segments();
    for (let i = 0; i < 6; i += 1) {
      await create(server, `Hull creaks ${i}`, `The hull creaks in storm ${i}.`);
      catchUpIssueIndex(server.deps.db);
    }
    expect(segments()).toBe(before + 6);
    await server.runJobs();
    expect(segments()).toBeLessThan(4);
    checkIndex(server);
    expect(await search(server, 'hull creaks')).toHaveLength(6);
  });

  it('is caught up by the job thread on a database file, off the request path', async () => {
    const server = await start({ file: true });
    const issues = [];
    for (let i = 0; i < 5; i += 1)
      issues.push(await create(server, `Periscope fogs ${i}`, `The periscope fogs up ${i}.`));
    expect(queued(server)).toBe(5);
    await server.runJobs();
    expect(queued(server)).toBe(0);
    checkIndex(server);
    expect((await search(server, 'periscope')).sort()).toEqual(issues.map((issue) => issue.id).sort());
  });
});
