// Type-ahead search over HTTP, as the widget's "Already reported?" asks it (a project token, partial=true): issue
// and feature-request search p95 against the server process on the search bench's 100,000-issue database, two
// typists back to back (a saturation figure), one alone and eight at the widget's pace (the type-ahead's target), idle
// and while creates land at a steady rate (each create queues its issue for the index a search must catch up).
import { insertFeatureRequest } from '../../reference-server/src/areas/feature-requests/repository.ts';
import type { Db } from '../../reference-server/src/db/database.ts';
import { RELEVANCE_ISSUES } from '../relevance/dataset-issues.ts';
import { RELEVANCE_QUERIES } from '../relevance/dataset-queries.ts';
import { percentileOf } from './load.ts';
import { startServerProcess, threadCpu } from './processes.ts';

export const TYPEAHEAD_TOKEN = 'tkn-bench-typeahead';
const FEATURE_REQUESTS = 10_000;
/** Creates a second while the searches run: a busy game's players, well above what one studio sees. */
const CREATES_PER_SECOND = 50;
/** Players typing at once; each waits for its answer before the next query, as the widget does. */
const TYPISTS = 2;
/** Players typing at the widget's own pace: a search per pause of theirs (its debounce, 450 ms), not back to back. */
const PACED_TYPISTS = 8;
const PAUSE_MS = 450;

/** Suggestions worded like the issues (the same vocabulary), so both searches work on the same words. */
export function insertSuggestions(db: Db, projectId: number, next: () => number, places: string[]): void {
  const now = new Date().toISOString();
  db.transaction(() => {
    for (let i = 0; i < FEATURE_REQUESTS; i += 1) {
      const [, title, description] = RELEVANCE_ISSUES[Math.floor(next() * RELEVANCE_ISSUES.length)];
      const place = places[Math.floor(next() * places.length)];
      insertFeatureRequest(db, {
        project_id: projectId,
        title: `Option so that "${title.toLowerCase()}" can not happen at ${place}`,
        description: `Suggestion: ${description}`,
        status: 'open',
        source: null,
        reporter_user_id: null,
        discord_username: null,
        created_at: now,
        updated_at: now,
      });
    }
  })();
}

interface Figure {
  name: string;
  value: number;
  unit: string;
  target?: string;
}

/**
 * Each typist sends the queries in turn (every one twice: a word, then the next), timing every answer. Typists send
 * back to back, so with two nearly every search waits for the other's on the server's one request thread: a load far
 * above the widget's (one search per 450 ms pause of a player). One typist times a search alone.
 */
async function typeAhead(
  url: (query: string) => string,
  headers: Record<string, string>,
  typists = TYPISTS,
  pauseMs = 0,
): Promise<number[]> {
  const queries = RELEVANCE_QUERIES.map((q) => q.text);
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: typists }, async (_, typist) => {
      // Paced typists start spread over one pause and pause 0.5-1.5x of it, so their searches do not march in step.
      if (pauseMs) await sleep((typist / typists) * pauseMs);
      for (let i = typist; i < queries.length; i += typists) {
        const words = queries[i].split(' ');
        for (const query of [words.slice(0, -1).join(' ') || words[0], queries[i]]) {
          if (pauseMs) await sleep(pauseMs * (0.5 + Math.random()));
          const start = performance.now();
          const res = await fetch(url(query), { headers });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`search answered ${res.status}`);
          times.push(performance.now() - start);
        }
      }
    }),
  );
  return times;
}

