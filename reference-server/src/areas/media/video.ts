// Video clips after upload (docs/api/media.md#video-clips): a multipart upload is
// processed at once when its container is web-compatible and its real duration is within the
// organization's maximum; otherwise a durable job transcodes it with ffmpeg, or marks it failed
// with a reason when ffmpeg is not installed.
import { spawn } from 'node:child_process';
import { accessSync, constants, createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Deps } from '../../deps.ts';
import {
  findAttachment,
  findIssueOfAttachment,
  insertBlob,
  replaceAttachmentBlob,
  updateVideoState,
} from './repository.ts';
import { findOrganization } from '../projects-auth/organizations-repository.ts';
import { findProjectById } from '../projects-auth/repository.ts';
import { storageFor, type Storage } from '../../storage/storage.ts';
import { newStorageKey } from './attachments.ts';
import { isWebCompatible, probeVideo, type ByteSource, type VideoContainer, type VideoProbe } from './video-probe.ts';

export const PROCESS_VIDEO_JOB = 'media.process_video';
export const NO_FFMPEG_REASON =
  'ffmpeg is not installed on this server, so the video could not be converted for web playback; the original ' +
  'file is kept.';

export const NOT_A_VIDEO_REASON =
  'The file is not an MP4, QuickTime, WebM, Matroska or AVI video, so it was not converted; the original file is kept.';

/** The ffmpeg demuxer of each container we convert, chosen from the sniffed bytes (video-probe.ts). */
export const DEMUXER_OF_CONTAINER: Partial<Record<VideoContainer, string>> = {
  mp4: 'mov',
  quicktime: 'mov',
  webm: 'matroska',
  matroska: 'matroska',
  avi: 'avi',
};

/**
 * ffmpeg's options for one uploaded file: the demuxer of its sniffed container is forced, so
 * ffmpeg never guesses (an HLS playlist or concat script is never read as one and no URL inside
 * is followed), and only the `file` protocol may be opened. Null: not a container we convert.
 */
export function videoInputArgs(container: VideoContainer, path: string): string[] | null {
  const demuxer = DEMUXER_OF_CONTAINER[container];
  return demuxer ? ['-protocol_whitelist', 'file', '-f', demuxer, '-i', path] : null;
}

/** The ffmpeg executable on PATH, or null. */
export function findFfmpeg(): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, 'ffmpeg');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      /* next */
    }
  }
  return null;
}

/** The organization's maximum video length in seconds; null means no maximum. */
export function maxVideoSeconds(deps: Pick<Deps, 'db'>, projectId: number): number | null {
  const project = findProjectById(deps.db, projectId);
  return project ? (findOrganization(deps.db, project.organization_id)?.max_video_seconds ?? null) : null;
}

/** Ready for web playback as it is: a web container, and no longer than the maximum. */
export function isPlayableAsIs(probe: VideoProbe, maxSeconds: number | null): boolean {
  if (!isWebCompatible(probe.container)) return false;
  return maxSeconds === null || (probe.durationSeconds !== null && probe.durationSeconds <= maxSeconds + 0.001);
}

/** A stored object read in 256 KB pages, for probing without loading the whole file. */
export function storedSource(storage: Storage, key: string, size: number): ByteSource {
  const PAGE = 256 * 1024;
  const pages = new Map<number, Uint8Array>();
  const page = async (index: number): Promise<Uint8Array> => {
    const cached = pages.get(index);
    if (cached) return cached;
    const chunks: Buffer[] = [];
    for await (const chunk of storage.read(key, { start: index * PAGE, end: Math.min(size, (index + 1) * PAGE) - 1 }))
      chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    if (pages.size > 8) pages.delete(pages.keys().next().value!);
    pages.set(index, bytes);
    return bytes;
  };
  return {
    size,
    async read(offset, length) {
      const end = Math.min(size, offset + length);
      if (offset >= end) return new Uint8Array(0);
      const parts: Uint8Array[] = [];
      for (let p = Math.floor(offset / PAGE); p * PAGE < end; p += 1) {
        const bytes = await page(p);
        parts.push(bytes.subarray(Math.max(0, offset - p * PAGE), Math.min(bytes.length, end - p * PAGE)));
      }
      return parts.length === 1 ? parts[0] : Buffer.concat(parts);
    },
  };
}

