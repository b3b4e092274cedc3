// What an uploaded file really is: the media types we let a browser show inline (PNG, JPEG, GIF,
// WebP, MP4, WebM, plain text), recognised from the bytes, never from the client's word; the
// type we store for a declared type; and a file name stripped of paths and control characters.

/** Types a browser may show inline when the bytes prove them; everything else is a download. */
export const INLINE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'video/mp4',
  'video/webm',
  'text/plain',
] as const;
export type InlineType = (typeof INLINE_TYPES)[number];

/** How many leading bytes the sniffers look at. */
export const SNIFF_BYTES = 4096;

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const MP4_BRANDS = /^(mp4|iso|avc|M4V|dash|mmp4|MSNV)/;

/**
 * The inline type the bytes are, or null. Magic numbers follow the WHATWG MIME Sniffing
 * standard (https://mimesniff.spec.whatwg.org/#matching-an-image-type-pattern); MP4 is an ISO
 * BMFF `ftyp` box with an mp4/isom brand; WebM is an EBML header naming the `webm` doctype;
 * plain text is UTF-8 (or empty) without control bytes a text file does not hold.
 */
export function sniffInlineType(head: Uint8Array): InlineType | null {
  const b = head;
  if (b.length >= 8 && PNG_SIGNATURE.every((byte, i) => b[i] === byte)) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) return 'image/gif';
  if (b.length >= 14 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 14) === 'WEBPVP') return 'image/webp';
  if (b.length >= 12 && ascii(b, 4, 8) === 'ftyp' && MP4_BRANDS.test(ascii(b, 8, 12))) return 'video/mp4';
  const ebml = b.length >= 4 && EBML_MAGIC.every((byte, i) => b[i] === byte);
  if (ebml && ascii(b, 0, Math.min(b.length, 64)).includes('webm')) return 'video/webm';
  if (isPlainText(b)) return 'text/plain';
  return null;
}

/** UTF-8 with no NUL or other C0 control bytes besides tab, newline, form feed, carriage return and escape. */
function isPlainText(bytes: Uint8Array): boolean {
  for (const byte of bytes) if (byte < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d, 0x1b].includes(byte)) return false;
  // The head may end inside a multi-byte character: drop up to 3 trailing bytes before decoding.
  for (let cut = 0; cut <= Math.min(3, bytes.length); cut += 1) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, bytes.length - cut));
      return true;
    } catch {
      /* try a shorter prefix */
    }
  }
  return false;
}

/** `Image/PNG; charset=x` → `image/png`; null unless it is exactly one `type/subtype` token pair. */
export function parseMediaType(declared: string | null | undefined): string | null {
  const base = (declared ?? '').split(';')[0].trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(base) ? base : null;
}

const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'video/x-m4v': 'video/mp4',
};

/**
 * The content type to store for a declared type and the file's first bytes: a declared inline
 * type stands only when the bytes are that type (else `application/octet-stream`); a malformed
 * or missing type becomes what the bytes show, or `application/octet-stream`; any other
 * well-formed type is kept (it is only ever served as a download).
 */
export function toStoredContentType(declared: string | null | undefined, head: Uint8Array): string {
  const base = parseMediaType(declared);
  const sniffed = sniffInlineType(head);
  if (base === null || base === 'application/octet-stream') {
    return sniffed && sniffed !== 'text/plain' ? sniffed : 'application/octet-stream';
  }
  const canonical = ALIASES[base] ?? base;
  if ((INLINE_TYPES as readonly string[]).includes(canonical)) {
    return sniffed === canonical ? base : 'application/octet-stream';
  }
  return base;
}

/** The inline type a stored object may be shown as: its stored type, when the bytes agree. */
export function inlineTypeOf(storedType: string, head: Uint8Array): InlineType | null {
  const base = parseMediaType(storedType);
  if (base === null) return null;
  const sniffed = sniffInlineType(head);
  return sniffed !== null && sniffed === (ALIASES[base] ?? base) ? sniffed : null;
}

/**
 * A file name without directories, control characters or quotes, at most 255 characters; a
 * name of only dots (`..`) is no name. Empty when nothing is left: callers pick a default.
 */
export function sanitizeFilename(name: string): string {
  const base = name.replace(/\\/g, '/').split('/').pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips control characters from the name on purpose
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return /^\.*$/.test(clean) ? '' : clean.slice(0, 255);
}
