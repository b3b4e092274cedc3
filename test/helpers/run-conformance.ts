// npm run conformance -- <url> [vitest arguments]: runs the conformance suite (or the files named) against the
// running server at <url>, one file at a time since the files share its one database (docs/contributing.md).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const USAGE = 'usage: npm run conformance -- <http://host:port> [test files or vitest options]';
const ROOT = resolve(import.meta.dirname, '../..');
const [target, ...rest] = process.argv.slice(2);

function fail(message: string): never {
  process.stderr.write(`conformance: ${message}\n${USAGE}\n`);
  process.exit(2);
}

if (!target || !/^https?:\/\/[^\s/]+\/?$/.test(target)) fail(`a server URL comes first, not ${JSON.stringify(target)}`);
const url = target.replace(/\/$/, '');
// Fixtures, reset and the clock are not part of the public API: without /__admin every file would fail its set-up.
const clock = await fetch(`${url}/__admin/clock`).catch((error: Error) =>
  fail(`${url} did not answer: ${error.message}`),
);
if (clock.status !== 200)
  fail(`${url}/__admin/clock answered ${clock.status}: the runner needs /__admin, on loopback (docs/api/admin.md)`);

const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const files = rest.some((arg) => /^test\/|\.test\.ts$/.test(arg)) ? [] : ['test/conformance'];
const child = spawn(process.execPath, [vitest, 'run', ...files, ...rest, '--no-file-parallelism'], {
  cwd: ROOT,
  env: { ...process.env, GLITCHBOX_API_URL: url },
  stdio: 'inherit',
});
child.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
