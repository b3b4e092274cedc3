// Server figures, each beside a bare Hono route measured in the same run (ratios, since the machine is shared):
// cold start of the built server; GET /projects/{id}.json; issue create with and without duplicate detection; the
// issue list with three filters over 100,000 issues; and a GET's p95 while 1,000 duplicate-detection jobs drain in
// the job thread. The server runs on a database file, as it would in use (its jobs then run in the job thread).
// Every figure but one is taken with --no-answer-cache, so each list is computed; the last server of the run has
// the cache on and measures a repeated list answered from memory (db/answer-cache.ts).
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ALL_FLAGS, PROJECT_ID, type seedDocument } from '../helpers/seed.ts';
import { seedDatabase, TOKEN } from './issues.bench.ts';
import { type LoadResult, percentileOf, runLoad, runThroughput } from './load.ts';
import { drained, pendingJobs, queueBacklog } from './job-backlog.ts';
import { startBareHonoProcess, startServerProcess, threadCpu } from './processes.ts';

const root = join(import.meta.dirname, '../..');
/** Two empty projects alike but for duplicate detection, each with a token of no practical limit. */
const PLAIN = { id: 'pr-1004', token: 'tkn-plain' };
const DETECTING = { id: 'pr-1005', token: 'tkn-detecting' };
const BACKLOG = 1000;

