// The durable jobs of the media area (docs/api-choices.md#background-jobs): purge a direct upload never confirmed
// once its blob_signed_id expires, transcode a video clip, merge video segments.
import type { Deps } from '../../deps.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import { deleteBlobRow, findBlobById, isBlobReferenced } from './repository.ts';
import { storageFor } from '../../storage/storage.ts';
import { PURGE_JOB } from './direct.ts';
import { MERGE_SEGMENTS_JOB, mergeSegments } from './segments.ts';
import { PROCESS_VIDEO_JOB, processVideo } from './video.ts';

/** Deletes an unconfirmed upload's bytes and row; a confirmed one is left alone. */
export async function purgeUnconfirmedUpload(deps: Deps, blobId: number): Promise<void> {
  const blob = findBlobById(deps.db, blobId);
  if (!blob || blob.attached_at || isBlobReferenced(deps.db, blob.id)) return;
  if (blob.signed_id_expires_at && blob.signed_id_expires_at > deps.clock.now().toISOString()) return;
  await storageFor(deps).delete(blob.storage_key);
  deleteBlobRow(deps.db, blob.id);
}

/** The media area's job handlers by kind, for the server to register. */
export function mediaJobs(deps: Deps): Record<string, JobHandler> {
  return {
    [PURGE_JOB]: (payload: { blob_id: number }) => purgeUnconfirmedUpload(deps, payload.blob_id),
    [PROCESS_VIDEO_JOB]: (payload: { attachment_id: number }) => processVideo(deps, payload.attachment_id),
    [MERGE_SEGMENTS_JOB]: (payload: { attachment_id: number }) => mergeSegments(deps, payload.attachment_id),
  };
}
