// Load generators for benchmarks on loopback. `runLoad`: a small keep-alive node:http client
// for latency at low concurrency (exact p50/p95 from every sample). `runThroughput`: autocannon,
// whose pre-serialised requests on raw sockets keep the generator from being the bottleneck
// (node:http's client tops out near 3,500 req/s on one core here, below the servers it measures).
import http from 'node:http';
import autocannon from 'autocannon';

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** Every request's time in ms, when asked for (`samples`). */
  samples?: number[];
}

export interface LoadOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  /** A body per request (index → body), for writes. */
  body?: (i: number) => string | Buffer;
  concurrency: number;
  requests?: number;
  durationMs?: number;
  expectStatus?: number;
  /** Keep every request's time in the result (runLoad). */
  samples?: boolean;
}

/** The p-th percentile of unsorted samples (a sorted copy is taken). */
export function percentileOf(values: number[], p: number): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    p,
  );
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies: number[] = [];
  let issued = 0;
  let errors = 0;
  const limit = options.requests ?? Number.POSITIVE_INFINITY;
  const deadline = performance.now() + (options.durationMs ?? 60_000);
  const expect = options.expectStatus ?? 200;

  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const body = options.body?.(i);
      const started = performance.now();
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method: options.method ?? 'GET',
          agent,
          headers: { ...options.headers, ...(body !== undefined ? { 'Content-Length': Buffer.byteLength(body) } : {}) },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== expect) errors += 1;
            latencies.push(performance.now() - started);
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      if (body !== undefined) req.write(body);
      req.end();
    });

  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (issued < limit && performance.now() < deadline) await one(issued++);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
    samples: options.samples ? latencies : undefined,
  };
}

export interface ThroughputResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  errors: number;
}

/**
 * Requests per second with `concurrency` keep-alive connections for `durationMs`, the body of
 * each request built by `body(i)`. Any status other than `expectStatus`, timeout or socket error
 * counts as an error.
 */
export async function runThroughput(options: LoadOptions & { durationMs: number }): Promise<ThroughputResult> {
  let i = 0;
  const expect = options.expectStatus ?? 200;
  const instance = autocannon({
    url: options.url,
    method: (options.method ?? 'GET') as 'GET',
    headers: options.headers,
    connections: options.concurrency,
    duration: options.durationMs / 1000,
    requests: [{ setupRequest: (request) => (options.body ? { ...request, body: options.body(i++) } : request) }],
  }) as Promise<autocannon.Result> & autocannon.Instance; // without a callback, the instance is also the promise
  // autocannon's summary has no p95: every response's time is kept for an exact one.
  const latencies: number[] = [];
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
    latencies.push(ms);
  });
  const result = await instance;
  const seconds = result.duration;
  const stats = result.statusCodeStats as Record<string, { count: number }>;
  const unexpected = Object.entries(stats).reduce(
    (n, [status, { count }]) => (Number(status) === expect ? n : n + count),
    0,
  );
  return {
    requests: result.requests.total,
    seconds,
    perSecond: result.requests.total / seconds,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p95: percentileOf(latencies, 95),
    p99: result.latency.p99,
    errors: unexpected + result.errors + result.timeouts,
  };
}
