// What the CDN may serve: the object behind a key whose blob is attached to something and whose
// bytes are in the storage; anything else is 404, so an unconfirmed upload is never served.
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { storageFor } from '../../storage/storage.ts';
import { findServableBlob } from './repository.ts';

export async function findServableObject(deps: Deps, key: string) {
  const blob = findServableBlob(deps.db, key);
  const stored = blob ? await storageFor(deps).stat(blob.storage_key) : null;
  if (!blob || !stored) throw notFound('No such object.');
  return { blob, stored };
}
