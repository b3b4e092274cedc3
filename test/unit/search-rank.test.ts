// Issue search ranks in our own code (areas/search/rank-index.ts): every match of every tier scores as FTS5's bm25
// does, to 1e-9 and in the same order, on the relevance set's reports and after edits, moves, raw flags, status changes
// and deletes in plain SQL; a large index loads a chunk per turn; a reader the trimmed log left behind reloads; trims.
import { afterEach, describe, expect, it } from 'vitest';
import { createDeps } from '../../reference-server/src/server.ts';
import type { Deps } from '../../reference-server/src/deps.ts';
import { loadFixtures } from '../../reference-server/src/areas/admin/fixtures.ts';
import { insertIssue } from '../../reference-server/src/areas/issues/repository.ts';
import { findProjectByPublicId } from '../../reference-server/src/areas/projects-auth/repository.ts';
import { catchUpIssueIndex } from '../../reference-server/src/areas/search/issue-index.ts';
import { issueVocabulary } from '../../reference-server/src/areas/search/issue-vocabulary.ts';
import {
  issueRank,
  LOAD_CHUNK,
  loadIssueRankNow,
  RANK_LOG_TAIL,
  trimIssueRankLog,
} from '../../reference-server/src/areas/search/issue-rank.ts';
import { buildSearchQuery } from '../../reference-server/src/areas/search/query.ts';
import { phrasesOf, type RankIndex } from '../../reference-server/src/areas/search/rank-index.ts';
import { countPrefixDocuments } from '../../reference-server/src/areas/search/rank-repository.ts';
import { newIssue } from '../helpers/issue-rows.ts';
import { OTHER_PROJECT_ID, PROJECT_ID, seedDocument } from '../helpers/seed.ts';
import { RELEVANCE_ISSUES } from '../relevance/dataset-issues.ts';
import { RELEVANCE_QUERIES } from '../relevance/dataset-queries.ts';

const opened: Deps[] = [];
afterEach(() => {
  for (const deps of opened.splice(0)) deps.db.close();
});

/** Texts beyond the relevance set: accents, a word repeated in both columns, an empty description, digits. */
const EXTRA: Array<[string, string]> = [
  ['Écran noir après la cinématique', "L'écran reste noir; écran, écran et ÉCRAN encore."],
  ['Crash crash crash on launch', 'Crash on launch, then crashes again, crashing the launcher.'],
  ['Save slot 3 lost', ''],
  ['Build 1.2.3 error 0x1f', 'Error 0x1f on build 1.2.3 when the save loads.'],
];

function start(issues = RELEVANCE_ISSUES.map(([, title, description]) => [title, description])): Deps {
  const deps = createDeps({ db: ':memory:' });
  opened.push(deps);
  loadFixtures(deps, seedDocument());
  const projects = [PROJECT_ID, OTHER_PROJECT_ID].map((id) => findProjectByPublicId(deps.db, id)!.id);
  const now = new Date().toISOString();
  [...issues, ...EXTRA].forEach(([title, description], i) => {
    insertIssue(deps.db, newIssue(projects[i % 2], now, { title, description }));
  });
  catchUpIssueIndex(deps.db);
  return deps;
}

/** Compares our scores with FTS5's on every match of every tier of the relevance queries; answers the rows compared. */
function compareWithFts5(deps: Deps, rank: RankIndex): number {
  const bm25 = deps.db.prepare(
    'SELECT rowid AS id, bm25(issues_fts, 10, 1) AS score FROM issues_fts WHERE issues_fts MATCH ?',
  );
  let rows = 0;
  const texts = RELEVANCE_QUERIES.flatMap((q) => [q.text, q.text.split(' ').slice(0, -1).join(' ')]);
  for (const text of [...texts, 'écran noir', 'crash', 'build 1.2.3', 'cr', 'e']) {
    for (const match of buildSearchQuery(text, issueVocabulary(deps.db), { exactVocabulary: true }).tiers) {
      const theirs = bm25.all(match) as Array<{ id: number; score: number }>;
      const ours = rank.score(
        theirs.map((row) => row.id),
        phrasesOf(match),
        (prefix) => countPrefixDocuments(deps.db, prefix),
      );
      theirs.forEach((row, i) => {
        if (Math.abs(ours[i] - row.score) > 1e-9 * Math.abs(row.score))
          expect.fail(`${match}: issue ${row.id} scored ${ours[i]}, FTS5 ${row.score}`);
      });
      const order = (scores: number[]) =>
        theirs
          .map((row, i) => ({ id: row.id, score: scores[i] }))
          .sort((a, b) => a.score - b.score || a.id - b.id)
          .map((row) => row.id);
      expect(order(ours), match).toEqual(order(theirs.map((row) => row.score)));
      rows += theirs.length;
    }
  }
  return rows;
}

