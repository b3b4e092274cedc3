// One file over 300 lines: receiving a part and merging a complete group share the group's state (its
// parts, `merge_total`, the clip row the merge fills), which split files would have to pass back and forth.
// Video recorded in parts (docs/api-choices.md#operation-paths, WebGL builds): `video_segments` stores each part and,
// once a group has all `merge_total` parts, one video clip is created and a job merges them:
// byte-concatenation where the parts are continuations of one recording, ffmpeg otherwise.
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Deps } from '../../deps.ts';
import { badRequest, unprocessable } from '../../errors.ts';
import type { Body } from '../../input.ts';
import {
  countAttachments,
  countOpenSegmentGroups,
  deleteBlobRow,
  deleteSegmentsOfAttachment,
  findAttachment,
  findIssueOfAttachment,
  insertAttachment,
  insertBlob,
  insertVideoSegment,
  linkSegmentsToAttachment,
  listSegmentsOfAttachment,
  listVideoSegments,
  markBlobAttached,
  replaceAttachmentBlob,
  setAttachmentBlobId,
  updateVideoState,
} from './repository.ts';
import type { IssueRow } from '../issues/repository.ts';
import { storageFor } from '../../storage/storage.ts';
import { VideoSegmentBody, type VideoSegmentResponse } from '../../../../widget/src/protocol/media.ts';
import type { Caller } from '../projects-auth/caller.ts';
import { uploaderOf } from './direct.ts';
import { KIND_RULES, isAllowedContentType } from './rules.ts';
import { newStorageKey, toAttachmentRecord } from './attachments.ts';
import { sniffContentType, storeBlob } from './upload.ts';
import { probeVideo } from './video-probe.ts';
import {
  DEMUXER_OF_CONTAINER,
  NOT_A_VIDEO_REASON,
  NO_FFMPEG_REASON,
  adoptTranscodedFile,
  findFfmpeg,
  isPlayableAsIs,
  maxVideoSeconds,
  processVideo,
  runFfmpeg,
  storedSource,
  toMp4Name,
  transcodeArgs,
} from './video.ts';

export const MERGE_SEGMENTS_JOB = 'media.merge_video_segments';
const RULES = KIND_RULES.video_clips;

