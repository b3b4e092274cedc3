// MD5 over 2 MiB slices with spark-md5, as Active Storage's FileChecksum does; the base64 digest is
// the `checksum` of presigned_upload. In-thread: browsers use the worker hasher from delivery/.
import SparkMD5 from 'spark-md5';
import type { BlobSource, Md5Hasher } from './types.ts';

export const MD5_SLICE_BYTES = 2 * 1024 * 1024;

/** Base64 of a binary string (spark-md5's raw digest) without relying on Buffer. */
function binaryStringToBase64(binary: string): string {
  return btoa(binary);
}

export function hexToBase64(hex: string): string {
  let binary = '';
  for (let i = 0; i < hex.length; i += 2) binary += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
  return btoa(binary);
}

export function createSparkHasher(sliceBytes = MD5_SLICE_BYTES): Md5Hasher {
  return {
    async md5(source: BlobSource, onProgress) {
      const spark = new SparkMD5.ArrayBuffer();
      for (let start = 0; start < source.size; start += sliceBytes) {
        const end = Math.min(source.size, start + sliceBytes);
        const bytes = await source.slice(start, end);
        spark.append(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
        onProgress?.(end, source.size);
      }
      return binaryStringToBase64(spark.end(true));
    },
  };
}
