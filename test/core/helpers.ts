// Shared helpers of the reporter-core tests: a fast clock (sleeping moves virtual time instead of
// waiting), seeded randomness, PNG-ish bytes, MD5 of downloaded media, and server-side lookups.
import type { Clock } from '../../widget/src/core/types.ts';
import { md5Hex } from '../helpers/md5.ts';
import type { TestServer } from '../helpers/server.ts';
import { ALL_FLAGS, PATS, PROJECT_ID, TOKENS, seedDocument } from '../helpers/seed.ts';

/** Virtual time: now() = real time + skipped time; sleep(ms) skips ms at once (bounded waits stay real). */
export function createFastClock(): Clock & { skipped: number } {
  const clock = {
    skipped: 0,
    now: () => Date.now() + clock.skipped,
    sleep: (ms: number, signal?: AbortSignal) =>
      new Promise<void>((resolve) => {
        if (signal?.aborted) return resolve();
        if (ms > 24 * 3_600_000) {
          // "Until kicked": wait for the signal only.
          signal?.addEventListener('abort', () => resolve(), { once: true });
          return;
        }
        clock.skipped += ms;
        setImmediate(resolve);
      }),
  };
  return clock;
}

/** mulberry32: a small seeded PRNG so random faults are reproducible. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Bytes that pass as a PNG (signature + random payload); the server checks type, size and MD5. */
export function pngBytes(size: number, random: () => number = Math.random): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = Math.floor(random() * 256);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
}

export { md5Hex };

/** Every issue of the project as the owner sees it (hidden and raw included). */
export async function allIssues(server: TestServer): Promise<any[]> {
  const issues: any[] = [];
  for (let page = 1; ; page++) {
    const r = await server.request('GET', `/projects/${PROJECT_ID}/issues.json?status=any&per_page=100&page=${page}`, {
      auth: `Bearer ${PATS.owner}`,
    });
    if (r.status !== 200) throw new Error(`list issues: ${r.status} ${JSON.stringify(r.body)}`);
    issues.push(...r.body.issues);
    if (page >= r.body.pagination.total_pages) return issues;
  }
}

export async function showIssue(server: TestServer, pathId: string): Promise<any> {
  const r = await server.request('GET', `/projects/${PROJECT_ID}/issues/${pathId}.json`, {
    auth: `Bearer ${PATS.owner}`,
  });
  if (r.status !== 200) throw new Error(`show issue: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Downloads a media URL (the server's own CDN path) and returns its MD5 hex. */
export async function downloadMd5(url: string): Promise<string> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`download ${url}: ${response.status}`);
  return md5Hex(new Uint8Array(await response.arrayBuffer()));
}

/** Resolves with the first event matching the predicate. */
export function waitFor<T>(
  subscribe: (listener: (e: T) => void) => () => void,
  predicate: (e: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error('timed out waiting for event'));
    }, timeoutMs);
    const off = subscribe((e) => {
      if (predicate(e)) {
        clearTimeout(timer);
        off();
        resolve(e);
      }
    });
  });
}

/**
 * The standard seed, but TOKENS.all may submit far more than the default 8 reports per IP per day
 * (docs/api/projects-auth.md#permissions-and-limits): these tests send hundreds of reports from one loopback address.
 */
export function roomySeed() {
  return seedDocument({
    project: { tokens: [{ token: TOKENS.all, ...ALL_FLAGS, daily_limit: 1_000_000 }, { token: TOKENS.none }] },
  });
}
