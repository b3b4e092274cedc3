// Jobs in the job thread (jobs/thread-runner.ts) on a real SQLite file: a request answers while a job made slow on
// purpose holds its thread, and a job the thread had taken when its server was killed completes once after a restart.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase } from '../../../reference-server/src/db/database.ts';
import { findJob, insertJob } from '../../../reference-server/src/jobs/repository.ts';
import { PROJECT_ID, TOKENS } from '../../helpers/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { SLOW_JOB, type SlowJob } from '../../helpers/slow-job.ts';
import { describeLocal } from '../../helpers/local-only.ts';

const SLOW_JOB_MODULE = pathToFileURL(join(import.meta.dirname, '../../helpers/slow-job.ts')).href;
const SERVER_PROCESS = join(import.meta.dirname, '../../helpers/job-server-process.ts');

let dir: string;
let slow: SlowJob;
const servers: TestServer[] = [];
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'glitchbox-job-thread-'));
  slow = { log: join(dir, 'slow.log'), release: join(dir, 'release'), maxMs: 20_000 };
});
afterEach(async () => {
  writeFileSync(slow.release, '');
  for (const server of servers.splice(0)) await server.close();
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const logLines = () => (existsSync(slow.log) ? readFileSync(slow.log, 'utf8').split('\n').filter(Boolean) : []);

async function until(condition: () => boolean, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeLocal('the job thread', 'starts and kills a server process of its own', () => {
  it('answers a request while a slow job holds the job thread', async () => {
    const server = await startTestServer({
      db: join(dir, 'server.db'),
      storageDir: join(dir, 'storage'),
      jobModules: [SLOW_JOB_MODULE],
    });
    servers.push(server);
    server.deps.jobs.enqueue(SLOW_JOB, slow);
    const pass = server.runJobs();
    await until(() => logLines().includes('start'), 'the slow job to start');

    const started = performance.now();
    const answer = await server.request('GET', `/projects/${PROJECT_ID}/issues`, { auth: `FormUser ${TOKENS.all}` });
    const elapsed = performance.now() - started;
    expect(answer.status).toBe(200);
    expect(logLines()).toEqual(['start']);
    expect(elapsed).toBeLessThan(2_000);

    writeFileSync(slow.release, '');
    expect(await pass).toBe(1);
    expect(logLines()).toEqual(['start', 'done']);
  });

  it('completes a job once after the server that had taken it was killed mid-job and restarted', async () => {
    const file = join(dir, 'server.db');
    const start = async () => {
      const args = ['--import', 'tsx', SERVER_PROCESS, file, join(dir, 'storage')];
      const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
      children.push(child);
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (chunk) => {
          out += chunk;
          const m = /listening on (\S+)/.exec(out);
          if (m) resolve(m[1]);
        });
        child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
      });
      return { child, url };
    };
    const post = (url: string, path: string, body?: unknown) =>
      fetch(url + path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    const first = await start();
    const db = openDatabase(file);
    const now = new Date().toISOString();
    const job = insertJob(db, { kind: SLOW_JOB, payload: slow, run_at: now, created_at: now });
    post(first.url, '/__admin/jobs/run').catch(() => undefined);
    await until(() => logLines().includes('start'), 'the slow job to start');
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    expect(findJob(db, job.id)).toMatchObject({ attempts: 1, done_at: null, locked_until: expect.any(String) });

    writeFileSync(slow.release, '');
    const second = await start();
    // The dead server's lease still holds the job; once it lapses on the server clock, the job runs again.
    expect(await (await post(second.url, '/__admin/jobs/run')).json()).toEqual({ ran: 0 });
    expect((await post(second.url, '/__admin/clock', { advance: '61s' })).status).toBe(200);
    expect(await (await post(second.url, '/__admin/jobs/run')).json()).toEqual({ ran: 1 });
    expect(await (await post(second.url, '/__admin/jobs/run')).json()).toEqual({ ran: 0 });
    expect(logLines()).toEqual(['start', 'start', 'done']);
    const after = findJob(db, job.id);
    expect(after).toMatchObject({ attempts: 2, done_at: expect.any(String), locked_until: null, last_error: null });
    db.close();
  }, 60_000);
});
