// On a database file with a job thread, the request connection leaves WAL checkpoints to the thread: creates only
// append to the log, and the thread's next pass copies it into the database file.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { PROJECT_ID, TOKENS } from '../../helpers/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { itLocal } from '../../helpers/local-only.ts';

let server: TestServer | undefined;
let dir: string;

afterEach(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

itLocal(
  'copies the log of the creates into the database file in the job thread, not in the requests',
  'reads the database file',
  async () => {
    dir = mkdtempSync(join(tmpdir(), 'glitchbox-checkpoint-'));
    const file = join(dir, 'server.db');
    server = await startTestServer({ db: file });
    // The request connection checkpoints by itself only past 10,000 pages of log (SQLite's default is 1,000).
    expect(server.deps.db.pragma('wal_autocheckpoint', { simple: true })).toBe(10_000);
    await server.runJobs();
    const before = statSync(file).mtimeMs;
    for (let i = 0; i < 8; i += 1) {
      const r = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
        auth: `FormUser ${TOKENS.all}`,
        json: { issue: { description: `The lift stops between floors, report ${i}.` } },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(0);
    expect(statSync(file).mtimeMs).toBe(before);
    await server.runJobs();
    expect(statSync(file).mtimeMs).toBeGreaterThan(before);
  },
);
