// Reads a video's container and duration from the file itself, never from the client: the MP4
// / QuickTime `mvhd` box (ISO/IEC 14496-12 §8.2.2), WebM / Matroska `Info/Duration`, or, for
// MediaRecorder WebM that has no Duration, the last block timecode across the clusters.
export type VideoContainer = 'mp4' | 'quicktime' | 'webm' | 'matroska' | 'avi' | 'unknown';

export interface VideoProbe {
  container: VideoContainer;
  durationSeconds: number | null;
}

/** Random access to the bytes: an in-memory file or a stored object read page by page. */
export interface ByteSource {
  size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

export function bytesSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.byteLength,
    read: async (offset, length) => bytes.subarray(offset, Math.min(bytes.byteLength, offset + length)),
  };
}

/** A Blob (a multipart part read lazily from storage) read slice by slice. */
export function blobSource(blob: Blob): ByteSource {
  return {
    size: blob.size,
    read: async (offset, length) => new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer()),
  };
}

/** Containers a browser plays as they are ("web-compatible" in docs/api/media.md#video-clips). */
export function isWebCompatible(container: VideoContainer): boolean {
  return container === 'mp4' || container === 'webm';
}

export const CONTENT_TYPE_OF_CONTAINER: Partial<Record<VideoContainer, string>> = {
  mp4: 'video/mp4',
  quicktime: 'video/quicktime',
  webm: 'video/webm',
  matroska: 'video/x-matroska',
  avi: 'video/avi',
};

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
const u32 = (b: Uint8Array, o: number) => ((b[o] << 24) >>> 0) + (b[o + 1] << 16) + (b[o + 2] << 8) + b[o + 3];
const u64 = (b: Uint8Array, o: number) => u32(b, o) * 2 ** 32 + u32(b, o + 4);

export async function probeVideo(source: ByteSource): Promise<VideoProbe> {
  const head = await source.read(0, 12);
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3)
    return probeMatroska(source);
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'AVI ')
    return { container: 'avi', durationSeconds: null };
  if (head.length >= 8 && ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip'].includes(ascii(head, 4, 8)))
    return probeIsoBmff(source);
  return { container: 'unknown', durationSeconds: null };
}

/** Walks boxes from `start` to `end`; answers the first one of `type` as [content start, content end]. */
async function findBox(source: ByteSource, start: number, end: number, type: string): Promise<[number, number] | null> {
  let offset = start;
  while (offset + 8 <= end) {
    const header = await source.read(offset, 16);
    if (header.length < 8) return null;
    let size = u32(header, 0);
    let headerSize = 8;
    if (size === 1) {
      size = u64(header, 8);
      headerSize = 16;
    } else if (size === 0) size = end - offset;
    if (size < headerSize) return null;
    if (ascii(header, 4, 8) === type) return [offset + headerSize, Math.min(end, offset + size)];
    offset += size;
  }
  return null;
}

async function probeIsoBmff(source: ByteSource): Promise<VideoProbe> {
  const ftyp = await findBox(source, 0, source.size, 'ftyp');
  let container: VideoContainer = 'quicktime';
  if (ftyp) {
    const brands = await source.read(ftyp[0], Math.min(64, ftyp[1] - ftyp[0]));
    const major = ascii(brands, 0, 4);
    const compatible = Array.from({ length: Math.max(0, (brands.length - 8) / 4) }, (_, i) =>
      ascii(brands, 8 + i * 4, 12 + i * 4),
    );
    container =
      major === 'qt  ' && !compatible.some((b) => b.startsWith('iso') || b.startsWith('mp4')) ? 'quicktime' : 'mp4';
  }
  const moov = await findBox(source, 0, source.size, 'moov');
  if (!moov) return { container, durationSeconds: null };
  const mvhd = await findBox(source, moov[0], moov[1], 'mvhd');
  let seconds: number | null = null;
  if (mvhd) {
    const box = await source.read(mvhd[0], 32);
    const version = box[0];
    const timescale = version === 1 ? u32(box, 20) : u32(box, 12);
    const duration = version === 1 ? u64(box, 24) : u32(box, 16);
    const unknown = version === 1 ? duration >= 2 ** 64 - 1 : duration === 0xffffffff;
    if (timescale > 0 && duration > 0 && !unknown) seconds = duration / timescale;
  }
  if (seconds === null) {
    // Fragmented MP4 (MediaRecorder): the whole duration may sit in mvex/mehd instead.
    const mvex = await findBox(source, moov[0], moov[1], 'mvex');
    const mehd = mvex ? await findBox(source, mvex[0], mvex[1], 'mehd') : null;
    if (mehd && mvhd) {
      const box = await source.read(mehd[0], 12);
      const header = await source.read(mvhd[0], 24);
      const timescale = header[0] === 1 ? u32(header, 20) : u32(header, 12);
      const duration = box[0] === 1 ? u64(box, 4) : u32(box, 4);
      if (timescale > 0 && duration > 0) seconds = duration / timescale;
    }
  }
  return { container, durationSeconds: seconds };
}

// --- Matroska / WebM (EBML) ---------------------------------------------------------------

const ID = {
  EBML: 0x1a45dfa3,
  DocType: 0x4282,
  Segment: 0x18538067,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  Duration: 0x4489,
  Cluster: 0x1f43b675,
  Timecode: 0xe7,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
  BlockDuration: 0x9b,
};
/** Level-1 elements: one of these ends a Cluster of unknown size. */
const SEGMENT_CHILDREN = new Set([
  0x114d9b74, 0x1549a966, 0x1654ae6b, 0x1f43b675, 0x1c53bb6b, 0x1254c367, 0x1043a770, 0x1941a469,
]);

