// The crash context Unreal writes beside the minidump (CrashContext.runtime-xml,
// FGenericCrashContext::SerializeAsXML): <FGenericCrashContext><RuntimeProperties> with
// CrashGUID, ErrorMessage, GameName, CallStack, EngineVersion and more. Read with plain
// patterns over bounded text, since only a few leaf elements are needed; never throws.

export const CONTEXT_FILE_NAME = 'CrashContext.runtime-xml';
const FIELDS = [
  'CrashGUID',
  'ErrorMessage',
  'GameName',
  'CrashType',
  'EngineVersion',
  'BuildVersion',
  'BuildConfiguration',
  'PlatformName',
  'PlatformFullName',
  'ExecutableName',
  'CallStack',
  'UserName',
  'Misc.CPUBrand',
  'Misc.PrimaryGPUBrand',
  'MemoryStats.TotalPhysicalGB',
] as const;
export type CrashContextField = (typeof FIELDS)[number];
export type CrashContext = Partial<Record<CrashContextField, string>>;

/** UTF-16 with a BOM (what Unreal writes for non-ANSI text) or UTF-8. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

function decodeEntities(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#\d{1,7}|#x[0-9a-f]{1,6});/gi, (entity, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Math.min(parseInt(lower.slice(2), 16), 0x10ffff));
    if (lower.startsWith('#')) return String.fromCodePoint(Math.min(parseInt(lower.slice(1), 10), 0x10ffff));
    return ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" } as Record<string, string>)[lower] ?? entity;
  });
}

export function parseCrashContext(bytes: Uint8Array): CrashContext {
  const xml = decodeText(bytes.subarray(0, 4 * 1024 * 1024));
  const context: CrashContext = {};
  for (const field of FIELDS) {
    const tag = field.replace('.', '\\.');
    const match = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml);
    const value = match ? decodeEntities(match[1]).trim() : '';
    if (value) context[field] = value;
  }
  return context;
}