async function coldStartMs(): Promise<number> {
  const started = performance.now();
  const bin = join(root, 'reference-server/bin/glitchbox-server.mjs');
  const child = spawn(process.execPath, [bin, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /listening on (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  const response = await fetch(`${url}/projects.json`);
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  child.kill();
  return elapsed;
}

function addProjects(doc: ReturnType<typeof seedDocument>): void {
  for (const [project, detection] of [
    [PLAIN, false],
    [DETECTING, true],
  ] as const) {
    doc.projects.push({
      key: project.id,
      id: project.id,
      name: `Bench ${project.id}`,
      organization: 'studio',
      access: 'private',
      modules: ['bugs'],
      platforms: [],
      min_description_length: 0,
      min_suggestion_length: 0,
      duplicate_detection: detection,
      duplicate_threshold: 0.95,
      tokens: [{ token: project.token, daily_limit: 10_000_000, ...ALL_FLAGS }],
    } as (typeof doc.projects)[number]);
  }
}

export async function run() {
  spawnSync('npm', ['run', 'build', '-w', 'reference-server', '--silent'], { cwd: root, stdio: 'inherit' });
  const starts: number[] = [];
  for (let i = 0; i < 5; i += 1) starts.push(await coldStartMs());
  starts.sort((a, b) => a - b);

  const { file, releaseId } = seedDatabase(addProjects);
  let server = await startServerProcess({ args: ['--db', file, '--no-answer-cache'] });
  const bare = await startBareHonoProcess();
  const watcher = new Database(file, { readonly: true });
  const read = { Authorization: `FormUser ${TOKEN}`, 'Service-Project-ID': PROJECT_ID, Accept: 'application/json' };
  const projectUrl = `${server.url}/projects/${PROJECT_ID}.json`;
  const listQuery = `status=open&priority=high&release_id=rel-${releaseId}`;
  const listUrl = `${server.url}/projects/${PROJECT_ID}/issues.json?${listQuery}`;
  const listHeaders = read;
  const create = (project: { id: string; token: string }) => ({
    url: `${server.url}/projects/${project.id}/issues.json`,
    method: 'POST',
    expectStatus: 201,
    headers: {
      Authorization: `FormUser ${project.token}`,
      'Service-Project-ID': project.id,
      'Content-Type': 'application/json',
    },
    body: (i: number) =>
      JSON.stringify({
        issue: { description: `The game freezes on the map, run ${i} of ${project.id}.` },
      }),
  });
  const barePostBody = (i: number) => JSON.stringify({ issue: { description: `The game freezes, run ${i}.` } });
  try {
    // Warm-up: JIT, prepared statements, connections, the job thread.
    await runThroughput({ url: projectUrl, headers: read, concurrency: 20, durationMs: 1000 });
    await runThroughput({ ...create(PLAIN), concurrency: 20, durationMs: 1000 });
    await runThroughput({ ...create(DETECTING), concurrency: 20, durationMs: 1000 });
    await runThroughput({ url: listUrl, headers: listHeaders, concurrency: 20, durationMs: 1000 });
    await runThroughput({ url: bare.url, concurrency: 20, durationMs: 500 });
    await drained(watcher);

    const api = await runThroughput({ url: projectUrl, headers: read, concurrency: 50, durationMs: 5000 });
    const bareGet50 = await runThroughput({ url: bare.url, concurrency: 50, durationMs: 5000 });

    // Create against the bare POST in three alternating rounds: the machine's load drifts within a run, and other
    // sessions' load moves the bare route's figure far more than the create's. The CPU time of each server's thread
    // per request is read beside them (steadier than req/s on a shared machine).
    const barePostRun = (url = bare.url) =>
      runThroughput({
        url,
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: barePostBody,
        concurrency: 50,
        durationMs: 4000,
        expectStatus: 201,
      });
    const createRounds: Array<{ bare: LoadResult; plain: LoadResult; bareCpuUs?: number; plainCpuUs?: number }> = [];
    for (let round = 0; round < 3; round += 1) {
      const bareCpu = threadCpu(bare.child.pid);
      const barePostRound = await barePostRun();
      const bareCpuUs = bareCpu?.microsecondsPer(barePostRound.requests);
      const plainCpu = threadCpu(server.child.pid);
      const plainRound = await runThroughput({ ...create(PLAIN), concurrency: 50, durationMs: 4000 });
      createRounds.push({
        bare: barePostRound,
        plain: plainRound,
        bareCpuUs,
        plainCpuUs: plainCpu?.microsecondsPer(plainRound.requests),
      });
    }
    const byRatio = [...createRounds].sort(
      (a, b) => a.plain.perSecond / a.bare.perSecond - b.plain.perSecond / b.bare.perSecond,
    );
    const { bare: barePost, plain, bareCpuUs, plainCpuUs } = byRatio[1];
    const createRatios = createRounds.map((r) => r.plain.perSecond / r.bare.perSecond);
    const bareWebPost = await barePostRun(bare.webPostUrl);
    const detecting = await runThroughput({ ...create(DETECTING), concurrency: 50, durationMs: 4000 });
    const backlogAfterCreate = pendingJobs(watcher);
    const createDrainMs = await drained(watcher);

    const bareGet = await runThroughput({ url: bare.url, concurrency: 20, durationMs: 4000 });
    const list = await runThroughput({ url: listUrl, headers: listHeaders, concurrency: 20, durationMs: 4000 });

    // A GET while the job thread drains a backlog of duplicate-detection jobs, against the same GET idle.
    const idle = await runLoad({ url: listUrl, headers: listHeaders, concurrency: 4, durationMs: 3000, samples: true });
    const writer = new Database(file);
    writer.pragma('busy_timeout = 5000');
    queueBacklog(writer, DETECTING.id, BACKLOG);
    writer.close();
    const queued = pendingJobs(watcher);
    const during: number[] = [];
    const drainStarted = performance.now();
    let errors = 0;
    while (pendingJobs(watcher) > 0 && performance.now() - drainStarted < 120_000) {
      const window = await runLoad({
        url: listUrl,
        headers: listHeaders,
        concurrency: 4,
        durationMs: 250,
        samples: true,
      });
      during.push(...window.samples!);
      errors += window.errors;
    }
    const backlogDrainMs = performance.now() - drainStarted;
    const duringP95 = percentileOf(during, 95);

    // The same list on the same database, from a server that remembers answers, beside the bare route again.
    await server.stop();
    server = await startServerProcess({ args: ['--db', file] });
    const rememberedUrl = listUrl.replace(/^http:\/\/[^/]+/, server.url);
    await runThroughput({ url: rememberedUrl, headers: listHeaders, concurrency: 20, durationMs: 1000 });
    const bareAgain = await runThroughput({ url: bare.url, concurrency: 20, durationMs: 4000 });
    const remembered = await runThroughput({
      url: rememberedUrl,
      headers: listHeaders,
      concurrency: 20,
      durationMs: 4000,
    });
    // A busy spell: every write makes the next list compute afresh. 20 creates a second land meanwhile.
    const plainCreate = create(PLAIN);
    const rememberedCreateUrl = plainCreate.url.replace(/^http:\/\/[^/]+/, server.url);
    let landed = 0;
    const writes = setInterval(() => {
      void fetch(rememberedCreateUrl, { method: 'POST', headers: plainCreate.headers, body: plainCreate.body(landed) })
        .then((response) => response.arrayBuffer())
        .then(() => {
          landed += 1;
        });
    }, 50);
    const busy = await runThroughput({ url: rememberedUrl, headers: listHeaders, concurrency: 20, durationMs: 4000 });
    clearInterval(writes);

    return [
      {
        name: 'server cold start (median of 5, process start to first answer)',
        value: starts[2],
        unit: 'ms',
        target: '< 500 ms',
      },
      { name: 'GET /projects/{id}.json throughput (50 clients)', value: api.perSecond, unit: 'req/s' },
      { name: 'bare Hono GET throughput (50 clients)', value: bareGet50.perSecond, unit: 'req/s' },
      {
        name: 'GET /projects/{id}.json as a share of bare Hono',
        value: (api.perSecond / bareGet50.perSecond) * 100,
        unit: '%',
      },
      { name: 'GET /projects/{id}.json p90 latency (50 clients)', value: api.p90, unit: 'ms' },
      { name: 'bare Hono POST throughput (50 clients), median round', value: barePost.perSecond, unit: 'req/s' },
      { name: 'issue create, detection off (50 clients), median round', value: plain.perSecond, unit: 'req/s' },
      { name: 'issue create, detection on (50 clients)', value: detecting.perSecond, unit: 'req/s' },
      { name: 'issue create p95, detection off', value: plain.p95, unit: 'ms' },
      { name: 'issue create p95, detection on', value: detecting.p95, unit: 'ms' },
      {
        name: 'create with detection / create without (throughput)',
        value: detecting.perSecond / plain.perSecond,
        unit: 'x',
        target: '>= 0.8',
      },
      {
        name: 'create with detection / create without (p95)',
        value: detecting.p95 / plain.p95,
        unit: 'x',
        target: '<= 2',
      },
      {
        name: 'create (detection off) / bare Hono POST, median of 3 rounds',
        value: plain.perSecond / barePost.perSecond,
        unit: 'x',
        target: '>= 0.2',
      },
      { name: '... lowest round', value: Math.min(...createRatios), unit: 'x' },
      { name: '... highest round', value: Math.max(...createRatios), unit: 'x' },
      ...(bareCpuUs !== undefined && plainCpuUs !== undefined
        ? [
            { name: 'request-thread CPU per create (median round)', value: plainCpuUs, unit: 'µs' },
            { name: 'bare Hono POST, CPU of its thread per request', value: bareCpuUs, unit: 'µs' },
            { name: '... CPU of a bare POST / CPU of a create', value: bareCpuUs / plainCpuUs, unit: 'x' },
          ]
        : []),
      { name: 'bare Hono POST reading its body with c.req.json()', value: bareWebPost.perSecond, unit: 'req/s' },
      { name: 'create (detection off) / that route', value: plain.perSecond / bareWebPost.perSecond, unit: 'x' },
      { name: 'detection jobs pending when the creates ended', value: backlogAfterCreate, unit: 'jobs' },
      { name: '... drained in', value: createDrainMs, unit: 'ms' },
      { name: 'bare Hono GET throughput (20 clients)', value: bareGet.perSecond, unit: 'req/s' },
      { name: 'issue list, 3 filters, 100,000 issues (20 clients)', value: list.perSecond, unit: 'req/s' },
      {
        name: 'issue list, every answer computed / bare Hono GET',
        value: list.perSecond / bareGet.perSecond,
        unit: 'x',
      },
      { name: 'bare Hono GET throughput (20 clients), again', value: bareAgain.perSecond, unit: 'req/s' },
      { name: 'issue list, repeated, answered from memory (20 clients)', value: remembered.perSecond, unit: 'req/s' },
      {
        name: 'issue list, repeated / bare Hono GET',
        value: remembered.perSecond / bareAgain.perSecond,
        unit: 'x',
        target: '>= 0.3',
      },
      {
        name: `issue list, repeated, while ${landed} creates landed in 4 s (20 clients)`,
        value: busy.perSecond,
        unit: 'req/s',
      },
      { name: '... / bare Hono GET', value: busy.perSecond / bareAgain.perSecond, unit: 'x' },
      { name: 'issue list p95, idle (4 clients)', value: idle.p95, unit: 'ms' },
      { name: `issue list p95 while ${queued} detection jobs drain (4 clients)`, value: duringP95, unit: 'ms' },
      { name: '... the backlog drained in', value: backlogDrainMs, unit: 'ms' },
      { name: 'list p95 while draining / idle', value: duringP95 / idle.p95, unit: 'x', target: '<= 3' },
      // p95 hides a pass that holds the event loop for a second (4 clients wait, thousands answer quickly): the
      // slowest answer shows it.
      { name: 'issue list slowest answer, idle', value: percentileOf(idle.samples!, 100), unit: 'ms' },
      { name: 'issue list slowest answer while the backlog drains', value: percentileOf(during, 100), unit: 'ms' },
      {
        name: 'errors during the load',
        unit: 'count',
        target: '0',
        value: [
          api,
          bareGet50,
          ...createRounds.flatMap((r) => [r.bare, r.plain]),
          bareWebPost,
          detecting,
          bareGet,
          list,
          idle,
          bareAgain,
          remembered,
          busy,
        ].reduce((n, r) => n + r.errors, errors),
      },
    ];
  } finally {
    watcher.close();
    await server.stop();
    await bare.stop();
  }
}
