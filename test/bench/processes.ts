// Servers in their own processes for benchmarks, so the load generator does not share the
// server's event loop: the built reference server, and a bare Hono JSON route as yardstick; and the CPU time
// of such a process's main thread.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

function waitForListening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const m = /listening on (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}

/** The reference server (built when dist is fresh, see bin/) with a fixture document loaded. */
export async function startServerProcess(
  options: { fixtures?: unknown; args?: string[] } = {},
): Promise<ServerProcess> {
  const args = [join(root, 'reference-server/bin/glitchbox-server.mjs'), '--port', '0', ...(options.args ?? [])];
  if (options.fixtures) {
    const file = join(mkdtempSync(join(tmpdir(), 'glitchbox-bench-')), 'fixtures.json');
    writeFileSync(file, JSON.stringify(options.fixtures));
    args.push('--fixtures', file);
  }
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return { url: await waitForListening(child), child, stop: stopper(child) };
}

const BARE =
  `
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
const app = new Hono();
const body = { id: 'pr-1', name: 'Bare', description: '', created_at: new Date().toISOString() };
// The body read from the socket's IncomingMessage, as the reference server's readBody does
// (c.req.text() goes through a web-stream conversion that costs more than the route).
const text = (incoming) => new Promise((resolve, reject) => {
  const chunks = [];
  incoming.on('data', (chunk) => chunks.push(chunk));
  incoming.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  incoming.once('error', reject);
});
app.get('/bare', (c) => c.json(body));
// The same POST reading its body the way a Hono app usually does (through the web Request's stream).
app.post('/bare-web', async (c) => c.json({ ...body, received: (await c.req.json()).issue ? 1 : 0 }, 201));
app.post('/bare', async (c) => c.json({ ...body, received: JSON.parse(await text(c.env.incoming)).issue ? 1 : 0 }, ` +
  `201));
const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => console.log('listening on ` +
  `http://127.0.0.1:' + s.address().port));
`;

/**
 * A bare Hono JSON route (GET and POST /bare) on @hono/node-server in its own process; `webPostUrl` is the POST
 * route that reads its body with c.req.json().
 */
export async function startBareHonoProcess(): Promise<ServerProcess & { webPostUrl: string }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', BARE], {
    cwd: join(root, 'reference-server'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await waitForListening(child);
  return { url: `${url}/bare`, webPostUrl: `${url}/bare-web`, child, stop: stopper(child) };
}

/**
 * CPU time a process's main thread spends from now on (Linux: /proc/PID/task/PID/stat, in clock ticks of 10 ms), or
 * undefined where /proc is not there. Per request it is steadier than req/s while other sessions share the cores.
 */
export function threadCpu(pid: number | undefined): { microsecondsPer: (requests: number) => number } | undefined {
  const ticks = () => {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime, stime
  };
  if (pid === undefined || !existsSync(`/proc/${pid}/task/${pid}/stat`)) return undefined;
  const start = ticks();
  return { microsecondsPer: (requests) => ((ticks() - start) * 10_000) / Math.max(1, requests) };
}
