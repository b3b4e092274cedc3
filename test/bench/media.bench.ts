// Media figures: direct-upload PUT throughput of a 500 MB file into the reference server (its
// own process, streaming to disk while hashing), beside a raw loopback copy to disk measured in
// the same run, and the server's peak RSS growth during the upload (sampled from /proc).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ID, TOKENS, seedDocument } from '../helpers/seed.ts';
import { stampedFile } from '../helpers/media.ts';
import { startServerProcess } from './processes.ts';

const MB = 1024 * 1024;
const TOTAL = 500 * MB;
const { chunks } = stampedFile(TOTAL / MB);

/** Streams the generated file as one PUT; answers the status and the seconds it took. */
function put(url: string, headers: Record<string, string>): Promise<{ status: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { method: 'PUT', headers: { ...headers, 'Content-Length': String(TOTAL) } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, seconds: (performance.now() - started) / 1000 }));
    });
    req.on('error', reject);
    const source = chunks();
    const pump = () => {
      for (let next = source.next(); !next.done; next = source.next())
        if (!req.write(next.value)) return void req.once('drain', pump);
      req.end();
    };
    pump();
  });
}

/** Resident set size of a process in bytes (Linux /proc). */
function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

/** The yardstick: a bare Node server in its own process that pipes the body to a file. */
const RAW = `
const { createServer } = require('node:http');
const { createWriteStream } = require('node:fs');
const { pipeline } = require('node:stream/promises');
const server = createServer(async (req, res) => {
  await pipeline(req, createWriteStream(process.argv[1], { highWaterMark: 1024 * 1024 }));
  res.end();
});
server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
`;

async function rawCopySeconds(dir: string): Promise<number> {
  const child = spawn(process.execPath, ['-e', RAW, join(dir, 'raw-copy')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /listening on (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`raw server exited with ${code}`)));
  });
  try {
    const { seconds } = await put(url, { 'Content-Type': 'application/octet-stream' });
    return seconds;
  } finally {
    child.kill();
    rmSync(join(dir, 'raw-copy'), { force: true });
  }
}

export async function run() {
  const dir = mkdtempSync(join(tmpdir(), 'glitchbox-media-bench-'));
  const hash = createHash('md5');
  for (const chunk of chunks()) hash.update(chunk);
  const checksum = hash.digest('base64');
  const doc = seedDocument({ project: { issues: [{ title: 'Bench', description: 'A long recording of the bug.' }] } });
  const server = await startServerProcess({ fixtures: doc, args: ['--storage', join(dir, 'storage')] });
  try {
    const raw = await rawCopySeconds(dir);
    const issuePath = `/projects/${PROJECT_ID}/issues/1/video_clips`;
    const headers = {
      Authorization: `FormUser ${TOKENS.all}`,
      'Service-Project-ID': PROJECT_ID,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    };
    const presign = await fetch(`${server.url}${issuePath}/presigned_upload`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ filename: 'bench.webm', byte_size: TOTAL, checksum, content_type: 'video/webm' }),
    });
    const signed = (await presign.json()) as {
      direct_upload_url: string;
      headers: Record<string, string>;
      blob_signed_id: string;
    };
    if (presign.status !== 200) throw new Error(`presign answered ${presign.status}: ${JSON.stringify(signed)}`);

    const pid = server.child.pid!;
    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 5);
    const upload = await put(signed.direct_upload_url, signed.headers);
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(pid));
    if (upload.status !== 200) throw new Error(`the direct-upload PUT answered ${upload.status}`);
    const confirm = await fetch(`${server.url}${issuePath}/confirm_upload`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ blob_signed_id: signed.blob_signed_id }),
    });
    if (confirm.status !== 201) throw new Error(`confirm answered ${confirm.status}`);
    return [
      {
        name: 'media: direct-upload PUT of 500 MB (stream to disk + MD5 check)',
        value: TOTAL / MB / upload.seconds,
        unit: 'MB/s',
        target: '>= 250',
      },
      {
        name: 'media: raw loopback copy of 500 MB to disk (yardstick, same run)',
        value: TOTAL / MB / raw,
        unit: 'MB/s',
      },
      {
        name: 'media: server peak RSS growth during the 500 MB PUT',
        value: (peak - before) / MB,
        unit: 'MB',
        target: '< 64',
      },
    ];
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
