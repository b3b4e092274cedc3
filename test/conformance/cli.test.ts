// The glitchbox-server command as a QA tester runs it: flags, environment variables, help,
// clear failures, the "listening on" line, and data that survives a restart.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { PROJECT_ID, TOKENS, seedDocument } from '../helpers/seed.ts';
import { describeLocal } from '../helpers/local-only.ts';

const BIN = join(import.meta.dirname, '../../reference-server/bin/glitchbox-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'glitchbox-cli-'));

function run(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 20_000,
  });
}

/** Starts the server, waits for its one line, and answers its URL and a stop function. */
function start(args: string[], env: Record<string, string> = {}): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /^listening on (http:\/\/\S+)\n/.exec(out);
      if (match)
        resolve({
          url: match[1],
          stop: () =>
            new Promise((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${err}`)));
  });
}

describeLocal('glitchbox-server', 'starts the server command itself', () => {
  it('lists every flag with --help', () => {
    const r = run(['--help']);
    expect(r.status).toBe(0);
    for (const flag of [
      '--port',
      '--host',
      '--db',
      '--storage',
      '--fixtures',
      '--public-url',
      '--strict',
      '--no-admin',
    ])
      expect(r.stdout).toContain(flag);
  });

  it('exits non-zero with a clear message for an unknown flag or a bad port', () => {
    const unknown = run(['--bogus']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown option '--bogus'/);
    const port = run(['--port', 'eighty']);
    expect(port.status).toBe(2);
    expect(port.stderr).toContain('--port must be a number');
  });

  it('exits non-zero for an unreadable or invalid fixture file', () => {
    const missing = run(['--fixtures', join(dir, 'missing.json'), '--port', '0']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/cannot read fixture file/);
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"users": [');
    expect(run(['--fixtures', broken, '--port', '0']).stderr).toMatch(/not valid JSON/);
    const invalid = join(dir, 'invalid.json');
    writeFileSync(invalid, JSON.stringify({ projects: [{ key: 'p' }] }));
    const r = run(['--fixtures', invalid, '--port', '0']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/Invalid fixture at projects\[0\]\.name/);
  });

  it('listens on a free port, loads fixtures, and keeps data in a file across a restart', async () => {
    const fixtures = join(dir, 'seed.json');
    writeFileSync(fixtures, JSON.stringify(seedDocument()));
    const db = join(dir, 'data.db');
    const first = await start(['--port', '0', '--db', db, '--fixtures', fixtures]);
    const headers = { Authorization: `FormUser ${TOKENS.all}`, 'Service-Project-ID': PROJECT_ID };
    try {
      expect((await fetch(`${first.url}/projects/${PROJECT_ID}.json`, { headers })).status).toBe(200);
    } finally {
      await first.stop();
    }
    const second = await start(['--port', '0'], { GLITCHBOX_DB: db });
    try {
      const r = await fetch(`${second.url}/projects/${PROJECT_ID}.json`, { headers });
      expect(r.status).toBe(200);
      expect((await r.json()).name).toBe('Star Courier');
    } finally {
      await second.stop();
    }
  });

  it('takes its settings from environment variables, --no-admin among them', async () => {
    const server = await start([], {
      GLITCHBOX_PORT: '0',
      GLITCHBOX_NO_ADMIN: '1',
      GLITCHBOX_PUBLIC_URL: 'https://feedback.example',
    });
    try {
      expect((await fetch(`${server.url}/__admin/reset`, { method: 'POST' })).status).toBe(404);
      const doc = await (await fetch(`${server.url}/openapi.json`)).json();
      expect(doc.servers).toEqual([{ url: 'https://feedback.example' }]);
    } finally {
      await server.stop();
    }
  });
});
