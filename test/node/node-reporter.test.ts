// The Node reporter and CLI against the real reference server: files streamed from disk through the
// disk outbox, bugs, suggestions and tickets through one engine, and `glitchbox report` with progress.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeReporter, fileAttachment } from '../../widget/src/node/index.ts';
import { main } from '../../widget/src/node/cli.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { PATS, PROJECT_ID, TOKENS } from '../helpers/seed.ts';
import { downloadMd5, md5Hex, pngBytes, roomySeed, seeded, showIssue } from '../core/helpers.ts';

let server: TestServer;
let dir: string;
beforeEach(async () => {
  server = await startTestServer({ seed: roomySeed() });
  dir = mkdtempSync(join(tmpdir(), 'glitchbox-node-'));
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const reporterIn = (outbox: string) =>
  createNodeReporter({
    endpoint: server.url,
    projectId: PROJECT_ID,
    token: TOKENS.all,
    dir: outbox,
    captureCrashes: false,
  });

describe('node reporter', () => {
  it('reports a bug with files read from disk and waits for delivery', async () => {
    const shotPath = join(dir, 'frame.png');
    const shot = pngBytes(3 * 1024 * 1024, seeded(11));
    writeFileSync(shotPath, shot);
    const logPath = join(dir, 'server.log');
    writeFileSync(logPath, 'tick 1\ntick 2\npanic: lost connection to shard 4\n');
    const reporter = reporterIn(join(dir, 'outbox'));
    const result = await reporter.report({
      kind: 'bug',
      description: 'Dedicated server panics when shard 4 restarts.',
      attachments: [await fileAttachment(shotPath), await fileAttachment(logPath)],
    });
    reporter.close();
    expect(result).toMatchObject({ status: 'sent', remoteId: expect.stringMatching(/^g-\d+$/) });
    const issue = await showIssue(server, result.remoteId!);
    expect(issue.screenshots).toHaveLength(1);
    expect(issue.log_files).toHaveLength(1);
    expect(await downloadMd5(issue.screenshots[0].url)).toBe(md5Hex(shot));
    expect(await reporter.usage()).toEqual({ reports: 0, bytes: 0 });
  });

  it('sends suggestions through draft, contact and publish, and tickets with their attachments', async () => {
    const reporter = reporterIn(join(dir, 'outbox'));
    const suggestion = await reporter.report({
      kind: 'suggestion',
      description: 'Let us rebind the boost key on gamepads.',
      email: 'fan@example.test',
    });
    expect(suggestion.status).toBe('sent');
    const fr = await server.request('GET', `/projects/${PROJECT_ID}/feature_requests/${suggestion.remoteId}.json`, {
      auth: `Bearer ${PATS.owner}`,
    });
    expect(fr.status).toBe(200);
    expect(fr.body.status).toBe('open');

    const logPath = join(dir, 'purchase.log');
    writeFileSync(logPath, 'order 991 charged twice\n');
    const ticket = await reporter.report({
      kind: 'ticket',
      description: 'I was charged twice for the season pass.',
      email: 'buyer@example.test',
      attachments: [await fileAttachment(logPath)],
    });
    reporter.close();
    expect(ticket.status).toBe('sent');
    const shown = await server.request('GET', `/projects/${PROJECT_ID}/tickets/${ticket.remoteId}.json`, {
      auth: `Bearer ${PATS.owner}`,
    });
    expect(shown.status).toBe(200);
    expect(shown.body.attachments.map((a: { filename: string }) => a.filename)).toEqual(['purchase.log']);
  });

  it('resolves queued (kept on disk) when the server cannot be reached, and a later run delivers it', async () => {
    const outbox = join(dir, 'outbox');
    const offline = createNodeReporter({
      endpoint: 'http://127.0.0.1:9',
      projectId: PROJECT_ID,
      token: TOKENS.all,
      dir: outbox,
      captureCrashes: false,
      autoStart: false,
    });
    const queued = await offline.report({ kind: 'bug', description: 'Reported while the VPN was down.' });
    offline.close();
    expect(queued.status).toBe('queued');
    expect((await offline.list()).map((r) => r.id)).toEqual([queued.id]);

    const online = reporterIn(outbox);
    await online.syncNow();
    online.close();
    expect(await online.list()).toEqual([]);
  });
});

describe('glitchbox CLI', () => {
  it('files a report with a file, draws upload progress and prints the issue id', async () => {
    const path = join(dir, 'capture.bin');
    writeFileSync(path, pngBytes(1024 * 1024, seeded(3)));
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(
      [
        'report',
        '--description',
        'Rubber-banding on the north bridge.',
        '--file',
        path,
        '--endpoint',
        server.url,
        '--project',
        PROJECT_ID,
        '--token',
        TOKENS.all,
        '--outbox',
        join(dir, 'cli'),
      ],
      { stdout: (t) => out.push(t), stderr: (t) => err.push(t), env: {}, isTTY: false },
    );
    expect(code).toBe(0);
    expect(out.join('')).toMatch(/^sent g-\d+ http/);
    expect(err.join('')).toContain('100% capture.bin 1.0/1.0 MB');
  });

  it('explains a refusal and keeps the report (exit code 2)', async () => {
    const err: string[] = [];
    const code = await main(
      [
        'report',
        '--description',
        'short',
        '--endpoint',
        server.url,
        '--project',
        PROJECT_ID,
        '--token',
        TOKENS.all,
        '--outbox',
        join(dir, 'cli'),
      ],
      {
        stdout: () => {},
        stderr: (t) => err.push(t),
        env: {},
        isTTY: false,
      },
    );
    expect(code).toBe(2);
    expect(err.join('')).toMatch(/^rejected: .*description/i);
  });

  it('runs as the `glitchbox` bin of the package', () => {
    const run = spawnSync(
      process.execPath,
      [join(import.meta.dirname, '../../widget/src/node/bin.mjs'), 'list', '--outbox', join(dir, 'bin')],
      {
        encoding: 'utf8',
        env: {
          ...process.env,
          GLITCHBOX_ENDPOINT: server.url,
          GLITCHBOX_PROJECT: PROJECT_ID,
          GLITCHBOX_TOKEN: TOKENS.all,
        },
        timeout: 20_000,
      },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('0 report(s), 0 bytes\n');
    expect(run.status).toBe(0);
  });
});
