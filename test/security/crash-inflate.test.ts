// Crash uploads are inflated off the event loop (libuv's thread pool): timers and other
// requests keep being served while a large report inflates.
import { deflateSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { parseUnrealCrash } from '../../reference-server/src/areas/crashes/container.ts';

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
