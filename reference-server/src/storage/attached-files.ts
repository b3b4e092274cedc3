// Files sent with a feature request (`feature_request[files][]`) or a ticket (`ticket[attachments][]`): the caps,
// writing each to the media storage before the rows that point at it (attached-files-repository.ts), and removing
// them again when the rows are not written. Both areas share it, so their refusals read the same.
import type { Deps } from '../deps.ts';
import { unprocessable, type ServiceError } from '../errors.ts';
import { sanitizeFilename, toStoredContentType } from './content-sniff.ts';
import { headOf, storeFile } from './staged-files.ts';
import { storageFor } from './storage.ts';
import { StorageWriteError } from './write-error.ts';

/** Our caps (docs/api/submissions.md, Files): 10 files per request, 20 MB each, 50 MB per request body. */
const MB = 1024 * 1024;
export const MAX_FILES_PER_REQUEST = 10;
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_UPLOAD_BODY_BYTES = 50 * 1024 * 1024;

const fieldOf = (field: string | undefined) => (field ?? 'file').replace(/\[\]$/, '');

/**
 * The per-file cap and the file count while a multipart body streams: 422 naming the field, as
 * checkUploads does. The 11th file part is refused before a byte of it is written.
 */
export const UPLOAD_FILE_LIMITS = {
  maxBytes: () => MAX_FILE_BYTES,
  tooLarge: (field: string | undefined, filename: string): ServiceError =>
    unprocessable(`${fieldOf(field)}: ${filename || 'a file'} is larger than ${MAX_FILE_BYTES / MB} MB.`),
  maxFiles: MAX_FILES_PER_REQUEST,
  tooMany: (field: string | undefined): ServiceError =>
    unprocessable(`${fieldOf(field)}: at most ${MAX_FILES_PER_REQUEST} files per request.`),
};

export interface StoredUpload {
  storage_key: string;
  filename: string;
  content_type: string;
  size_bytes: number;
}

export function asFileList(value: File | File[] | undefined): File[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** 422 naming the field when there are too many files or one is too large or empty. */
export function checkUploads(field: string, files: File[]): void {
  if (files.length > MAX_FILES_PER_REQUEST)
    throw unprocessable(`${field}: at most ${MAX_FILES_PER_REQUEST} files per request.`);
  for (const file of files) {
    if (file.size > MAX_FILE_BYTES)
      throw unprocessable(`${field}: ${file.name || 'a file'} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB.`);
    if (file.size === 0) throw unprocessable(`${field}: ${file.name || 'a file'} is empty.`);
  }
}

/** Writes every file to storage; on a failure the ones already written are removed. */
export async function storeUploads(deps: Pick<Deps, 'config'>, field: string, files: File[]): Promise<StoredUpload[]> {
  checkUploads(field, files);
  const storage = storageFor(deps);
  const stored: StoredUpload[] = [];
  try {
    for (const file of files) {
      const head = await headOf(file);
      const written = await storeFile(storage, file, { maxBytes: MAX_FILE_BYTES });
      stored.push({
        storage_key: written.key,
        filename: sanitizeFilename(file.name) || 'file',
        content_type: toStoredContentType(file.type, head),
        size_bytes: written.size,
      });
    }
    return stored;
  } catch (error) {
    await discardUploads(
      deps,
      stored.map((s) => s.storage_key),
    );
    if (error instanceof StorageWriteError) throw unprocessable(`${field}: ${error.message}`);
    throw error;
  }
}

export async function discardUploads(deps: Pick<Deps, 'config'>, keys: string[]): Promise<void> {
  const storage = storageFor(deps);
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
}

/** Runs the database write; if it throws, the files stored for it are removed before rethrowing. */
export async function withStoredUploads<T>(
  deps: Pick<Deps, 'config'>,
  stored: StoredUpload[],
  write: () => T,
): Promise<T> {
  try {
    return write();
  } catch (error) {
    await discardUploads(
      deps,
      stored.map((s) => s.storage_key),
    );
    throw error;
  }
}

/** The coarse `file_type` of a ticket attachment. */
export function fileTypeOf(contentType: string): 'image' | 'video' | 'audio' | 'text' | 'other' {
  const major = contentType.split('/')[0];
  if (major === 'image' || major === 'video' || major === 'audio' || major === 'text') return major;
  if (['application/json', 'application/xml', 'application/x-ndjson'].includes(contentType)) return 'text';
  return 'other';
}
