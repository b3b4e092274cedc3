// Reads the container Unreal's CrashReportClient uploads to a data router URL
// (FCrashUploadToDataRouter::CompressAndSendData): one zlib stream holding an FCompressedHeader
// {string directory, string file name, int32 uncompressed size, int32 file count} and per file an
// FCompressedCrashFile {int32 index, string name, int32 size, bytes}. Strings are int32 length +
// ANSI chars, NUL-padded to 260 (FString::SerializeAsANSICharArray); integers little-endian.
// Two layouts exist: current engines start with the marker `CR1` and a valid header; older ones
// wrote a placeholder header first and the real one after the last file. Every malformed input
// is a ServiceError: 400 when the zlib stream cannot be inflated, 422 when the container inside
// is inconsistent or truncated.
import { promisify } from 'node:util';
import { inflate as inflateCallback } from 'node:zlib';
import { badRequest, payloadTooLarge, unprocessable } from '../../errors.ts';

export const MAX_UNCOMPRESSED_BYTES = 256 * 1024 * 1024;
export const MAX_CRASH_FILES = 100;
const MAX_STRING_BYTES = 64 * 1024;

export interface CrashFile {
  index: number;
  name: string;
  bytes: Uint8Array;
}
export interface UnrealCrash {
  directoryName: string;
  fileName: string;
  files: CrashFile[];
}

class Reader {
  offset = 0;
  constructor(private readonly buffer: Buffer) {}
  get remaining(): number {
    return this.buffer.length - this.offset;
  }

  int32(what: string): number {
    if (this.remaining < 4) throw unprocessable(`The crash report is truncated: ${what} is missing.`);
    const value = this.buffer.readInt32LE(this.offset);
    this.offset += 4;
    return value;
  }

  bytes(length: number, what: string): Buffer {
    if (length < 0) throw unprocessable(`The crash report is malformed: ${what} has a negative length.`);
    if (length > this.remaining)
      throw unprocessable(
        `The crash report is truncated: ${what} declares ${length} bytes but only ${this.remaining} remain.`,
      );
    const slice = this.buffer.subarray(this.offset, this.offset + length);
    this.offset += length;
    return slice;
  }

  /** An ANSI string; the NUL padding is dropped. */
  string(what: string): string {
    const length = this.int32(`the length of ${what}`);
    if (length > MAX_STRING_BYTES)
      throw unprocessable(`The crash report is malformed: ${what} is ${length} bytes long.`);
    return this.bytes(length, what).toString('latin1').replace(/\0.*$/s, '');
  }
}

const inflateAsync = promisify(inflateCallback);

/**
 * Inflates at once (docs/security.md#caps-and-limits): each may hold up to MAX_UNCOMPRESSED_BYTES, so eight crash
 * containers at once would otherwise hold eight times that. The others wait their turn, in order.
 */
export const MAX_CONCURRENT_INFLATES = 2;
let inflating = 0;
const waiting: Array<() => void> = [];

/** How many reports are inflating now (read by the test that holds the bound). */
export const inflatesInFlight = () => inflating;

async function inflateSlot(): Promise<() => void> {
  if (inflating >= MAX_CONCURRENT_INFLATES) await new Promise<void>((resolve) => waiting.push(resolve));
  inflating += 1;
  return () => {
    inflating -= 1;
    waiting.shift()?.();
  };
}

/** Inflates on libuv's thread pool, never on the event loop; the output stops at maxBytes (a zip bomb is 413). */
async function inflate(compressed: Uint8Array, maxBytes: number): Promise<Buffer> {
  if (compressed.byteLength === 0) throw badRequest('The crash report body is empty.');
  const release = await inflateSlot();
  try {
    return await inflateAsync(compressed, { maxOutputLength: maxBytes });
  } catch (error) {
    if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw payloadTooLarge(`The crash report inflates to more than ${maxBytes} bytes.`);
    }
    throw badRequest(
      `The crash report is not a zlib stream the CrashReportClient would send (${(error as Error).message}).`,
    );
  } finally {
    release();
  }
}

function readHeader(reader: Reader, which: string) {
  return {
    directoryName: reader.string(`the ${which} header's directory name`),
    fileName: reader.string(`the ${which} header's file name`),
    uncompressedSize: reader.int32(`the ${which} header's uncompressed size`),
    fileCount: reader.int32(`the ${which} header's file count`),
  };
}

function readFiles(reader: Reader, count: number): CrashFile[] {
  const files: CrashFile[] = [];
  for (let i = 0; i < count; i += 1) {
    const index = reader.int32(`the index of file ${i + 1}`);
    const name = reader.string(`the name of file ${i + 1}`);
    const size = reader.int32(`the size of file ${i + 1} (${name})`);
    const bytes = reader.bytes(size, `file ${i + 1} (${name})`);
    files.push({ index, name: name.split(/[\\/]/).pop() ?? name, bytes: new Uint8Array(bytes) });
  }
  return files;
}

function assertFileCount(count: number): void {
  if (count < 0 || count > MAX_CRASH_FILES)
    throw unprocessable(`The crash report is malformed: it declares ${count} files (at most ${MAX_CRASH_FILES}).`);
}

export const CR1_MARKER = Buffer.from('CR1', 'latin1');

export async function parseUnrealCrash(
  compressed: Uint8Array,
  options: { maxUncompressedBytes?: number } = {},
): Promise<UnrealCrash> {
  const data = await inflate(compressed, options.maxUncompressedBytes ?? MAX_UNCOMPRESSED_BYTES);
  if (data.length < 8) throw unprocessable('The crash report is truncated: it is too short to hold a header.');
  const reader = new Reader(data);
  if (data.subarray(0, 3).equals(CR1_MARKER)) {
    reader.offset = 3;
    const header = readHeader(reader, 'leading');
    assertFileCount(header.fileCount);
    const files = readFiles(reader, header.fileCount);
    if (reader.remaining !== 0)
      throw unprocessable(`The crash report is malformed: ${reader.remaining} bytes follow its last file.`);
    return { directoryName: header.directoryName, fileName: header.fileName, files };
  }
  // Older layout: the leading header is a placeholder written before the sizes were known; the
  // trailing one, whose file count ends the stream, is the real one.
  const fileCount = data.readInt32LE(data.length - 4);
  assertFileCount(fileCount);
  readHeader(reader, 'leading');
  const files = readFiles(reader, fileCount);
  const header = readHeader(reader, 'trailing');
  // Ending exactly here means the trailing header's file count is the one read above.
  if (reader.remaining !== 0)
    throw unprocessable(`The crash report is malformed: ${reader.remaining} bytes follow its trailing header.`);
  return { directoryName: header.directoryName, fileName: header.fileName, files };
}
