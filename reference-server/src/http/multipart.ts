// multipart/form-data read as a stream with busboy: each file part goes to storage as it arrives,
// under its own cap, and reaches the services as a File backed by the stored object; text parts
// are held in memory under a small cap. Memory stays bounded whatever the body's size.
import busboy from 'busboy';
import type { Context, MiddlewareHandler } from 'hono';
import type { Readable } from 'node:stream';
import type { Deps } from '../deps.ts';
import { badRequest, payloadTooLarge, type ServiceError } from '../errors.ts';
import { markStaged, newObjectKey, releaseUnclaimed, type StagedObject } from '../storage/staged-files.ts';
import { storageFor, type Storage } from '../storage/storage.ts';
import { StorageWriteError } from '../storage/write-error.ts';
import type { AppEnv } from './env.ts';

/** The cap of each file part and the error a part over it gets (413 unless the operation says otherwise). */
export interface FileLimits {
  maxBytes(field: string): number;
  tooLarge?(field: string, filename: string, maxBytes: number): ServiceError;
}

export interface MultipartLimits {
  /** The whole body. */
  maxBytes: number;
  /** All text parts together (held in memory). */
  maxTextBytes: number;
  files: FileLimits;
}

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export const defaultTooLarge = (field: string, filename: string, maxBytes: number): ServiceError =>
  payloadTooLarge(`${field}: ${filename || 'the file'} is larger than the ${mb(maxBytes)} this operation accepts.`);

/**
 * Sets up the request's staging list and deletes, once the request is answered, every stored
 * part no service claimed (a refused or replayed request leaves nothing behind).
 */
export function stagedUploads(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const staged: StagedObject[] = [];
    c.set('uploads', { storage: storageFor(deps), staged });
    try {
      await next();
    } finally {
      if (staged.length > 0) await releaseUnclaimed(storageFor(deps), staged);
    }
  };
}

/** The entries of a multipart body in order, files as stored-object Files. */
export function readMultipart(
  c: Context,
  source: Readable,
  limits: MultipartLimits,
): Promise<Array<[string, unknown]>> {
  const uploads = (c as Context<AppEnv>).get('uploads') as { storage: Storage; staged: StagedObject[] } | undefined;
  if (!uploads) throw new Error('readMultipart needs the stagedUploads middleware');
  const { storage, staged } = uploads;
  let parser: busboy.Busboy;
  try {
    // preservePath: the raw name reaches the upload's own sanitizer; defParamCharset: browsers send UTF-8 names.
    parser = busboy({
      headers: { 'content-type': c.req.header('content-type') ?? '' },
      preservePath: true,
      defParamCharset: 'utf8',
      limits: { fieldSize: limits.maxTextBytes + 1, parts: 10_000 },
    });
  } catch (error) {
    throw badRequest(`The multipart body could not be parsed: ${(error as Error).message}.`);
  }

  return new Promise((resolve, reject) => {
    const entries: Array<[string, unknown]> = [];
    const writes: Array<Promise<void>> = [];
    const parts = new Set<Readable>();
    let failed = false;
    let total = 0;
    let text = 0;

    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      source.resume(); // drain the rest so the connection can carry the answer
      for (const part of parts) part.on('error', () => undefined).destroy();
      parser.destroy();
      // Every part's write settles (its temp file removed) before the request is answered.
      void Promise.allSettled(writes).then(() => reject(error));
    };

    source.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (!failed && total > limits.maxBytes) fail(payloadTooLarge('The request body is too large.'));
    });
    source.on('error', (error) => fail(badRequest(`The request body could not be read: ${error.message}`)));

    parser.on('field', (name, value, info) => {
      text += name.length + Buffer.byteLength(value);
      if (info.valueTruncated || text > limits.maxTextBytes) {
        return fail(payloadTooLarge('The request body is too large.'));
      }
      entries.push([name, value]);
    });

    parser.on('file', (name, stream, info) => {
      if (failed) {
        stream.resume();
        return;
      }
      const slot: [string, unknown] = [name, undefined];
      entries.push(slot);
      const key = newObjectKey();
      const max = limits.files.maxBytes(name);
      const filename = info.filename ?? '';
      parts.add(stream);
      writes.push(
        storage.writeStream(key, stream, { maxBytes: max }).then(
          async (written) => {
            parts.delete(stream);
            const object: StagedObject = { key, ...written, claimed: false };
            staged.push(object);
            const file = new File([await storage.openBlob(key)], filename, { type: info.mimeType });
            markStaged(file, object);
            slot[1] = file;
          },
          (error: unknown) => {
            parts.delete(stream);
            if (error instanceof StorageWriteError && error.reason === 'too_large') {
              fail((limits.files.tooLarge ?? defaultTooLarge)(name, filename, max));
            } else {
              fail(badRequest(`The multipart body could not be read: ${(error as Error).message}`));
            }
          },
        ),
      );
    });

    // `on`, not `once`: a destroyed parser may report again (a write after destroy); only the first counts.
    parser.on('error', (error: Error) => fail(badRequest(`The multipart body could not be parsed: ${error.message}.`)));
    parser.once('close', () => {
      void Promise.allSettled(writes).then(() => {
        if (!failed) resolve(entries);
      });
    });
    source.pipe(parser);
  });
}
