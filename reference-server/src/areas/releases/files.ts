// Release attachments' bytes: written to the media storage (storage/storage.ts) before the
// database rows that point at them, and removed from it once their rows are gone.
import { RELEASE_LIMITS } from '../../../../widget/src/protocol/releases.ts';
import type { Deps } from '../../deps.ts';
import { unprocessable } from '../../errors.ts';
import { sanitizeFilename, toStoredContentType } from '../../storage/content-sniff.ts';
import { headOf, storeFile } from '../../storage/staged-files.ts';
import { storageFor } from '../../storage/storage.ts';
import { StorageWriteError } from '../../storage/write-error.ts';

export interface StoredFile {
  storage_key: string;
  filename: string;
  content_type: string;
  byte_size: number;
  checksum: string;
}

/** Stores each file; on any failure the ones already stored are removed and the error is a 422. */
export async function storeReleaseFiles(deps: Pick<Deps, 'config'>, files: File[]): Promise<StoredFile[]> {
  const storage = storageFor(deps);
  const stored: StoredFile[] = [];
  try {
    for (const [index, file] of files.entries()) {
      if (file.size > RELEASE_LIMITS.attachmentBytes) {
        throw unprocessable(
          `release.attachments.${index}: ${file.name || 'the file'} is larger than ` +
            `${RELEASE_LIMITS.attachmentBytes / 1024 / 1024} MB.`,
        );
      }
      const head = await headOf(file);
      const written = await storeFile(storage, file, { maxBytes: RELEASE_LIMITS.attachmentBytes });
      stored.push({
        storage_key: written.key,
        filename: sanitizeFilename(file.name) || `attachment-${index + 1}`,
        content_type: toStoredContentType(file.type, head),
        byte_size: written.size,
        checksum: written.md5,
      });
    }
    return stored;
  } catch (error) {
    await deleteStoredFiles(
      deps,
      stored.map((file) => file.storage_key),
    );
    if (error instanceof StorageWriteError) throw unprocessable(`release.attachments: ${error.message}`);
    throw error;
  }
}

export async function deleteStoredFiles(deps: Pick<Deps, 'config'>, keys: string[]): Promise<void> {
  const storage = storageFor(deps);
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
}
