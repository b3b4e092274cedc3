// Builds the container Unreal's CrashReportClient uploads (see
// reference-server/src/areas/crashes/container.ts): zlib over an FCompressedHeader and
// FCompressedCrashFile records, in the current `CR1` layout or the older trailing-header one.
import { deflateSync } from 'node:zlib';

export interface CrashFileInput {
  name: string;
  data: Uint8Array | string;
}

const int32 = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32LE(value);
  return b;
};

/** FString::SerializeAsANSICharArray(Ar, 260): int32 length then the chars, NUL-padded to 260. */
export function ansiString(text: string, minCharacters = 260): Buffer {
  const length = Math.max(text.length, minCharacters);
  const chars = Buffer.alloc(length);
  chars.write(text, 'latin1');
  return Buffer.concat([int32(length), chars]);
}

function header(directory: string, fileName: string, uncompressedSize: number, fileCount: number): Buffer {
  return Buffer.concat([ansiString(directory), ansiString(fileName), int32(uncompressedSize), int32(fileCount)]);
}

/** The uncompressed container. */
export function containerBytes(
  files: CrashFileInput[],
  options: { layout?: 'cr1' | 'legacy'; directory?: string } = {},
): Buffer {
  const directory = options.directory ?? 'UECC-Windows-0123456789ABCDEF';
  const records = files.map((file, index) => {
    const data = typeof file.data === 'string' ? Buffer.from(file.data, 'utf8') : Buffer.from(file.data);
    return Buffer.concat([int32(index), ansiString(file.name), int32(data.length), data]);
  });
  const body = Buffer.concat(records);
  if ((options.layout ?? 'cr1') === 'cr1') {
    const marker = Buffer.from('CR1', 'latin1');
    const size = marker.length + header(directory, '', 0, 0).length + body.length;
    return Buffer.concat([marker, header(directory, `${directory}.uecrash`, size, files.length), body]);
  }
  // The engine's placeholder leaves the sizes uninitialised; the real header follows the files.
  const placeholder = header(directory, `${directory}.ue4crash`, -858993460, -858993460);
  const size = placeholder.length + body.length;
  return Buffer.concat([placeholder, body, header(directory, `${directory}.ue4crash`, size, files.length)]);
}

export function encodeUnrealCrash(
  files: CrashFileInput[],
  options: { layout?: 'cr1' | 'legacy'; directory?: string } = {},
): Buffer {
  return deflateSync(containerBytes(files, options));
}

export function crashContextXml(fields: Record<string, string>): string {
  const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const body = Object.entries(fields)
    .map(([key, value]) => `\t\t<${key}>${escapeXml(value)}</${key}>`)
    .join('\n');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<FGenericCrashContext>\n\t<RuntimeProperties>\n${body}` +
    `\n\t</RuntimeProperties>\n</FGenericCrashContext>\n`
  );
}

/** A minidump-shaped blob: the MDMP signature and some bytes. */
export function fakeMinidump(size = 2048): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0x4d, 0x44, 0x4d, 0x50, 0x93, 0xa7, 0x00, 0x00]);
  for (let i = 8; i < size; i += 1) bytes[i] = (i * 31) % 251;
  return bytes;
}