export async function searchWhileCreating(file: string, projectId: string): Promise<Figure[]> {
  const server = await startServerProcess({ args: ['--db', file] });
  const headers = { Authorization: `FormUser ${TYPEAHEAD_TOKEN}`, 'Service-Project-ID': projectId };
  const read = { ...headers, Accept: 'application/json' };
  const issues = (q: string) =>
    `${server.url}/projects/${projectId}/issues/search.json?partial=true&query=${encodeURIComponent(q)}`;
  const requests = (q: string) =>
    `${server.url}/projects/${projectId}/feature_requests/search.json?partial=true&query=${encodeURIComponent(q)}`;
  try {
    await typeAhead(issues, read); // warm-up: JIT, statements, the vocabularies
    await typeAhead(requests, read);
    // The request thread's CPU per search: steadier than latency while other work shares the cores.
    let meter = threadCpu(server.child.pid);
    const idleIssues = await typeAhead(issues, read);
    const issueCpu = meter?.microsecondsPer(idleIssues.length) ?? Number.NaN;
    const soloIdle = await typeAhead(issues, read, 1);
    const pacedIdle = await typeAhead(issues, read, PACED_TYPISTS, PAUSE_MS);
    meter = threadCpu(server.child.pid);
    const idleRequests = await typeAhead(requests, read);
    const requestCpu = meter?.microsecondsPer(idleRequests.length) ?? Number.NaN;
    const soloRequestsIdle = await typeAhead(requests, read, 1);

    let landed = 0;
    let failed = 0;
    const creates = setInterval(() => {
      const [, title, description] = RELEVANCE_ISSUES[(landed + failed) % RELEVANCE_ISSUES.length];
      void fetch(`${server.url}/projects/${projectId}/issues.json`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ issue: { title: `${title} (again)`, description } }),
      })
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.status === 201) landed += 1;
          else failed += 1;
        })
        .catch(() => {
          failed += 1;
        });
    }, 1000 / CREATES_PER_SECOND);
    const started = performance.now();
    const busyIssues = await typeAhead(issues, read);
    const soloBusy = await typeAhead(issues, read, 1);
    const pacedStart = performance.now();
    const pacedBusy = await typeAhead(issues, read, PACED_TYPISTS, PAUSE_MS);
    const pacedSeconds = (performance.now() - pacedStart) / 1000;
    const busyRequests = await typeAhead(requests, read);
    const soloRequestsBusy = await typeAhead(requests, read, 1);
    const pacedRequestsBusy = await typeAhead(requests, read, PACED_TYPISTS, PAUSE_MS);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(creates);

    const n = idleIssues.length;
    return [
      {
        name: `type-ahead issue search p95, idle (${n} queries, ${TYPISTS} typists)`,
        value: p95(idleIssues),
        unit: 'ms',
      },
      { name: '... p50', value: percentileOf(idleIssues, 50), unit: 'ms' },
      { name: '... server request-thread CPU per search', value: issueCpu / 1000, unit: 'ms' },
      { name: 'type-ahead feature-request search p95, idle', value: p95(idleRequests), unit: 'ms' },
      { name: '... server request-thread CPU per search', value: requestCpu / 1000, unit: 'ms' },
      {
        // Two typists with no pause keep the one request thread always busy: a saturation figure (each search
        // waits for the other's), not the widget's type-ahead, whose target is on the paced rows below.
        name: `type-ahead issue search p95 while creates land (${CREATES_PER_SECOND}/s, ${TYPISTS} back to back)`,
        value: p95(busyIssues),
        unit: 'ms',
      },
      { name: '... p50', value: percentileOf(busyIssues, 50), unit: 'ms' },
      // On a shared machine the absolute figures follow its load; the ratio to idle in the same run does much less.
      { name: '... p95 while creates land / idle p95', value: p95(busyIssues) / p95(idleIssues), unit: 'x' },
      { name: 'type-ahead issue search p95, one typist (a search alone), idle', value: p95(soloIdle), unit: 'ms' },
      { name: '... p50', value: percentileOf(soloIdle, 50), unit: 'ms' },
      { name: '... p95 while creates land', value: p95(soloBusy), unit: 'ms', target: '< 15 ms' },
      { name: '... p50', value: percentileOf(soloBusy, 50), unit: 'ms' },
      {
        name: `type-ahead issue search p95, idle, ${PACED_TYPISTS} typists at the widget's pace`,
        value: p95(pacedIdle),
        unit: 'ms',
      },
      { name: '... p50', value: percentileOf(pacedIdle, 50), unit: 'ms' },
      {
        name: `type-ahead issue search p95 while creates land, ${PACED_TYPISTS} typists at the widget's pace`,
        value: p95(pacedBusy),
        unit: 'ms',
        target: '< 15 ms',
      },
      { name: '... p50', value: percentileOf(pacedBusy, 50), unit: 'ms' },
      { name: '... searches a second', value: pacedBusy.length / pacedSeconds, unit: '/s' },
      {
        name: `type-ahead feature-request search p95 while creates land (${FEATURE_REQUESTS} requests, back to back)`,
        value: p95(busyRequests),
        unit: 'ms',
      },
      { name: '... p50', value: percentileOf(busyRequests, 50), unit: 'ms' },
      { name: '... p95 while creates land / idle p95', value: p95(busyRequests) / p95(idleRequests), unit: 'x' },
      {
        name: 'type-ahead feature-request search p95, one typist (a search alone), idle',
        value: p95(soloRequestsIdle),
        unit: 'ms',
      },
      { name: '... p50', value: percentileOf(soloRequestsIdle, 50), unit: 'ms' },
      { name: '... p95 while creates land', value: p95(soloRequestsBusy), unit: 'ms', target: '< 15 ms' },
      { name: '... p50', value: percentileOf(soloRequestsBusy, 50), unit: 'ms' },
      {
        name: `type-ahead feature-request search p95 while creates land, ${PACED_TYPISTS} typists at the widget's pace`,
        value: p95(pacedRequestsBusy),
        unit: 'ms',
        target: '< 15 ms',
      },
      { name: '... p50', value: percentileOf(pacedRequestsBusy, 50), unit: 'ms' },
      { name: '... creates that landed meanwhile', value: landed / seconds, unit: '/s' },
      { name: '... creates refused or failed', value: failed, unit: 'count', target: '0' },
    ];
  } finally {
    await server.stop();
  }
}

const p95 = (times: number[]) => percentileOf(times, 95);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
