// Attachments from files on disk: a disk-backed Blob (fs.openAsBlob), so the outbox streams the file
// and nothing reads it whole; kind and content type guessed from the extension.
import { openAsBlob } from 'node:fs';
import { basename, extname } from 'node:path';
import type { AttachmentKind, ReportAttachmentInput } from '../core/types.ts';

const TYPES: Record<string, [AttachmentKind, string]> = {
  '.png': ['screenshot', 'image/png'],
  '.jpg': ['screenshot', 'image/jpeg'],
  '.jpeg': ['screenshot', 'image/jpeg'],
  '.mp4': ['video_clip', 'video/mp4'],
  '.webm': ['video_clip', 'video/webm'],
  '.mov': ['video_clip', 'video/quicktime'],
  '.avi': ['video_clip', 'video/avi'],
  '.txt': ['log_file', 'text/plain'],
  '.log': ['log_file', 'text/plain'],
  '.csv': ['log_file', 'text/csv'],
  '.json': ['log_file', 'application/json'],
  '.xml': ['log_file', 'application/xml'],
  '.zip': ['log_file', 'application/zip'],
  '.gz': ['log_file', 'application/gzip'],
  '.tar': ['log_file', 'application/x-tar'],
};

export function guessAttachment(path: string): { kind: AttachmentKind; contentType: string } {
  const [kind, contentType] = TYPES[extname(path).toLowerCase()] ?? ['binary_file', 'application/octet-stream'];
  return { kind, contentType };
}

export async function fileAttachment(
  path: string,
  overrides: Partial<Omit<ReportAttachmentInput, 'data'>> = {},
): Promise<ReportAttachmentInput> {
  const guess = guessAttachment(path);
  const contentType = overrides.contentType ?? guess.contentType;
  return {
    kind: guess.kind,
    name: basename(path),
    ...overrides,
    contentType,
    data: await openAsBlob(path, { type: contentType }),
  };
}
