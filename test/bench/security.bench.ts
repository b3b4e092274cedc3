// Security figures: the reference server's (own process) peak RSS growth while it takes a 480 MB
// multipart video clip, then three at once, and the p95 of a concurrent GET against the same
// GET on an idle server. Multipart is streamed to storage, so none of them holds a file in memory.
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stampedFile } from '../helpers/media.ts';
import { PROJECT_ID, TOKENS, seedDocument } from '../helpers/seed.ts';
import { getLatencies, p95 } from '../security/get-probe.ts';
import { startServerProcess } from './processes.ts';

const MB = 1024 * 1024;
const FILE_MB = 480;
const BOUNDARY = 'glitchbox-bench-boundary';
const { chunks } = stampedFile(FILE_MB);

function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

/** POSTs a 480 MB video clip as multipart/form-data, streamed; answers the status. */
function uploadClip(base: string, issue: number): Promise<number> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="video_clip[name]"\r\n\r\nbench clip\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="video_clip[video]"; ` +
      `filename="bench.webm"\r\nContent-Type: video/webm\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/projects/${PROJECT_ID}/issues/${issue}/video_clips`,
      {
        method: 'POST',
        headers: {
          Authorization: `FormUser ${TOKENS.all}`,
          'Service-Project-ID': PROJECT_ID,
          Accept: 'application/json',
          'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
          'Content-Length': String(head.length + FILE_MB * MB + tail.length),
        },
      },
      (res) => {
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () =>
          res.statusCode === 201 ? resolve(201) : reject(new Error(`upload answered ${res.statusCode}: ${body}`)),
        );
      },
    );
    req.on('error', reject);
    req.write(head);
    const source = chunks();
    const pump = () => {
      for (let next = source.next(); !next.done; next = source.next())
        if (!req.write(next.value)) return void req.once('drain', pump);
      req.end(tail);
    };
    pump();
  });
}

/** Runs `work` while sampling the server's RSS every 5 ms; answers the peak growth over `before` in MB. */
async function peakGrowth(pid: number, before: number, work: () => Promise<unknown>): Promise<number> {
  let peak = rssOf(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return (Math.max(peak, rssOf(pid)) - before) / MB;
}

export async function run() {
  const dir = mkdtempSync(join(tmpdir(), 'glitchbox-security-bench-'));
  const doc = seedDocument({
    project: {
      issues: [1, 2, 3, 4].map((n) => ({ title: `Bench ${n}`, description: 'A long recording of the bug.' })),
    },
  });
  const server = await startServerProcess({ fixtures: doc, args: ['--storage', join(dir, 'storage')] });
  try {
    const pid = server.child.pid!;
    const getUrl = `${server.url}/projects/${PROJECT_ID}/issues/1.json`;
    const getHeaders = {
      Authorization: `FormUser ${TOKENS.all}`,
      'Service-Project-ID': PROJECT_ID,
      Accept: 'application/json',
    };
    await getLatencies(getUrl, getHeaders, { count: 50 }); // warm-up
    const idle = await getLatencies(getUrl, getHeaders, { count: 300 });

    // Both figures are growth over the idle server's RSS, measured once before the first upload.
    const baseline = rssOf(pid);
    let started = performance.now();
    const one = await peakGrowth(pid, baseline, () => uploadClip(server.url, 1));
    const oneSeconds = (performance.now() - started) / 1000;

    let busy: number[] = [];
    started = performance.now();
    const three = await peakGrowth(pid, baseline, async () => {
      const uploads = Promise.all([2, 3, 4].map((issue) => uploadClip(server.url, issue)));
      busy = await getLatencies(getUrl, getHeaders, { until: uploads });
      await uploads;
    });
    const threeSeconds = (performance.now() - started) / 1000;
    return [
      {
        name: `security: server peak RSS growth, one ${FILE_MB} MB multipart video clip`,
        value: one,
        unit: 'MB',
        target: '< 64',
      },
      {
        name: `security: server peak RSS growth, three ${FILE_MB} MB multipart clips at once`,
        value: three,
        unit: 'MB',
        target: '< 64',
      },
      { name: 'security: one multipart clip, throughput', value: FILE_MB / oneSeconds, unit: 'MB/s' },
      {
        name: 'security: three multipart clips at once, total throughput',
        value: (3 * FILE_MB) / threeSeconds,
        unit: 'MB/s',
      },
      { name: 'security: GET issue p95, idle server', value: p95(idle), unit: 'ms' },
      { name: `security: GET issue p95 during the three uploads (${busy.length} GETs)`, value: p95(busy), unit: 'ms' },
      { name: 'security: concurrent GET p95 / idle p95', value: p95(busy) / p95(idle), unit: 'x', target: '<= 5' },
    ];
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
