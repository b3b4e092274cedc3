// Latency of a GET while something else runs, measured from a process of its own (the attack's
// own pumping would otherwise delay this process's timers), and the p95 of such a list. Used by the
// hostile-load tests and `npm run bench -- security`.
import { spawn } from 'node:child_process';

const PROBE = `
const [url, headers, count] = [process.argv[1], JSON.parse(process.argv[2]), Number(process.argv[3])];
let stop = false;
process.stdin.on('data', () => { stop = true; });
(async () => {
  const times = [];
  while (count > 0 ? times.length < count : !stop || times.length === 0) {
    const started = performance.now();
    const r = await fetch(url, { headers });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error('GET answered ' + r.status);
    times.push(performance.now() - started);
  }
  process.stdout.write(JSON.stringify(times));
  process.exit(0);
})();
`;

/** Sequential GETs: `count` of them, or until `until` settles (at least one); answers their latencies in ms. */
export function getLatencies(
  url: string,
  headers: Record<string, string>,
  options: { count?: number; until?: Promise<unknown> },
): Promise<number[]> {
  const child = spawn(process.execPath, ['-e', PROBE, url, JSON.stringify(headers), String(options.count ?? 0)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  void options.until?.finally(() => child.stdin.write('stop\n'));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as number[]) : reject(new Error(`GET probe exited with ${code}`)),
    );
  });
}

export const p95 = (times: number[]) =>
  [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(times.length * 0.95))];
