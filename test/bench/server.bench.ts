// Server foundation figures: cold start (process start to first answered request, built
// server) and GET /projects/{id}.json throughput beside a bare Hono route in the same run.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ID, TOKENS, seedDocument } from '../helpers/seed.ts';
import { runThroughput } from './load.ts';
import { startBareHonoProcess, startServerProcess } from './processes.ts';

const root = join(import.meta.dirname, '../..');

async function coldStartMs(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'reference-server/bin/glitchbox-server.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => { out += chunk; const m = /listening on (\S+)/.exec(out); if (m) resolve(m[1]); });
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  const response = await fetch(`${url}/projects.json`);
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  child.kill();
  return elapsed;
}

export async function run() {
  spawnSync('npm', ['run', 'build', '-w', 'reference-server', '--silent'], { cwd: root, stdio: 'inherit' });
  const starts: number[] = [];
  for (let i = 0; i < 5; i += 1) starts.push(await coldStartMs());
  starts.sort((a, b) => a - b);

  const server = await startServerProcess({ fixtures: seedDocument() });
  const bare = await startBareHonoProcess();
  const headers = { Authorization: `FormUser ${TOKENS.all}`, 'Service-Project-ID': PROJECT_ID, Accept: 'application/json' };
  try {
    await runThroughput({ url: `${server.url}/projects/${PROJECT_ID}.json`, headers, concurrency: 20, durationMs: 1000 });
    const api = await runThroughput({ url: `${server.url}/projects/${PROJECT_ID}.json`, headers, concurrency: 50, durationMs: 5000 });
    const base = await runThroughput({ url: bare.url, concurrency: 50, durationMs: 5000 });
    return [
      { name: 'server cold start (median of 5, process start to first answer)', value: starts[2], unit: 'ms', target: '< 500 ms' },
      { name: 'GET /projects/{id}.json throughput (50 clients)', value: api.perSecond, unit: 'req/s' },
      { name: 'bare Hono JSON route throughput (50 clients)', value: base.perSecond, unit: 'req/s' },
      { name: 'GET /projects/{id}.json as a share of bare Hono', value: (api.perSecond / base.perSecond) * 100, unit: '%' },
      { name: 'GET /projects/{id}.json p90 latency (50 clients)', value: api.p90, unit: 'ms' },
      { name: 'errors during the project load', value: api.errors + base.errors, unit: 'count', target: '0' },
    ];
  } finally {
    await server.stop();
    await bare.stop();
  }
}
