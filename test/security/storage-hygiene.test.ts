// Storage after a crash: a server killed (SIGKILL) in the middle of a 200 MB direct-upload PUT
// leaves a `.part` file, and one killed between writing an object and its row leaves an object
// no row names; the next start reclaims both and keeps every object a row points at.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { PROJECT_ID, TOKENS, seedDocument } from '../helpers/seed.ts';

const BIN = join(import.meta.dirname, '../../reference-server/bin/glitchbox-server.mjs');
const MB = 1024 * 1024;

function startChild(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /^listening on (http:\/\/\S+)\n/.exec(out);
      if (match) resolve({ child, url: match[1] });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

async function waitFor(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400 && !check(); i += 1) await new Promise((r) => setTimeout(r, 25));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

it("reclaims a killed PUT's .part file and an object with no row at the next start, and keeps the rest", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'glitchbox-sweep-'));
  const db = join(dir, 'db.sqlite');
  const storage = join(dir, 'storage');
  const fixtures = join(dir, 'fixtures.json');
  writeFileSync(fixtures, JSON.stringify(seedDocument()));

  const { child, url } = await startChild(['--port', '0', '--db', db, '--storage', storage, '--fixtures', fixtures]);
  const auth = { Authorization: `FormUser ${TOKENS.all}`, 'Service-Project-ID': PROJECT_ID };
  const issue = (await (
    await fetch(`${url}/projects/${PROJECT_ID}/issues.json`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        issue: { title: 'Crash on load', description: 'The game crashes while loading level 3.' },
      }),
    })
  ).json()) as { id: number; url: string };
  const issuePath = `${url}/projects/${PROJECT_ID}/issues/g-${issue.id}`;
  // A kept object: a log file with its row.
  const form = new FormData();
  form.append('log_file[file]', new Blob(['kept log line\n'], { type: 'text/plain' }), 'kept.log');
  const kept = (await (
    await fetch(`${issuePath}/log_files`, { method: 'POST', headers: auth, body: form })
  ).json()) as { url: string };
  expect(kept.url).toMatch(/\/cdn\//);

  // A 200 MB PUT, killed with the server after some megabytes reached the disk.
  const size = 200 * MB;
  const presign = (await (
    await fetch(`${issuePath}/video_clips/presigned_upload`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        filename: 'big.mp4',
        byte_size: size,
        checksum: '1B2M2Y8AsgTpgAmY7PhCfg==',
        content_type: 'video/mp4',
      }),
    })
  ).json()) as { direct_upload_url: string; headers: Record<string, string> };
  expect(presign.direct_upload_url).toMatch(/\/storage\/direct\//);
  const put = request(presign.direct_upload_url, {
    method: 'PUT',
    headers: { ...presign.headers, 'Content-Length': String(size) },
  });
  put.on('error', () => undefined);
  const chunk = Buffer.alloc(MB, 7);
  const partsDir = join(storage, 'tmp');
  const partBytes = () => readdirSync(partsDir).reduce((n, name) => n + statSync(join(partsDir, name)).size, 0);
  for (let i = 0; i < 40 && partBytes() < 8 * MB; i += 1) {
    if (!put.write(chunk)) await new Promise((r) => put.once('drain', r));
  }
  await waitFor(() => partBytes() > 0, 'the .part file');
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
  put.destroy();
  expect(readdirSync(partsDir).filter((n) => n.endsWith('.part'))).toHaveLength(1);

  // An object written just before a crash, its row never inserted.
  const orphan = join(storage, 'objects', 'orphanObjectKey0123456789');
  writeFileSync(orphan, 'no row names me');

  const restarted = await startTestServer({ db, storageDir: storage, seed: false });
  try {
    expect(restarted.sweep).toEqual({ partials: 1, orphans: 1 });
    expect(readdirSync(partsDir)).toEqual([]);
    expect(existsSync(orphan)).toBe(false);
    const r = await fetch(kept.url.replace(url, restarted.url));
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('kept log line\n');
  } finally {
    await restarted.close();
  }
}, 60_000);
