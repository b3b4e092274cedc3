// multipart/form-data read as a stream with busboy: each file part goes to storage as it arrives,
// one part at a time and under its own cap, and reaches the services as a File backed by the stored
// object; text parts are held in memory under a small cap. Memory and descriptors stay bounded.
import busboy from 'busboy';
import type { Context, MiddlewareHandler } from 'hono';
import type { Readable } from 'node:stream';
import type { Deps } from '../deps.ts';
import { badRequest, payloadTooLarge, type ServiceError } from '../errors.ts';
import { markStaged, newObjectKey, releaseUnclaimed, type StagedObject } from '../storage/staged-files.ts';
import { storageFor, type Storage } from '../storage/storage.ts';
import { StorageWriteError } from '../storage/write-error.ts';
import { guardEvents } from './guard-events.ts';
import type { AppEnv } from './env.ts';

/** The cap of each file part and the error a part over it gets (413 unless the operation says otherwise). */
export interface FileLimits {
  maxBytes(field: string): number;
  tooLarge?(field: string, filename: string, maxBytes: number): ServiceError;
  /** File parts one request may carry (MAX_FILE_PARTS unless the operation says otherwise). */
  maxFiles?: number;
  tooMany?(field: string, maxFiles: number): ServiceError;
}

export interface MultipartLimits {
  /** The whole body. */
  maxBytes: number;
  /** All text parts together (held in memory). */
  maxTextBytes: number;
  files: FileLimits;
}

/** Parts of any kind in one body (docs/security.md#caps-and-limits): a form of ours needs a few dozen. */
export const MAX_PARTS = 1000;
/** File parts in one body unless the operation sets its own count. */
export const MAX_FILE_PARTS = 10;

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export const defaultTooLarge = (field: string, filename: string, maxBytes: number): ServiceError =>
  payloadTooLarge(`${field}: ${filename || 'the file'} is larger than the ${mb(maxBytes)} this operation accepts.`);

const defaultTooMany = (_field: string, maxFiles: number): ServiceError =>
  payloadTooLarge(`A request may carry at most ${maxFiles} files.`);

/** RFC 7578 §4.2: every part names its field; a part without one is refused rather than guessed at. */
const nameless = () =>
  badRequest('Every multipart part needs a name in its Content-Disposition header (form-data; name="...").');

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
  const maxFiles = limits.files.maxFiles ?? MAX_FILE_PARTS;
  let parser: busboy.Busboy;
  try {
    // preservePath: the raw name reaches the upload's own sanitizer; defParamCharset: browsers send UTF-8 names.
    // Busboy's own part and file limits only skip the surplus silently, so both counts are kept below instead.
    parser = busboy({
      headers: { 'content-type': c.req.header('content-type') ?? '' },
      preservePath: true,
      defParamCharset: 'utf8',
      limits: { fieldSize: limits.maxTextBytes + 1, fieldNameSize: limits.maxTextBytes + 1 },
    });
  } catch (error) {
    throw badRequest(`The multipart body could not be parsed: ${(error as Error).message}.`);
  }

  return new Promise((resolve, reject) => {
    const entries: Array<[string, unknown]> = [];
    // One file part is written at a time: the next waits for the previous one's descriptor to close, and the
    // parser (hence the socket) waits with it, so a request never holds more than one open file.
    let writing: Promise<void> = Promise.resolve();
    let current: Readable | undefined;
    let failed = false;
    let total = 0;
    let text = 0;
    let partCount = 0;
    let fileCount = 0;

    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      source.resume(); // drain the rest so the connection can carry the answer
      current?.destroy();
      parser.destroy();
      // The part being written settles (its temp file removed) before the request is answered.
      void writing.then(() => reject(error));
    };
    // A throw inside any listener below answers this request (400 or 500) instead of ending the process.
    const on = guardEvents(fail);

    /** Counts a part; false (and the request refused) past MAX_PARTS or after a failure. */
    const admit = (name: string | undefined): name is string => {
      if (failed) return false;
      partCount += 1;
      if (partCount > MAX_PARTS) fail(payloadTooLarge(`A multipart body may have at most ${MAX_PARTS} parts.`));
      else if (!name) fail(nameless());
      return !failed;
    };

    on(source, 'data', (chunk: Buffer) => {
      total += chunk.length;
      if (!failed && total > limits.maxBytes) fail(payloadTooLarge('The request body is too large.'));
    });
    on(source, 'error', (error: Error) => fail(badRequest(`The request body could not be read: ${error.message}`)));

    on(parser, 'field', (name: string | undefined, value: string, info: busboy.FieldInfo) => {
      if (!admit(name)) return;
      text += Buffer.byteLength(name) + Buffer.byteLength(value);
      if (info.nameTruncated || info.valueTruncated || text > limits.maxTextBytes) {
        return fail(payloadTooLarge('The request body is too large.'));
      }
      entries.push([name, value]);
    });

    on(parser, 'file', (name: string | undefined, stream: Readable, info: busboy.FileInfo) => {
      // A parser destroyed mid-part reports on the part's stream too; the write (or the refusal) already has it.
      stream.on('error', () => undefined);
      if (!admit(name)) return void stream.resume();
      fileCount += 1;
      if (fileCount > maxFiles) {
        stream.resume();
        return fail((limits.files.tooMany ?? defaultTooMany)(name, maxFiles));
      }
      const slot: [string, unknown] = [name, undefined];
      entries.push(slot);
      const max = limits.files.maxBytes(name);
      const filename = info.filename ?? '';
      writing = writing.then(async () => {
        if (failed) return void stream.resume();
        current = stream;
        const key = newObjectKey();
        try {
          const written = await storage.writeStream(key, stream, { maxBytes: max });
          const object: StagedObject = { key, ...written, claimed: false };
          staged.push(object);
          const file = new File([await storage.openBlob(key)], filename, { type: info.mimeType });
          markStaged(file, object);
          slot[1] = file;
        } catch (error) {
          if (error instanceof StorageWriteError && error.reason === 'too_large') {
            fail((limits.files.tooLarge ?? defaultTooLarge)(name, filename, max));
          } else {
            fail(badRequest(`The multipart body could not be read: ${(error as Error).message}`));
          }
        } finally {
          current = undefined;
        }
      });
      // A throw in a service's tooLarge (or anywhere above) still answers the request.
      writing = writing.catch(fail);
    });

    // `on`, not `once`: a destroyed parser may report again (a write after destroy); only the first counts.
    on(parser, 'error', (error: Error) =>
      fail(badRequest(`The multipart body could not be parsed: ${error.message}.`)),
    );
    on(parser, 'close', () => {
      void writing.then(() => {
        if (!failed) resolve(entries);
      });
    });
    source.pipe(parser);
  });
}
