// Files a request body carried, written to storage while the body streamed in (http/multipart.ts).
// Each reaches a service as a File read lazily from its stored object; the service claims the
// object for its row (no second copy), and what no service claimed is deleted after the request.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { SNIFF_BYTES } from './content-sniff.ts';
import type { Storage, StreamWriteOptions, WriteResult } from './storage.ts';

export interface StagedObject extends WriteResult {
  key: string;
  claimed: boolean;
}

const staged = new WeakMap<Blob, StagedObject>();

/** A fresh random storage key (192 bits, base64url). */
export function newObjectKey(): string {
  return randomBytes(24).toString('base64url');
}

/** Records that `file` is the stored object `object` (the multipart reader calls this). */
export function markStaged(file: Blob, object: StagedObject): void {
  staged.set(file, object);
}

/** The size and MD5 of a staged file without reading it again; null for any other Blob. */
export function stagedObjectOf(file: Blob): StagedObject | null {
  return staged.get(file) ?? null;
}

/** The file's first bytes, for sniffing its type. */
export async function headOf(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
}

/**
 * Stores `file` under a key of its own: a staged file's object is claimed as it is (once), any
 * other Blob is streamed to storage under `options`' checks.
 */
export async function storeFile(
  storage: Storage,
  file: Blob,
  options: StreamWriteOptions = {},
): Promise<WriteResult & { key: string }> {
  const object = staged.get(file);
  if (object && !object.claimed && (options.maxBytes === undefined || object.size <= options.maxBytes)) {
    object.claimed = true;
    return { key: object.key, size: object.size, md5: object.md5 };
  }
  const key = newObjectKey();
  const written = await storage.writeStream(key, Readable.fromWeb(file.stream() as never), options);
  return { key, ...written };
}

/** Deletes the objects of a request that no service claimed. */
export async function releaseUnclaimed(storage: Storage, objects: StagedObject[]): Promise<void> {
  await Promise.all(objects.filter((o) => !o.claimed).map((o) => storage.delete(o.key).catch(() => undefined)));
}