export async function receiveVideoSegment(
  deps: Deps,
  caller: Caller,
  issue: IssueRow,
  body: Body,
): Promise<VideoSegmentResponse> {
  const fields = (
    typeof body.video_segment === 'object' && body.video_segment !== null ? body.video_segment : {}
  ) as Body;
  const missing = ['video', 'position', 'merge_group', 'merge_total'].filter(
    (name) => fields[name] === undefined || fields[name] === '',
  );
  if (missing.length > 0)
    throw badRequest(
      `Missing required parameter${missing.length > 1 ? 's' : ''}: ${missing
        .map((m) => `video_segment[${m}]`)
        .join(', ')}.`,
    );
  const input = VideoSegmentBody.parse(body).video_segment;
  if (!(input.video instanceof Blob))
    throw badRequest('video_segment[video] must be a file in a multipart/form-data body.');
  if (input.position >= input.merge_total)
    throw unprocessable(
      `video_segment[position] must be below merge_total (${input.merge_total}); positions start at 0.`,
    );
  const declared = input.video.type.split(';')[0].trim().toLowerCase();
  // MPEG transport streams (HLS-style parts) are accepted for segments only: they merge by concatenation.
  const accepted = (type: string) =>
    isAllowedContentType(RULES, type) || type.split(';')[0].trim().toLowerCase() === 'video/mp2t';
  const contentType = accepted(declared) ? input.video.type : await sniffContentType(input.video);
  if (!contentType || !accepted(contentType)) {
    throw unprocessable(
      `Content type ${declared || '(none)'} is not allowed for video segments (allowed: ` +
        `${RULES.contentTypes!.join(', ')}).`,
    );
  }

  const group = listVideoSegments(deps.db, issue.id, input.merge_group);
  if (group.some((s) => s.attachment_id !== null))
    throw unprocessable(`The segment group ${input.merge_group} is already complete and merged.`);
  if (group.length > 0 && group[0].merge_total !== input.merge_total)
    throw unprocessable(
      `merge_total ${input.merge_total} differs from the ${group[0].merge_total} of the group's first segment.`,
    );
  const total = group.reduce((sum, s) => sum + s.byte_size, 0) + input.video.size;
  if (total > RULES.maxBytes)
    throw unprocessable(`The merged video would be larger than ${RULES.maxBytes / 1024 / 1024} MB.`);
  if (
    group.length === 0 &&
    countAttachments(deps.db, issue.id, 'video_clip') + countOpenSegmentGroups(deps.db, issue.id) >= RULES.maxCount
  ) {
    throw unprocessable(`This issue already has the maximum of ${RULES.maxCount} video clips.`);
  }

  // A retried part (same position) is answered without storing it twice.
  if (!group.some((s) => s.position === input.position)) {
    const blob = await storeBlob(
      deps,
      issue,
      'video_segment',
      {
        name: input.video instanceof File ? input.video.name : `segment-${input.position}`,
        type: contentType,
        data: input.video,
      },
      contentType,
      false,
    );
    insertVideoSegment(deps.db, {
      issue_id: issue.id,
      merge_group: input.merge_group,
      position: input.position,
      merge_total: input.merge_total,
      blob_id: blob.id,
      user_id: uploaderOf(caller, issue),
      developer_private: input.developer_private ? 1 : 0,
      created_at: deps.clock.now().toISOString(),
    });
  }
  const segments = listVideoSegments(deps.db, issue.id, input.merge_group);
  const complete = segments.length === input.merge_total && segments.every((s) => s.attachment_id === null);
  let clip: VideoSegmentResponse['video_clip'] = null;
  if (complete) {
    const now = deps.clock.now().toISOString();
    const extension = /webm/.test(segments[0].content_type)
      ? 'webm'
      : /mp2t/.test(segments[0].content_type)
        ? 'ts'
        : 'mp4';
    const row = insertAttachment(deps.db, {
      issue_id: issue.id,
      kind: 'video_clip',
      blob_id: null,
      filename: `${input.merge_group}.${extension}`,
      content_type: segments[0].content_type,
      media_size_bytes: segments.reduce((sum, s) => sum + s.byte_size, 0),
      user_id: segments[0].user_id,
      developer_private: segments.some((s) => s.developer_private === 1) ? 1 : 0,
      processing: 1,
      created_at: now,
    });
    linkSegmentsToAttachment(deps.db, issue.id, input.merge_group, row.id);
    deps.jobs.enqueue(MERGE_SEGMENTS_JOB, { attachment_id: row.id });
    clip = toAttachmentRecord(
      deps,
      findAttachment(deps.db, row.id)!,
      issue,
      false,
    ) as VideoSegmentResponse['video_clip'];
  }
  return {
    merge_group: input.merge_group,
    position: input.position,
    merge_total: input.merge_total,
    received: segments.length,
    complete,
    video_clip: clip,
  };
}

const isEbmlHeader = (b: Uint8Array) => b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3;
const isFtyp = (b: Uint8Array) => String.fromCharCode(...b.subarray(4, 8)) === 'ftyp';
const isTransportStream = (b: Uint8Array) => b[0] === 0x47;

/**
 * Parts may be byte-concatenated when they are pieces of one recording: the first starts the
 * container (WebM EBML header, fragmented-MP4 `ftyp`) and the rest continue it (no header of
 * their own), or every part is an MPEG transport stream. Separate recordings need ffmpeg.
 */
export function canConcatenateBytes(heads: Uint8Array[]): boolean {
  if (heads.every(isTransportStream)) return true;
  const [first, ...rest] = heads;
  const starts = (b: Uint8Array) => isEbmlHeader(b) || isFtyp(b);
  return starts(first) && rest.every((b) => !starts(b));
}

