// Crash capture end to end: a child process dies, its crash is in the disk outbox, and the next
// run of the Node reporter sends it to the real reference server as a `raw` issue.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeReporter, type ReporterEvent } from '../../widget/src/node/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { PROJECT_ID, TOKENS } from '../helpers/seed.ts';
import { allIssues, showIssue, waitFor } from '../core/helpers.ts';

let server: TestServer;
let dir: string;
beforeEach(async () => {
  server = await startTestServer();
  dir = mkdtempSync(join(tmpdir(), 'glitchbox-crash-'));
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function crashChild(mode: 'exception' | 'rejection') {
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'fixtures', 'crash-child.ts'), dir, mode],
    { encoding: 'utf8', timeout: 20_000 },
  );
}

describe('crash capture', () => {
  it.each([
    ['exception', 'TypeError: Cannot read properties of undefined'],
    ['rejection', 'RangeError: save slot 7 is out of range'],
  ] as const)(
    'records an uncaught %s before the process exits and sends it as a raw issue on the next start',
    async (mode, message) => {
      const child = crashChild(mode);
      expect(child.status).toBe(1); // the crash still crashes: capture does not swallow it
      expect(child.stderr).toContain(message.split(': ')[1]);

      const reporter = createNodeReporter({
        endpoint: server.url,
        projectId: PROJECT_ID,
        token: TOKENS.all,
        dir,
        captureCrashes: false,
        autoStart: false,
      });
      const [kept] = await reporter.list();
      expect(kept.fields).toMatchObject({ kind: 'bug', raw: true, source: 'node-crash' });
      const sent = waitFor<ReporterEvent>(
        (l) => reporter.on('sent', l),
        () => true,
      );
      reporter.start();
      const { report } = await sent;
      reporter.close();

      const issue = await showIssue(server, report.remote!.id);
      expect(issue).toMatchObject({ raw: true, source: 'node-crash', status: 'open' });
      expect(issue.title).toContain(message.slice(0, 40));
      expect(issue.description).toContain(mode === 'exception' ? 'uncaughtException' : 'unhandledRejection');
      expect(await allIssues(server)).toEqual([]); // raw issues stay out of the default list
      expect(await reporter.list()).toEqual([]);
    },
  );
});
