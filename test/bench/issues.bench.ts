// Issue figures, each beside a bare Hono route measured in the same run: create throughput
// (JSON and form, 50 keep-alive clients on loopback) and list latency with three filters over
// 100,000 issues seeded straight into the database file the server process then opens.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../reference-server/src/db/database.ts';
import { createDeps } from '../../reference-server/src/server.ts';
import { loadFixtures } from '../../reference-server/src/areas/admin/fixtures.ts';
import { ALL_FLAGS, PROJECT_ID, seedDocument } from '../helpers/seed.ts';
import type { FixtureDocument } from '../../widget/src/protocol/fixtures.ts';
import { runLoad, runThroughput } from './load.ts';
import { startBareHonoProcess, startServerProcess } from './processes.ts';

const ISSUE_COUNT = 100_000;
const STATUSES = ['open', 'in_progress', 'resolved', 'closed', 'needs_more_info'];
const PRIORITIES = ['low', 'medium', 'high', 'critical', 'blocker'];
export const TOKEN = 'tkn-bench';

/**
 * A database file with the standard seed, a token without a practical limit, and `count` issues (100,000 unless
 * told, a multiple of 500); `configure` may add to the fixture document first.
 */
export function seedDatabase(
  configure?: (doc: FixtureDocument) => void,
  count = ISSUE_COUNT,
): { file: string; releaseId: number } {
  const file = join(mkdtempSync(join(tmpdir(), 'glitchbox-issues-bench-')), 'bench.db');
  const doc = seedDocument();
  doc.projects[0].tokens = [{ token: TOKEN, daily_limit: 10_000_000, ...ALL_FLAGS }];
  configure?.(doc);
  const deps = createDeps({ db: file });
  loadFixtures(deps, doc);
  const db = deps.db;
  const project = db.prepare('SELECT id FROM projects WHERE public_id = ?').pluck().get(PROJECT_ID) as number;
  const releases = db
    .prepare('SELECT id FROM releases WHERE project_id = ? ORDER BY id')
    .pluck()
    .all(project) as number[];
  const start = Date.parse('2024-01-01T00:00:00.000Z');
  const ROWS = 500;
  const columns =
    '(project_id, scoped_id, title, description, status, priority, score, raw, release_id, steps, created_at, ' +
    'updated_at)';
  const insert = db.prepare(
    `INSERT INTO issues ${columns} VALUES ${Array.from(
      { length: ROWS },
      () => '(?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)',
    ).join(', ')}`,
  );
  db.transaction(() => {
    for (let base = 0; base < count; base += ROWS) {
      const values: unknown[] = [];
      for (let i = base; i < base + ROWS; i += 1) {
        const at = new Date(start + i * 60_000).toISOString();
        values.push(
          project,
          i + 1,
          `Issue ${i}`,
          `Seeded bug report number ${i} about the map.`,
          STATUSES[i % 5],
          PRIORITIES[(i >> 3) % 5],
          '0.5',
          releases[i % releases.length],
          '[]',
          at,
          at,
        );
      }
      insert.run(...values);
    }
  })();
  db.close();
  openDatabase(file).close();
  return { file, releaseId: releases[0] };
}

export async function run() {
  const { file, releaseId } = seedDatabase();
  const server = await startServerProcess({ args: ['--db', file] });
  const bare = await startBareHonoProcess();
  const headers = { Authorization: `FormUser ${TOKEN}`, 'Service-Project-ID': PROJECT_ID, Accept: 'application/json' };
  const createUrl = `${server.url}/projects/${PROJECT_ID}/issues.json`;
  const json = (i: number) =>
    JSON.stringify({
      issue: {
        description: `The game freezes when I open the map, run ${i}.`,
        unformatted_steps_to_reproduce: '1. Open map\n2. Wait',
      },
    });
  const form = (i: number) =>
    new URLSearchParams({
      'issue[description]': `The game freezes when I open the map, run ${i}.`,
      'issue[steps_to_reproduce_array][]': 'Open map',
    }).toString();
  const listUrl =
    `${server.url}/projects/${PROJECT_ID}/issues.json` + `?status=open&priority=high&release_id=rel-${releaseId}`;
  try {
    // Warm-up: JIT, prepared statements, connections.
    await runThroughput({
      url: createUrl,
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: json,
      concurrency: 20,
      durationMs: 1000,
      expectStatus: 201,
    });
    await runLoad({ url: listUrl, headers, concurrency: 1, requests: 50 });
    await runThroughput({ url: bare.url, concurrency: 20, durationMs: 500 });

    const list = await runLoad({ url: listUrl, headers, concurrency: 1, requests: 400 });
    const bareGet = await runLoad({ url: bare.url, concurrency: 1, requests: 400 });
    const createJson = await runThroughput({
      url: createUrl,
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: json,
      concurrency: 50,
      durationMs: 4000,
      expectStatus: 201,
    });
    const createForm = await runThroughput({
      url: createUrl,
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
      concurrency: 50,
      durationMs: 4000,
      expectStatus: 201,
    });
    const barePost = await runThroughput({
      url: bare.url,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: json,
      concurrency: 50,
      durationMs: 4000,
      expectStatus: 201,
    });
    return [
      {
        name: 'issue create throughput, JSON (50 clients)',
        value: createJson.perSecond,
        unit: 'req/s',
        target: '>= 3000',
      },
      {
        name: 'issue create throughput, form (50 clients)',
        value: createForm.perSecond,
        unit: 'req/s',
        target: '>= 3000',
      },
      { name: 'bare Hono JSON POST throughput (50 clients, same run)', value: barePost.perSecond, unit: 'req/s' },
      { name: 'issue create p90 latency, JSON (50 clients)', value: createJson.p90, unit: 'ms' },
      { name: 'issue list, 3 filters, 100,000 issues: p50', value: list.p50, unit: 'ms' },
      { name: 'issue list, 3 filters, 100,000 issues: p95', value: list.p95, unit: 'ms', target: '< 10 ms' },
      { name: 'bare Hono JSON GET latency p50 (same run)', value: bareGet.p50, unit: 'ms' },
      { name: 'bare Hono JSON GET latency p95 (same run)', value: bareGet.p95, unit: 'ms' },
      {
        name: 'errors during the issue load',
        value: createJson.errors + createForm.errors + list.errors + barePost.errors + bareGet.errors,
        unit: 'count',
        target: '0',
      },
    ];
  } finally {
    await server.stop();
    await bare.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await run());
