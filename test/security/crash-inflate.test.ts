// Crash uploads are inflated off the event loop (libuv's thread pool): timers and other
// requests keep being served while a large report inflates, and only a few inflate at once.
import { deflateSync } from 'node:zlib';
import { expect, it } from 'vitest';
import {
  MAX_CONCURRENT_INFLATES,
  inflatesInFlight,
  parseUnrealCrash,
} from '../../reference-server/src/areas/crashes/container.ts';

it('keeps the event loop turning while a 64 MB report inflates', async () => {
  const big = deflateSync(Buffer.alloc(64 * 1024 * 1024));
  let ticks = 0;
  const timer = setInterval(() => {
    ticks += 1;
  }, 1);
  // A synchronous inflate holds the loop for the whole call: no tick could land before it ends.
  await Promise.resolve()
    .then(() => parseUnrealCrash(big))
    .catch(() => undefined);
  clearInterval(timer);
  expect(ticks).toBeGreaterThan(0);
});

it(`inflates at most ${MAX_CONCURRENT_INFLATES} reports at once when eight arrive, and answers all eight`, async () => {
  const big = deflateSync(Buffer.alloc(32 * 1024 * 1024));
  let most = 0;
  const sampler = setInterval(() => {
    most = Math.max(most, inflatesInFlight());
  }, 1);
  const results = await Promise.allSettled(Array.from({ length: 8 }, () => parseUnrealCrash(big)));
  clearInterval(sampler);
  expect(most).toBeGreaterThan(0); // the sampler sees inflates
  expect(most).toBeLessThanOrEqual(MAX_CONCURRENT_INFLATES);
  // Zeros are no container: every report is answered (a 4xx ServiceError), none is left waiting.
  expect(results.map((r) => r.status)).toEqual(Array(8).fill('rejected'));
  expect(inflatesInFlight()).toBe(0);
});