/** Issues the FTS5 index holds (count(*) of an external-content table would count the issues table). */
const indexed = (deps: Deps) =>
  deps.db
    .prepare('SELECT count(*) FROM issues WHERE raw = 0 AND id NOT IN (SELECT issue_id FROM search_index_queue)')
    .pluck()
    .get();

describe('ranking issue search in our own code', () => {
  it("scores every match of every tier as FTS5's bm25 does, in the same order", () => {
    const deps = start();
    const rank = loadIssueRankNow(deps.db);
    expect(rank.documents).toBe(indexed(deps));
    expect(compareWithFts5(deps, rank)).toBeGreaterThan(2000);
  });

  it('follows edits, moves, raw flags, status changes, deletes and new issues written in plain SQL', () => {
    const deps = start();
    loadIssueRankNow(deps.db);
    const db = deps.db;
    const other = findProjectByPublicId(db, OTHER_PROJECT_ID)!.id;
    db.prepare("UPDATE issues SET title = 'Inventory crash crash when sorting', description = '' WHERE id = 3").run();
    db.prepare('UPDATE issues SET project_id = ? WHERE id = 4').run(other);
    db.prepare('UPDATE issues SET raw = 1 WHERE id = 5').run();
    db.prepare('DELETE FROM issues WHERE id = 6').run();
    db.prepare(
      "UPDATE issues SET status = 'hidden', reporter_user_id = (SELECT min(id) FROM users) WHERE id = 7",
    ).run();
    insertIssue(db, newIssue(other, new Date().toISOString(), { title: 'Inventory freezes', description: 'Sorting.' }));
    issueVocabulary(db); // catches the queue up, as a search does first
    const rank = issueRank(db)!;
    expect(rank.documents).toBe(indexed(deps));
    expect(rank.projectOf(4)).toBe(other);
    expect(rank.projectOf(5)).toBeUndefined();
    expect(rank.projectOf(6)).toBeUndefined();
    // What visibility reads of each issue is the issues table's, the status and reporter just changed included.
    const facts = db
      .prepare('SELECT id, status, raw, reporter_user_id FROM issues WHERE raw = 0 ORDER BY id')
      .all() as Array<{ id: number }>;
    expect(facts.find((row) => row.id === 7)).toMatchObject({ status: 'hidden', reporter_user_id: expect.any(Number) });
    expect(facts.map((row) => rank.factsOf(row.id))).toEqual(facts);
    compareWithFts5(deps, rank);
  });

  it(`loads an index of more than ${LOAD_CHUNK} issues a chunk per turn, ranking with FTS5 meanwhile`, async () => {
    const many = Array.from({ length: LOAD_CHUNK * 2 }, (_, i) => {
      const [, title, description] = RELEVANCE_ISSUES[i % RELEVANCE_ISSUES.length];
      return [`${title} ${i}`, description];
    });
    const deps = start(many);
    expect(issueRank(deps.db)).toBeUndefined();
    // An issue edited while the chunks load is replayed from the log once they are in.
    deps.db.prepare("UPDATE issues SET title = 'Zeppelin moored' WHERE id = 1").run();
    let rank: RankIndex | undefined;
    for (let turn = 0; turn < 10 && !rank; turn += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      rank = issueRank(deps.db);
    }
    expect(rank?.documents).toBe(indexed(deps));
    expect(rank?.documentFrequency('zeppelin')).toBe(1);
  });

  it('loads afresh when the log it follows was trimmed past what it read', async () => {
    const deps = start();
    loadIssueRankNow(deps.db);
    deps.db.prepare("UPDATE issues SET title = 'Zeppelin moored' WHERE id = 1").run();
    deps.db.prepare("UPDATE issues SET title = 'Zeppelin adrift' WHERE id = 2").run();
    deps.db.prepare('DELETE FROM search_rank_log WHERE seq < (SELECT max(seq) FROM search_rank_log)').run();
    expect(issueRank(deps.db)).toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect(issueRank(deps.db)?.documentFrequency('zeppelin')).toBe(2);
  });

  it(`keeps the log's last ${RANK_LOG_TAIL} entries, trimming only once a batch more wait`, () => {
    const deps = start();
    const log = (count: number) =>
      deps.db
        .prepare(
          `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
          INSERT INTO search_rank_log (issue_id) SELECT 1 FROM n`,
        )
        .run(count);
    const entries = () => deps.db.prepare('SELECT count(*) FROM search_rank_log').pluck().get();
    deps.db.prepare('DELETE FROM search_rank_log').run(); // what the fixture's catch-up logged
    log(RANK_LOG_TAIL + 500);
    expect(trimIssueRankLog(deps.db)).toBe(0);
    log(600);
    expect(trimIssueRankLog(deps.db)).toBe(1100);
    expect(entries()).toBe(RANK_LOG_TAIL);
  });
});