/** The merge job. */
export async function mergeSegments(deps: Deps, attachmentId: number): Promise<void> {
  const row = findAttachment(deps.db, attachmentId);
  const issue = findIssueOfAttachment(deps.db, attachmentId);
  const segments = listSegmentsOfAttachment(deps.db, attachmentId);
  if (!row || !issue || !row.processing || segments.length === 0) return;
  const storage = storageFor(deps);
  const heads = await Promise.all(segments.map((s) => storedSource(storage, s.storage_key, s.byte_size).read(0, 12)));
  const now = () => deps.clock.now().toISOString();
  const ffmpeg = findFfmpeg();

  if (canConcatenateBytes(heads)) {
    const key = newStorageKey();
    const written = await storage.writeStream(
      key,
      Readable.from(
        (async function* () {
          for (const s of segments) yield* storage.read(s.storage_key);
        })(),
      ),
    );
    const blob = insertBlob(deps.db, {
      storage_key: key,
      project_id: issue.project_id,
      issue_id: issue.id,
      kind: 'video_clip',
      filename: row.filename ?? 'video',
      content_type: row.content_type,
      byte_size: written.size,
      checksum: written.md5,
      uploaded_at: now(),
      attached_at: now(),
      created_at: now(),
    });
    replaceAttachmentBlob(deps.db, row.id, blob, now());
    await dropSegments(deps, attachmentId, segments);
    if (
      isPlayableAsIs(
        await probeVideo(storedSource(storage, key, written.size)),
        maxVideoSeconds(deps, issue.project_id),
      )
    ) {
      updateVideoState(deps.db, row.id, { processing: false, processed: true, failed: false }, now());
    } else {
      await processVideo(deps, row.id);
    }
    return;
  }
  if (!ffmpeg) {
    // Kept as they are: the clip shows the first part, every part stays stored (documented).
    markBlobAttached(deps.db, segments[0].blob_id, now());
    setAttachmentBlobId(deps.db, row.id, segments[0].blob_id, now());
    updateVideoState(
      deps.db,
      row.id,
      {
        processing: false,
        processed: false,
        failed: true,
        failure_reason: `The ${segments.length} segments are separate recordings and ${NO_FFMPEG_REASON.replace(
          'the video',
          'they',
        )}`,
      },
      now(),
    );
    return;
  }
  // The concat demuxer probes each part itself: only parts whose bytes are a container we convert
  // (or an MPEG-TS) get that far, so a playlist posing as a part is never followed.
  for (const [i, s] of segments.entries()) {
    const { container } = await probeVideo(storedSource(storage, s.storage_key, s.byte_size));
    if (!DEMUXER_OF_CONTAINER[container] && !isTransportStream(heads[i])) {
      const failure_reason = `Segment ${i + 1}: ${NOT_A_VIDEO_REASON}`;
      updateVideoState(deps.db, row.id, { processing: false, processed: false, failed: true, failure_reason }, now());
      return;
    }
  }
  const work = mkdtempSync(join(tmpdir(), 'glitchbox-merge-'));
  try {
    const files: string[] = [];
    for (const [i, s] of segments.entries()) {
      const file = join(work, `part-${i}`);
      await pipeline(storage.read(s.storage_key), createWriteStream(file));
      files.push(file);
    }
    writeFileSync(join(work, 'list.txt'), files.map((f) => `file '${f}'`).join('\n'));
    const output = join(work, 'merged.mp4');
    await runFfmpeg(ffmpeg, [
      '-protocol_whitelist',
      'file',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      join(work, 'list.txt'),
      ...transcodeArgs(output, maxVideoSeconds(deps, issue.project_id)),
    ]);
    await adoptTranscodedFile(deps, row.id, issue.id, issue.project_id, output, toMp4Name(row.filename));
    await dropSegments(deps, attachmentId, segments);
  } catch (error) {
    updateVideoState(
      deps.db,
      row.id,
      {
        processing: false,
        processed: false,
        failed: true,
        failure_reason: `Merging failed: ${error instanceof Error ? error.message : String(error)}`,
      },
      now(),
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function dropSegments(
  deps: Deps,
  attachmentId: number,
  segments: Array<{ blob_id: number; storage_key: string }>,
): Promise<void> {
  deleteSegmentsOfAttachment(deps.db, attachmentId);
  for (const s of segments) {
    deleteBlobRow(deps.db, s.blob_id);
    await storageFor(deps).delete(s.storage_key);
  }
}