/** Runs ffmpeg with arguments; rejects with its last stderr lines on a non-zero exit. */
export function runFfmpeg(ffmpeg: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + String(chunk)).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim()}`)),
    );
  });
}

/** H.264/AAC MP4 with the index up front, trimmed to the maximum length when there is one. */
export function transcodeArgs(output: string, maxSeconds: number | null): string[] {
  return [
    ...(maxSeconds !== null ? ['-t', String(maxSeconds)] : []),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-vf',
    'scale=trunc(iw/2)*2:trunc(ih/2)*2',
    '-c:a',
    'aac',
    '-movflags',
    '+faststart',
    output,
  ];
}

/** Stores a local file as a new blob and points the attachment at it, marked processed. */
export async function adoptTranscodedFile(
  deps: Deps,
  attachmentId: number,
  issueId: number,
  projectId: number,
  file: string,
  filename: string,
): Promise<void> {
  const key = newStorageKey();
  const written = await storageFor(deps).writeStream(key, createReadStream(file));
  const now = deps.clock.now().toISOString();
  deps.db.transaction(() => {
    const blob = insertBlob(deps.db, {
      storage_key: key,
      project_id: projectId,
      issue_id: issueId,
      kind: 'video_clip',
      filename,
      content_type: 'video/mp4',
      byte_size: written.size,
      checksum: written.md5,
      uploaded_at: now,
      attached_at: now,
      created_at: now,
    });
    replaceAttachmentBlob(deps.db, attachmentId, blob, now);
    updateVideoState(deps.db, attachmentId, { processing: false, processed: true, failed: false }, now);
  })();
}

export function toMp4Name(filename: string | null): string {
  return `${(filename ?? 'video').replace(/\.[^.]+$/, '') || 'video'}.mp4`;
}

/** The job: transcode the clip's bytes with ffmpeg, or fail it with the reason. */
export async function processVideo(deps: Deps, attachmentId: number): Promise<void> {
  const row = findAttachment(deps.db, attachmentId);
  if (row?.kind !== 'video_clip' || !row.processing) return;
  const fail = (reason: string) =>
    updateVideoState(
      deps.db,
      row.id,
      { processing: false, processed: false, failed: true, failure_reason: reason },
      deps.clock.now().toISOString(),
    );
  const issue = findIssueOfAttachment(deps.db, row.id);
  const stored = row.storage_key ? await storageFor(deps).stat(row.storage_key) : null;
  if (!issue || !row.storage_key || !stored) return fail('The original file is missing.');
  // Sniffed before ffmpeg is even looked for: a file that is no video container never reaches it.
  const { container } = await probeVideo(storedSource(storageFor(deps), row.storage_key, stored.size));
  if (!DEMUXER_OF_CONTAINER[container]) return fail(NOT_A_VIDEO_REASON);
  const ffmpeg = findFfmpeg();
  if (!ffmpeg) return fail(NO_FFMPEG_REASON);
  const work = mkdtempSync(join(tmpdir(), 'glitchbox-video-'));
  try {
    const input = join(work, 'input');
    await pipeline(storageFor(deps).read(row.storage_key), createWriteStream(input));
    const output = join(work, 'output.mp4');
    const args = transcodeArgs(output, maxVideoSeconds(deps, issue.project_id));
    await runFfmpeg(ffmpeg, [...videoInputArgs(container, input)!, ...args]);
    await adoptTranscodedFile(deps, row.id, issue.id, issue.project_id, output, toMp4Name(row.filename));
  } catch (error) {
    fail(`Transcoding failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
