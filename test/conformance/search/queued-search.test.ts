// Issue search writes nothing (docs/api/search.md#how-search-works): issues still queued for the index are matched in
// memory and ranked by the score bm25 gives them once indexed; an issue whose create committed but whose index write never came (a crash) is found and indexed after a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { insertIssue } from '../../../reference-server/src/areas/issues/repository.ts';
import { catchUpIssueIndex, MATCHED_IN_MEMORY } from '../../../reference-server/src/areas/search/issue-index.ts';
import { searchCandidates } from '../../../reference-server/src/areas/search/issue-search.ts';
import { issueVocabulary } from '../../../reference-server/src/areas/search/issue-vocabulary.ts';
import { buildSearchQuery } from '../../../reference-server/src/areas/search/query.ts';
import { matchQueuedIssues } from '../../../reference-server/src/areas/search/queued-matches.ts';
import { matchIssues } from '../../../reference-server/src/areas/search/repository.ts';
import { openDatabase } from '../../../reference-server/src/db/database.ts';
import { newIssue } from '../../helpers/issue-rows.ts';
import { PATS, PROJECT_ID } from '../../helpers/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { RELEVANCE_ISSUES } from '../../relevance/dataset-issues.ts';

const ISSUES = `/projects/${PROJECT_ID}/issues`;
const servers: TestServer[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(file?: string, seed = true): Promise<TestServer> {
  const where = file ? { db: file, storageDir: join(file, '..', 'storage') } : {};
  const server = await startTestServer(seed ? where : { ...where, seed: false });
  servers.push(server);
  return server;
}

function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'glitchbox-queued-search-'));
  dirs.push(dir);
  return join(dir, 'server.db');
}

const projectKey = (server: TestServer) =>
  server.deps.db.prepare('SELECT id FROM projects WHERE public_id = ?').pluck().get(PROJECT_ID) as number;
const queued = (server: TestServer) =>
  server.deps.db.prepare('SELECT count(*) FROM search_index_queue').pluck().get() as number;
const checkIndex = (server: TestServer) =>
  server.deps.db.exec("INSERT INTO issues_fts (issues_fts) VALUES ('integrity-check')");

/** Inserts reports of the relevance set as the create path does (the trigger queues each one). */
function insertReports(server: TestServer, reports: Array<[string, string, string]>): number[] {
  const now = new Date().toISOString();
  return reports.map(
    ([, title, description]) =>
      insertIssue(server.deps.db, newIssue(projectKey(server), now, { title, description })).id,
  );
}

async function search(server: TestServer, query: string): Promise<number[]> {
  const r = await server.request('GET', `${ISSUES}/search.json?partial=true&query=${encodeURIComponent(query)}`, {
    auth: `Bearer ${PATS.developer}`,
  });
  expect(r.status).toBe(200);
  return (r.body.issues as Array<{ id: number }>).map((issue) => issue.id);
}

