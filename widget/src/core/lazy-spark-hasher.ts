// The in-thread spark-md5 hasher, imported on first use: browsers hash in the MD5 worker, so the
// reporter chunk carries spark-md5 only as this lazily loaded fallback (no Worker, no hasher given).
import type { Md5Hasher } from './types.ts';

export function createLazySparkHasher(sliceBytes?: number): Md5Hasher {
  let hasher: Promise<Md5Hasher> | undefined;
  return {
    async md5(source, onProgress) {
      hasher ??= import('./md5.ts').then((m) => m.createSparkHasher(sliceBytes));
      return (await hasher).md5(source, onProgress);
    },
  };
}
