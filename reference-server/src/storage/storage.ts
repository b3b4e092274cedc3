// The storage interface media services write to and the CDN reads from. Keys are opaque; the
// content type, filename and checksum live in the `blobs` table, not in the store. The local
// disk is the default backend (local-disk-storage.ts); an S3-compatible one implements the same.
import type { Readable } from 'node:stream';
import type { Deps } from '../deps.ts';
import { createLocalDiskStorage } from './local-disk-storage.ts';

export interface WriteResult {
  size: number;
  /** MD5 of the bytes written, base64 (the form of Content-MD5 and the direct-upload checksum). */
  md5: string;
}

export interface StreamWriteOptions {
  /** Reading stops with StorageWriteError('too_large') past this many bytes. */
  maxBytes?: number;
  /** Base64 MD5 the bytes must have, else StorageWriteError('bad_digest') and nothing is kept. */
  expectedMd5?: string;
  /** Exact size the bytes must have, else StorageWriteError('incomplete' | 'too_large'). */
  expectedSize?: number;
}

export interface Storage {
  /**
   * Streams bytes to `key` with constant memory, hashing as they pass. The object appears only
   * when every check passed (temp object, then rename); a failed write leaves nothing.
   */
  writeStream(
    key: string,
    source: Readable | AsyncIterable<Uint8Array>,
    options?: StreamWriteOptions,
  ): Promise<WriteResult>;
  /**
   * Small payloads already in memory (inline logs, crash-report files), written before it
   * returns so a caller inside a SQLite transaction stays synchronous. A remote backend
   * implements this by spooling to local disk and uploading in the background.
   */
  writeBytesSync(key: string, bytes: Uint8Array): WriteResult;
  /** Size of the object, or null when absent. */
  stat(key: string): Promise<{ size: number } | null>;
  /** A stream of the object's bytes, `end` inclusive (HTTP Range semantics). */
  read(key: string, range?: { start: number; end: number }): Readable;
  /** The object as a Blob read lazily from the store (a multipart file part without a copy in memory). */
  openBlob(key: string, type?: string): Promise<Blob>;
  delete(key: string): Promise<void>;
  /** Every key in the store (the start-up sweep). */
  listKeys(): Promise<string[]>;
  /** Removes the partial writes a crash left behind; answers how many. */
  removePartials(): Promise<number>;
  /** Removes every object (/__admin/reset). */
  clear(): Promise<void>;
}

const instances = new WeakMap<Pick<Deps, 'config'>, Storage>();

/** The storage of a server: one per Deps, chosen from its configuration (local disk today). */
export function storageFor(deps: Pick<Deps, 'config'>): Storage {
  let storage = instances.get(deps);
  if (!storage) {
    storage = createLocalDiskStorage(deps.config.storageDir);
    instances.set(deps, storage);
  }
  return storage;
}