describe('issue search over issues not yet indexed', () => {
  it('answers a search over an issue still queued without writing to the database', async () => {
    const server = await start();
    // Queued as a create queues it (the create's own follow-up would index it 100 ms later).
    const [id] = insertReports(server, [['', 'Airlock cycles twice', 'The airlock cycles twice before opening.']]);
    const changes = () => server.deps.db.prepare('SELECT total_changes()').pluck().get() as number;
    const before = changes();
    expect(await search(server, 'airlock cycl')).toEqual([id]);
    expect(changes()).toBe(before);
    expect(queued(server)).toBe(1);
  });

  it('scores a queued issue as bm25 does once it is indexed, so the first results stay when it is', async () => {
    const server = await start();
    const project = projectKey(server);
    insertReports(server, RELEVANCE_ISSUES.slice(0, 120));
    catchUpIssueIndex(server.deps.db);
    // Reports about crashes and the map, queued behind an index that already holds others like them.
    const waiting = insertReports(server, RELEVANCE_ISSUES.filter(([, title]) => /crash|map/i.test(title)).slice(0, 6));
    expect(queued(server)).toBe(waiting.length);
    const db = server.deps.db;
    // The last word is a prefix of the query; ended by a stopword, every word is a plain term and the score exact.
    for (const query of ['game crashes map the', 'galaxy map crash']) {
      const vocabulary = issueVocabulary(db);
      const plan = buildSearchQuery(query, vocabulary, { exactVocabulary: true });
      const inMemory = matchQueuedIssues(db, vocabulary, MATCHED_IN_MEMORY)!;
      const scored = plan.groups.map((groups) => inMemory(groups, project, new Set()));
      expect(scored.flat().length).toBeGreaterThan(0);
      // What the widget shows: the first three, with the queued reports among them.
      const top = searchCandidates(server.deps, project, query, 200, [])
        .slice(0, 3)
        .map((c) => c.id);
      expect(top.filter((id) => waiting.includes(id)).length).toBeGreaterThan(0);

      catchUpIssueIndex(db);
      expect(queued(server)).toBe(0);
      // The other scores move a little as six more rows enter the index's statistics; the first three stay.
      expect(
        searchCandidates(server.deps, project, query, 200, [])
          .slice(0, 3)
          .map((c) => c.id),
      ).toEqual(top);
      plan.tiers.forEach((tier, t) => {
        const indexed = new Map(matchIssues(db, project, tier, 500, [], 2000).map((c) => [c.id, c.score]));
        for (const { id, score } of scored[t]) {
          // Exact but for the prefix's document count, which the vocabulary can only bound from above.
          const tolerance = query.endsWith(' the') ? 1e-9 : 0.05;
          expect(Math.abs(score - indexed.get(id)!) / Math.abs(indexed.get(id)!)).toBeLessThan(tolerance);
        }
      });
      // Queued again for the next query, as the insert trigger left them: out of the index, in the queue.
      for (const id of waiting) {
        db.prepare(
          `INSERT INTO issues_fts (issues_fts, rowid, title, description)
          SELECT 'delete', id, title, description FROM issues WHERE id = ?`,
        ).run(id);
        db.prepare('INSERT INTO search_index_queue (issue_id) VALUES (?)').run(id);
      }
      checkIndex(server);
    }
  });

  it('finds and indexes after a restart an issue whose create committed before any index write', async () => {
    const file = tempFile();
    const first = await start(file);
    const project = projectKey(first);
    await first.close();
    servers.splice(0);
    // The create's own transaction, then the process ends before the job thread ran: only the queue row holds it.
    const db = openDatabase(file);
    const now = new Date().toISOString();
    const text = { title: 'Cargo manifest lists ghosts', description: 'The manifest lists ghost crates.' };
    const id = db.transaction(() => insertIssue(db, newIssue(project, now, text)).id)();
    db.close();

    const second = await start(file, false);
    expect(queued(second)).toBe(1);
    expect(await search(second, 'manifest ghost')).toEqual([id]);
    await second.runJobs();
    expect(queued(second)).toBe(0);
    checkIndex(second);
    expect(await search(second, 'manifest ghost')).toEqual([id]);
  });

  it('leaves trimming the vocabulary log to the job thread, which keeps the last 2,000 entries', async () => {
    const server = await start(tempFile());
    const log = () => server.deps.db.prepare('SELECT count(*) FROM search_vocab_log').pluck().get() as number;
    const project = projectKey(server);
    const now = new Date().toISOString();
    const before = log();
    server.deps.db.transaction(() => {
      for (let i = 0; i < 2100; i += 1)
        insertIssue(server.deps.db, newIssue(project, now, { title: `Lantern ${i} gutters`, description: 'Out.' }));
    })();
    expect(await search(server, 'lantern gutters')).toHaveLength(25);
    expect(log()).toBe(before + 2100);
    await server.runJobs();
    expect(log()).toBe(2000);
    expect(issueVocabulary(server.deps.db).documentFrequency('lantern')).toBe(2100);
  }, 60_000);

  it(`indexes first a queue longer than ${MATCHED_IN_MEMORY} issues, which only a bulk load leaves`, async () => {
    const server = await start();
    const now = new Date().toISOString();
    const project = projectKey(server);
    server.deps.db.transaction(() => {
      for (let i = 0; i <= MATCHED_IN_MEMORY; i += 1)
        insertIssue(server.deps.db, newIssue(project, now, { title: `Beacon ${i} blinks`, description: 'Blinks.' }));
    })();
    expect(queued(server)).toBe(MATCHED_IN_MEMORY + 1);
    expect(await search(server, 'beacon blinks')).toHaveLength(25);
    expect(queued(server)).toBe(0);
    checkIndex(server);
  });
});
