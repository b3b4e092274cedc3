// glitchbox-server's start-up failures as a user meets them: the port already taken and a database path that cannot
// be opened each exit with status 2 and one line naming the port or path and the flag that changes it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '../../reference-server/bin/glitchbox-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'glitchbox-startup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const start = (args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 30_000, env: { ...process.env, PORT: '' } });

describe('glitchbox-server start-up errors', () => {
  it('names the port in use and the way to pick another', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const r = start(['--port', String(port)]);
      expect(r.status).toBe(2);
      expect(r.stderr).toBe(
        `glitchbox-server: port ${port} on 127.0.0.1 is already in use (another glitchbox-server?); pick another ` +
          'with --port N or GLITCHBOX_PORT=N (PORT works too), or --port 0 for any free port\n',
      );
    } finally {
      taken.close();
    }
  });

  it('names a database path it cannot open and the flag that changes it', () => {
    const missing = join(dir, 'no-such-folder', 'glitchbox.db');
    const r = start(['--port', '0', '--db', missing]);
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(r.stderr).toContain(`cannot open the database ${missing}`);
    expect(r.stderr).toContain('--db');

    const notSqlite = join(dir, 'notes.db');
    writeFileSync(notSqlite, 'these are notes, not a database '.repeat(40));
    const wrong = start(['--port', '0', '--db', notSqlite]);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain(`cannot open the database ${notSqlite}: file is not a database`);
  });

  it('takes its port from PORT when neither --port nor GLITCHBOX_PORT is given', () => {
    const r = spawnSync(process.execPath, [BIN, '--port', 'x'], { encoding: 'utf8', timeout: 30_000 });
    expect(r.stderr).toContain('--port must be a number');
    const fromEnv = spawnSync(process.execPath, [BIN], {
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, GLITCHBOX_PORT: '', PORT: 'eighty' },
    });
    expect(fromEnv.status).toBe(2);
    expect(fromEnv.stderr).toContain('not "eighty"');
  });
});
