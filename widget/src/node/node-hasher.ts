// Node's MD5 path: the native `crypto` MD5 streamed over the same 2 MiB slices, base64; the default of every Node
// reporter (createNodeReporter, and createReporter from glitchbox/node or, under Node, glitchbox/core).
import { createHash } from 'node:crypto';
import { MD5_SLICE_BYTES } from '../core/md5.ts';
import type { BlobSource, Md5Hasher } from '../core/types.ts';

export function createNodeHasher(sliceBytes = MD5_SLICE_BYTES): Md5Hasher {
  return {
    async md5(source: BlobSource, onProgress) {
      const hash = createHash('md5');
      for (let start = 0; start < source.size; start += sliceBytes) {
        const end = Math.min(source.size, start + sliceBytes);
        hash.update(await source.slice(start, end));
        onProgress?.(end, source.size);
      }
      return hash.digest('base64');
    },
  };
}
