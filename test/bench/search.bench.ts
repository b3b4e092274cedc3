// Search figures at 100,000 issues: time to index them (the insert trigger queues them, then the FTS5 catch-up
// and the local embeddings), the ranking index's load and memory, issue search p50/p95 (typo'd and paraphrased
// queries, candidates + visibility + rendering of the page), find_similar p50/p95 (brute-force cosine over the project
// matrix), and type-ahead search over HTTP while creates land (search-typeahead.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { insertIssue } from '../../reference-server/src/areas/issues/repository.ts';
import { findProjectByPublicId } from '../../reference-server/src/areas/projects-auth/repository.ts';
import { createDeps } from '../../reference-server/src/server.ts';
import { resolveCaller } from '../../reference-server/src/areas/projects-auth/caller.ts';
import { loadFixtures } from '../../reference-server/src/areas/admin/fixtures.ts';
import { issueVocabulary } from '../../reference-server/src/areas/search/issue-vocabulary.ts';
import { loadIssueRankNow } from '../../reference-server/src/areas/search/issue-rank.ts';
import { searchCandidates, searchIssues } from '../../reference-server/src/areas/search/issue-search.ts';
import { catchUpIssueIndex, mergeIssueIndex } from '../../reference-server/src/areas/search/issue-index.ts';
import { catchUpEmbeddings, projectVectors } from '../../reference-server/src/areas/search/similar-index.ts';
import { findSimilar } from '../../reference-server/src/areas/search/similar.ts';
import { ALL_FLAGS, PATS, PROJECT_ID, seedDocument } from '../helpers/seed.ts';
import { newIssue } from '../helpers/issue-rows.ts';
import { RELEVANCE_ISSUES } from '../relevance/dataset-issues.ts';
import { RELEVANCE_QUERIES } from '../relevance/dataset-queries.ts';
import { percentileOf } from './load.ts';
import { insertSuggestions, searchWhileCreating, TYPEAHEAD_TOKEN } from './search-typeahead.ts';

const ISSUE_COUNT = 100_000;
const SYLLABLES = 'ka ri vo tes lan mir zu ph or ex no va ly den sol cor ta ne gri hal bri qua'.split(' ');

/** A seeded generator, so every run indexes the same 100,000 issues. */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

function time(fn: () => unknown): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

/** Variations of the 210 dataset reports with 6,000 place names, builds and error codes. */
export function syntheticIssue(next: () => number, places: string[]): { title: string; description: string } {
  const [, title, description] = RELEVANCE_ISSUES[Math.floor(next() * RELEVANCE_ISSUES.length)];
  const place = places[Math.floor(next() * places.length)];
  const other = places[Math.floor(next() * places.length)];
  const build = `${1 + Math.floor(next() * 3)}.${Math.floor(next() * 20)}.${Math.floor(next() * 50)}`;
  const code = `0x${Math.floor(next() * 4096).toString(16)}`;
  return {
    title: `${title} at ${place}`,
    description: `${description} Seen near ${place} and ${other} on build ${build}, error ${code}.`,
  };
}

