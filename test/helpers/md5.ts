// The one MD5 of the tests: base64 as a direct upload's `checksum` and `Content-MD5` carry it, hex to compare
// stored or downloaded bytes.
import { createHash } from 'node:crypto';

export const md5 = (bytes: Uint8Array | string) => createHash('md5').update(bytes).digest('base64');
export const md5Hex = (bytes: Uint8Array | string) => createHash('md5').update(bytes).digest('hex');
