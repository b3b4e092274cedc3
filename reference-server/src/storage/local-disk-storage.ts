// Storage on the local disk: objects are files named by their key under the storage directory,
// written to `tmp/` first and renamed into place once size and MD5 check out, so a reader never
// sees a partial object and a refused upload leaves nothing behind.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, openAsBlob, renameSync, writeFileSync } from 'node:fs';
import { readdir, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { Storage, StreamWriteOptions, WriteResult } from './storage.ts';
import { StorageWriteError } from './write-error.ts';

/** Keys are ours (random base64url), but a path never leaves the directory whatever it holds. */
function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9_-]{8,128}$/.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
}

export function createLocalDiskStorage(root: string): Storage {
  const objects = join(root, 'objects');
  const tmp = join(root, 'tmp');
  mkdirSync(objects, { recursive: true });
  mkdirSync(tmp, { recursive: true });
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return join(objects, key);
  };
  const tempPath = () => join(tmp, `${randomBytes(12).toString('hex')}.part`);

  return {
    async writeStream(key, source, options: StreamWriteOptions = {}): Promise<WriteResult> {
      const target = pathOf(key);
      const temp = tempPath();
      const hash = createHash('md5');
      const limit = options.expectedSize ?? options.maxBytes ?? Number.POSITIVE_INFINITY;
      const out = createWriteStream(temp, { highWaterMark: 1024 * 1024 });
      // Kept, not thrown: a write still in flight when a refused upload destroys the file would
      // otherwise surface as an uncaught 'error' after the request was answered.
      let writeError: Error | null = null;
      out.on('error', (error) => {
        writeError ??= error;
      });
      let size = 0;
      try {
        for await (const chunk of source as AsyncIterable<Uint8Array>) {
          size += chunk.byteLength;
          if (size > limit)
            throw new StorageWriteError('too_large', `The body is larger than the ${limit} bytes that were declared.`);
          if (writeError) throw writeError;
          hash.update(chunk);
          // Backpressure: wait for the file to drain instead of buffering the socket's pace.
          if (!out.write(chunk)) await once(out, 'drain');
        }
        out.end();
        await finished(out);
        const md5 = hash.digest('base64');
        if (options.expectedSize !== undefined && size !== options.expectedSize) {
          throw new StorageWriteError(
            'incomplete',
            `The body has ${size} bytes but ${options.expectedSize} were declared.`,
          );
        }
        if (options.expectedMd5 !== undefined && md5 !== options.expectedMd5) {
          throw new StorageWriteError('bad_digest', 'The Content-MD5 you specified did not match what we received.');
        }
        renameSync(temp, target);
        return { size, md5 };
      } catch (error) {
        out.destroy();
        await unlink(temp).catch(() => undefined);
        if (error instanceof StorageWriteError) throw error;
        throw new StorageWriteError(
          'aborted',
          `The upload was interrupted: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
    writeBytesSync(key, bytes) {
      const target = pathOf(key);
      const temp = tempPath();
      writeFileSync(temp, bytes);
      renameSync(temp, target);
      return { size: bytes.byteLength, md5: createHash('md5').update(bytes).digest('base64') };
    },
    async stat(key) {
      try {
        const info = await stat(pathOf(key));
        return { size: info.size };
      } catch {
        return null;
      }
    },
    read(key, range): Readable {
      return createReadStream(
        pathOf(key),
        range ? { start: range.start, end: range.end, highWaterMark: 256 * 1024 } : { highWaterMark: 256 * 1024 },
      );
    },
    openBlob(key, type) {
      return openAsBlob(pathOf(key), type ? { type } : undefined);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async listKeys() {
      return (await readdir(objects)).filter((name) => /^[A-Za-z0-9_-]{8,128}$/.test(name));
    },
    async removePartials() {
      const names = await readdir(tmp);
      for (const name of names) await rm(join(tmp, name), { force: true, recursive: true });
      return names.length;
    },
    async clear() {
      for (const dir of [objects, tmp]) {
        for (const name of await readdir(dir)) await rm(join(dir, name), { force: true, recursive: true });
      }
    },
  };
}