export async function run() {
  let figures: Array<{ name: string; value: number; unit: string; target?: string }>;
  const dir = mkdtempSync(join(tmpdir(), 'glitchbox-search-bench-'));
  const file = join(dir, 'bench.db');
  const deps = createDeps({ db: file, storageDir: join(dir, 'storage') });
  try {
    const seed = seedDocument();
    // The widget's kind of token (may list issues), with room for the type-ahead phase's creates.
    seed.projects
      .find((p) => p.id === PROJECT_ID)!
      .tokens!.push({ token: TYPEAHEAD_TOKEN, daily_limit: 10_000_000, ...ALL_FLAGS });
    loadFixtures(deps, seed);
    const project = findProjectByPublicId(deps.db, PROJECT_ID)!;
    const next = random(42);
    const places = Array.from({ length: 6000 }, () =>
      Array.from({ length: 2 + Math.floor(next() * 2) }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]).join(
        '',
      ),
    );
    const now = new Date().toISOString();
    const rows = Array.from({ length: ISSUE_COUNT }, () => syntheticIssue(next, places));

    const insertMs = time(() =>
      deps.db.transaction(() => {
        for (const { title, description } of rows) {
          insertIssue(deps.db, newIssue(project.id, now, { title, description }));
        }
      })(),
    );
    // The insert trigger only queues each issue's text (migration 041): the FTS5 index is built by the catch-up.
    const indexMs = time(() => catchUpIssueIndex(deps.db));
    // Then the job thread's sweep merges the index's segments (migration 042): a server's first passes would.
    const mergeMs = time(() => mergeIssueIndex(deps.db, undefined, Number.POSITIVE_INFINITY));
    const embedMs = time(() => catchUpEmbeddings(deps.db, deps.clock));
    const vocabularyMs = time(() => issueVocabulary(deps.db));
    // The server loads it a chunk per turn once it listens; a loop of searches gives it no turn, so it is loaded here.
    let rankBytes = 0;
    const rankMs = time(() => {
      rankBytes = loadIssueRankNow(deps.db).bytes;
    });
    const matrixMs = time(() => projectVectors(deps.db, deps.clock, project.id));
    insertSuggestions(deps.db, project.id, next, places);

    const caller = await resolveCaller(deps, `Bearer ${PATS.developer}`, '127.0.0.1');
    const queries = RELEVANCE_QUERIES.map((q) => q.text);
    // warm-up: JIT, statements
    for (const query of queries.slice(0, 10)) searchIssues(deps, caller, project, { query });
    const searches = queries.flatMap((query) => [
      time(() => searchIssues(deps, caller, project, { query })),
      time(() => searchIssues(deps, caller, project, { query, partial: true })),
    ]);
    const engine = queries.map((query) => time(() => searchCandidates(deps, project.id, query, 500, [])));

    const ids = deps.db
      .prepare('SELECT id FROM issues WHERE project_id = ? ORDER BY random() LIMIT 210')
      .pluck()
      .all(project.id) as number[];
    for (const id of ids.slice(0, 10))
      findSimilar(deps, caller, project, `g-${id}`, { limit: 5, include_archived: false });
    const similar = ids.map((id) =>
      time(() => findSimilar(deps, caller, project, `g-${id}`, { limit: 5, include_archived: false })),
    );

    figures = [
      {
        name: 'search: index 100,000 issues, total (insert, FTS5 + embeddings)',
        value: (insertMs + indexMs + embedMs) / 1000,
        unit: 's',
      },
      { name: 'search: insert 100,000 issues (the triggers queue them)', value: insertMs / 1000, unit: 's' },
      { name: 'search: FTS5 index of the 100,000 queued issues', value: indexMs / 1000, unit: 's' },
      { name: "search: merge of the FTS5 index's segments (the sweep's steps)", value: mergeMs / 1000, unit: 's' },
      { name: 'search: embed and store 100,000 issues', value: embedMs / 1000, unit: 's' },
      { name: 'search: first search, vocabulary load (fts5vocab)', value: vocabularyMs, unit: 'ms' },
      { name: 'search: ranking index load, all chunks (term counts of 100,000 issues)', value: rankMs, unit: 'ms' },
      { name: '... its memory', value: rankBytes / 1e6, unit: 'MB' },
      { name: 'search: first find_similar, matrix load (100,000 x 256)', value: matrixMs, unit: 'ms' },
      {
        name: `search: issue search p50 (${searches.length} queries, page rendered)`,
        value: percentileOf(searches, 50),
        unit: 'ms',
      },
      {
        name: `search: issue search p95 (${searches.length} queries, page rendered)`,
        value: percentileOf(searches, 95),
        unit: 'ms',
        target: '< 10 ms',
      },
      { name: 'search: candidate fetch only p95 (pool 500)', value: percentileOf(engine, 95), unit: 'ms' },
      {
        name: `search: find_similar p50 (${similar.length} issues, limit 5)`,
        value: percentileOf(similar, 50),
        unit: 'ms',
      },
      {
        name: `search: find_similar p95 (${similar.length} issues, limit 5)`,
        value: percentileOf(similar, 95),
        unit: 'ms',
        target: '< 20 ms',
      },
    ];
  } finally {
    deps.db.close();
  }
  try {
    // The same database served by the server process: the widget's type-ahead while creates land.
    return [...figures, ...(await searchWhileCreating(file, PROJECT_ID))];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await run());