interface Element {
  id: number;
  dataStart: number;
  dataEnd: number;
  unknownSize: boolean;
}

function vintLength(first: number): number {
  for (let length = 1; length <= 8; length += 1) if (first & (0x80 >> (length - 1))) return length;
  return 0;
}

async function readElement(source: ByteSource, offset: number, limit: number): Promise<Element | null> {
  const bytes = await source.read(offset, 12);
  if (bytes.length < 2) return null;
  const idLength = vintLength(bytes[0]);
  if (idLength === 0 || idLength > 4 || idLength >= bytes.length) return null;
  let id = 0;
  for (let i = 0; i < idLength; i += 1) id = id * 256 + bytes[i];
  const sizeLength = vintLength(bytes[idLength]);
  if (sizeLength === 0 || idLength + sizeLength > bytes.length) return null;
  let size = bytes[idLength] & (0xff >> sizeLength);
  let allOnes = size === 0xff >> sizeLength;
  for (let i = 1; i < sizeLength; i += 1) {
    size = size * 256 + bytes[idLength + i];
    allOnes &&= bytes[idLength + i] === 0xff;
  }
  const dataStart = offset + idLength + sizeLength;
  return { id, dataStart, dataEnd: allOnes ? limit : Math.min(limit, dataStart + size), unknownSize: allOnes };
}

async function readUint(source: ByteSource, element: Element): Promise<number> {
  const bytes = await source.read(element.dataStart, Math.min(8, element.dataEnd - element.dataStart));
  return bytes.reduce((value, byte) => value * 256 + byte, 0);
}

async function probeMatroska(source: ByteSource): Promise<VideoProbe> {
  const header = await readElement(source, 0, source.size);
  if (!header) return { container: 'unknown', durationSeconds: null };
  let container: VideoContainer = 'matroska';
  for (let offset = header.dataStart; offset < header.dataEnd; ) {
    const child = await readElement(source, offset, header.dataEnd);
    if (!child) break;
    if (child.id === ID.DocType)
      container =
        new TextDecoder()
          .decode(await source.read(child.dataStart, child.dataEnd - child.dataStart))
          .replace(/\0+$/, '') === 'webm'
          ? 'webm'
          : 'matroska';
    offset = child.dataEnd;
  }
  const segment = await readElement(source, header.dataEnd, source.size);
  if (!segment || segment.id !== ID.Segment) return { container, durationSeconds: null };

  let scale = 1_000_000;
  let duration: number | null = null;
  let lastTick = -1;
  for (let offset = segment.dataStart; offset < segment.dataEnd; ) {
    const child = await readElement(source, offset, segment.dataEnd);
    if (!child) break;
    if (child.id === ID.Info) {
      for (let o = child.dataStart; o < child.dataEnd; ) {
        const field = await readElement(source, o, child.dataEnd);
        if (!field) break;
        if (field.id === ID.TimecodeScale) scale = (await readUint(source, field)) || scale;
        if (field.id === ID.Duration) {
          const raw = await source.read(field.dataStart, field.dataEnd - field.dataStart);
          const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
          duration = raw.length === 4 ? view.getFloat32(0) : raw.length === 8 ? view.getFloat64(0) : null;
        }
        o = field.dataEnd;
      }
    }
    if (child.id === ID.Cluster && duration === null) {
      const [end, tick] = await scanCluster(source, child);
      lastTick = Math.max(lastTick, tick);
      offset = end;
      continue;
    }
    offset = child.dataEnd;
  }
  if (duration !== null && duration > 0) return { container, durationSeconds: (duration * scale) / 1e9 };
  return { container, durationSeconds: lastTick >= 0 ? (lastTick * scale) / 1e9 : null };
}

/** The end of a cluster and its latest block time in ticks (cluster timecode + block offset + duration). */
async function scanCluster(source: ByteSource, cluster: Element): Promise<[number, number]> {
  let base = 0;
  let latest = -1;
  let offset = cluster.dataStart;
  while (offset < cluster.dataEnd) {
    const child = await readElement(source, offset, cluster.dataEnd);
    if (!child) return [cluster.dataEnd, latest];
    if (cluster.unknownSize && SEGMENT_CHILDREN.has(child.id)) return [offset, latest];
    if (child.id === ID.Timecode) base = await readUint(source, child);
    if (child.id === ID.SimpleBlock) latest = Math.max(latest, base + (await blockOffset(source, child.dataStart)));
    if (child.id === ID.BlockGroup) {
      let blockTick = -1;
      let blockDuration = 0;
      for (let o = child.dataStart; o < child.dataEnd; ) {
        const part = await readElement(source, o, child.dataEnd);
        if (!part) break;
        if (part.id === ID.Block) blockTick = base + (await blockOffset(source, part.dataStart));
        if (part.id === ID.BlockDuration) blockDuration = await readUint(source, part);
        o = part.dataEnd;
      }
      if (blockTick >= 0) latest = Math.max(latest, blockTick + blockDuration);
    }
    offset = child.dataEnd;
  }
  return [offset, latest];
}

/** A block starts with its track number (a vint) and a signed 16-bit offset from the cluster time. */
async function blockOffset(source: ByteSource, start: number): Promise<number> {
  const bytes = await source.read(start, 11);
  const trackLength = vintLength(bytes[0]);
  if (trackLength === 0 || trackLength + 2 > bytes.length) return 0;
  return new DataView(bytes.buffer, bytes.byteOffset + trackLength, 2).getInt16(0);
}
