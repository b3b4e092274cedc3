// The MD5 worker's hash in Node over odd sizes: the WebAssembly engine and the spark-md5 fallback both give, byte
// for byte, the base64 digest the in-thread spark-md5 hasher gave before (and Node's crypto gives), and progress.
import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { blobSourceFromBytes, createSparkHasher, MD5_SLICE_BYTES } from '../../widget/src/core/index.ts';
import { chooseMd5Engine, type Md5EngineChoice } from '../../widget/src/delivery/md5-engine.ts';
import { createSparkEngine } from '../../widget/src/delivery/md5-spark-engine.ts';
import { hashRequest, type Md5Reply } from '../../widget/src/delivery/md5-worker.ts';

const MiB = 1024 * 1024;
const SIZES = { empty: 0, 'one byte': 1, 'one slice': MD5_SLICE_BYTES, 'a slice and a byte': MD5_SLICE_BYTES + 1 };
const SEVERAL = 7 * MiB + 3;

/** Bytes that differ at every offset (a shifted or dropped chunk changes the digest). */
function pattern(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + (i >>> 11)) & 0xff;
  return bytes;
}

const spark: () => Promise<Md5EngineChoice> = async () => ({
  name: 'spark-md5',
  create: async () => createSparkEngine(),
});

async function workerHash(
  request: { blob?: Blob; slices?: ArrayBuffer[]; sliceBytes?: number },
  choose = chooseMd5Engine,
) {
  const replies: Md5Reply[] = [];
  await hashRequest({ id: 7, ...request }, (reply) => replies.push(reply), choose);
  const done = replies.at(-1);
  if (done?.type !== 'done') throw new Error(`no digest: ${JSON.stringify(done)}`);
  return { md5: done.md5, engine: done.engine, progress: replies.filter((r) => r.type === 'progress') };
}

for (const [name, size] of [...Object.entries(SIZES), ['several MiB', SEVERAL] as const]) {
  test(`${name} (${size} B): WebAssembly and spark-md5 give the digest the in-thread hasher gives`, async () => {
    const bytes = pattern(size);
    const before = await createSparkHasher().md5(blobSourceFromBytes(bytes));
    expect(before).toBe(createHash('md5').update(bytes).digest('base64'));
    const wasm = await workerHash({ blob: new Blob([bytes]) });
    expect(wasm.engine).toBe('wasm');
    expect(wasm.md5).toBe(before);
    const fallback = await workerHash({ blob: new Blob([bytes]) }, spark);
    expect(fallback).toMatchObject({ engine: 'spark-md5', md5: before });
  });
}

test('slices handed over instead of a Blob hash the same, in either engine', async () => {
  const bytes = pattern(SEVERAL);
  const slices = () => [0, 3 * MiB, 5 * MiB + 1].map((start, i, all) => bytes.slice(start, all[i + 1]).buffer);
  const expected = createHash('md5').update(bytes).digest('base64');
  expect((await workerHash({ slices: slices() })).md5).toBe(expected);
  expect((await workerHash({ slices: slices() }, spark)).md5).toBe(expected);
});

test('reports progress at most once a slice, never going back, ending at the total', async () => {
  const { progress } = await workerHash({ blob: new Blob([pattern(SEVERAL)]), sliceBytes: MiB });
  const loaded = progress.map((p) => (p.type === 'progress' ? p.loaded : -1));
  expect(loaded.at(-1)).toBe(SEVERAL);
  expect(progress.every((p) => p.type === 'progress' && p.total === SEVERAL)).toBe(true);
  expect(loaded).toEqual([...loaded].sort((a, b) => a - b));
  // Node's Blob streams its bytes in one chunk, a browser's in many small ones: one reply per slice at most.
  expect(loaded.length).toBeLessThanOrEqual(8);
});

test('a hash that fails answers an error, not a digest', async () => {
  const broken = async () => ({ name: 'wasm' as const, create: () => Promise.reject(new Error('refused')) });
  const replies: Md5Reply[] = [];
  await hashRequest({ id: 3, blob: new Blob([pattern(10)]) }, (r) => replies.push(r), broken);
  expect(replies).toEqual([{ id: 3, type: 'error', error: 'refused' }]);
});
