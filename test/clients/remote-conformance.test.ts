// `npm run conformance -- <url>` against a reference server started as a process of its own: a draft created and
// published on the server's clock, a direct media upload and a local-only file, checked in the runner's JSON report
// and in what the server itself holds afterwards (the seed and issues went to it, not to a server in the runner).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PATS, PROJECT_ID } from '../helpers/seed.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const FILES = {
  drafts: 'test/conformance/issues/drafts.test.ts',
  upload: 'test/conformance/media/confirm-upload.test.ts',
  localOnly: 'test/conformance/db/wal-checkpoint.test.ts',
};

interface FileReport {
  name: string;
  assertionResults: Array<{ title: string; status: string; failureMessages: string[] }>;
}

let server: ChildProcess;
let url: string;
const dir = mkdtempSync(join(tmpdir(), 'glitchbox-remote-conformance-'));

beforeAll(async () => {
  // The command a deployment runs (npm start's server), on a free loopback port with an in-memory database.
  server = spawn(process.execPath, [join(ROOT, 'reference-server/bin/glitchbox-server.mjs'), '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, GLITCHBOX_API_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  url = await new Promise<string>((found, failed) => {
    let out = '';
    server.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) found(match[1]);
    });
    server.once('exit', (code) => failed(new Error(`the server exited ${code}: ${out}`)));
  });
}, 60_000);

afterAll(() => {
  server?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the runner as `npm run conformance` does, and answers its exit code and vitest's JSON report by file. */
function runConformance(files: string[]): Promise<{ code: number | null; files: Map<string, FileReport> }> {
  const output = join(dir, 'report.json');
  const runner = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/helpers/run-conformance.ts', url, ...files, '--reporter=json', `--outputFile=${output}`],
    { cwd: ROOT, env: { ...process.env, GLITCHBOX_API_URL: '' }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  runner.stderr!.on('data', (chunk) => {
    errors += chunk;
  });
  return new Promise((done) => {
    runner.once('exit', (code) => {
      if (code !== 0) process.stderr.write(errors);
      const report = JSON.parse(readFileSync(output, 'utf8')) as { testResults: FileReport[] };
      const byFile = new Map(report.testResults.map((file) => [file.name.slice(ROOT.length + 1), file]));
      done({ code, files: byFile });
    });
  });
}

const statuses = (file: FileReport | undefined) => new Set(file?.assertionResults.map((t) => t.status));

it('passes a draft and clock file and an upload file against the server, and skips a local-only one', async () => {
  const { code, files } = await runConformance(Object.values(FILES));
  expect(code).toBe(0);
  for (const name of [FILES.drafts, FILES.upload]) {
    const passed = files.get(name)!.assertionResults.filter((t) => t.status === 'passed');
    expect(passed.length, name).toBeGreaterThanOrEqual(5);
    expect(statuses(files.get(name)), name).not.toContain('failed');
  }
  // Named with the draft file's clock test, so a runner that quietly skipped it would show here.
  const published = files.get(FILES.drafts)!.assertionResults.find((t) => /clock passes publish_after/.test(t.title));
  expect(published?.status).toBe('passed');
  const local = files.get(FILES.localOnly)!.assertionResults;
  expect(local.length).toBeGreaterThan(0);
  for (const test of local) {
    expect(test.status).not.toBe('passed');
    expect(test.title).toMatch(/\[local-only: [^\]]+\]$/);
  }
  // What the last file loaded is on the server: its owner's token works there and the file's issues are listed.
  const listed = await fetch(`${url}/projects/${PROJECT_ID}/issues.json`, {
    headers: { Authorization: `Bearer ${PATS.owner}`, 'Service-Project-ID': PROJECT_ID, Accept: 'application/json' },
  });
  expect(listed.status).toBe(200);
  expect(((await listed.json()) as { pagination: { total_count: number } }).pagination.total_count).toBeGreaterThan(0);
}, 120_000);
