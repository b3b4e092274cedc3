// Multipart uploads (docs/api-choices.md#operation-paths): screenshot[image] (+ screenshot[layer_a]), log_file[file] or
// the inline log_file[contents], binary_file[file], video_clip[video], each with [name] and
// [developer_private]. Same type, size and count rules as the direct upload.
import type { Deps } from '../../deps.ts';
import { badRequest, unprocessable } from '../../errors.ts';
import type { Body } from '../../input.ts';
import { deleteBlobRow, insertAttachment, insertBlob, type BlobRow } from './repository.ts';
import type { IssueRow } from '../issues/repository.ts';
import { toStoredContentType } from '../../storage/content-sniff.ts';
import { headOf, storeFile } from '../../storage/staged-files.ts';
import { storageFor } from '../../storage/storage.ts';
import { FormBoolean } from '../../../../widget/src/protocol/common.ts';
import type { MediaKind } from '../../../../widget/src/protocol/media.ts';
import type { Caller } from '../projects-auth/caller.ts';
import { assertUnderCountCap, uploaderOf } from './direct.ts';
import {
  KIND_RULES,
  baseContentType,
  describeAllowed,
  isAllowedContentType,
  sanitizeFilename,
  type KindRules,
} from './rules.ts';
import { describeScreenshot } from './attachments.ts';
import { CONTENT_TYPE_OF_CONTAINER, blobSource, probeVideo } from './video-probe.ts';
import { PROCESS_VIDEO_JOB, isPlayableAsIs, maxVideoSeconds } from './video.ts';

/** An uploaded file: a multipart part (read lazily from storage) or text sent inline. */
export interface UploadedFile {
  name: string;
  type: string;
  data: Blob;
}

/** The type the bytes show: PNG and JPEG magic numbers, video containers; null when unsure. */
export async function sniffContentType(data: Blob): Promise<string | null> {
  const bytes = await headOf(data);
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const probe = await probeVideo(blobSource(data));
  return CONTENT_TYPE_OF_CONTAINER[probe.container] ?? null;
}

/** The declared type when allowed; else what the bytes are, if that is allowed; else 422. */
async function resolveContentType(rules: KindRules, media: MediaKind, file: UploadedFile): Promise<string> {
  const declared = baseContentType(file.type);
  if (declared && declared !== 'application/octet-stream' && isAllowedContentType(rules, declared))
    return file.type.trim();
  const sniffed = await sniffContentType(file.data);
  if (sniffed && isAllowedContentType(rules, sniffed)) return sniffed;
  if (isAllowedContentType(rules, declared || 'application/octet-stream'))
    return declared || 'application/octet-stream';
  throw unprocessable(
    `Content type ${declared || '(none)'} is not allowed for ${media.replace('_', ' ')} (allowed: ` +
      `${describeAllowed(rules)}).`,
  );
}

async function toUploadedFile(value: unknown): Promise<UploadedFile | null> {
  if (!(value instanceof Blob)) return null;
  return { name: value instanceof File ? value.name : '', type: value.type, data: value };
}

/** The kind's cap on each file part while the body streams: the same 422 as a file found too large after. */
export function uploadFileLimits(media: MediaKind) {
  const max = KIND_RULES[media].maxBytes;
  return { maxBytes: () => max, tooLarge: () => tooLarge(media) };
}

const tooLarge = (media: MediaKind) =>
  unprocessable(
    `The file is too large: ${media.replace('_', ' ')} may be at most ${KIND_RULES[media].maxBytes / 1024 / 1024} MB.`,
  );

/** Stores the bytes as an attached blob of the issue. */
export async function storeBlob(
  deps: Deps,
  issue: IssueRow,
  kind: BlobRow['kind'],
  file: UploadedFile,
  contentType: string,
  attached: boolean,
): Promise<BlobRow> {
  const written = await storeFile(storageFor(deps), file.data);
  const key = written.key;
  const now = deps.clock.now().toISOString();
  return insertBlob(deps.db, {
    storage_key: key,
    project_id: issue.project_id,
    issue_id: issue.id,
    kind,
    filename: sanitizeFilename(file.name) || 'file',
    content_type: contentType,
    byte_size: written.size,
    checksum: written.md5,
    uploaded_at: now,
    attached_at: attached ? now : null,
    created_at: now,
  });
}

/** Reads the kind's file field; a log file may come inline as `log_file[contents]`. */
async function readFileParam(rules: KindRules, media: MediaKind, fields: Body): Promise<UploadedFile> {
  const name = typeof fields.name === 'string' ? fields.name.trim() : '';
  const file = await toUploadedFile(fields[rules.fileField]);
  if (file) return name ? { ...file, name } : file;
  const inline = media === 'log_files' ? (fields.contents ?? fields.file) : undefined;
  if (typeof inline === 'string') return { name: name || 'log.txt', type: 'text/plain', data: new Blob([inline]) };
  const wanted = media === 'log_files' ? 'log_file[file] or log_file[contents]' : `${rules.param}[${rules.fileField}]`;
  throw badRequest(`Missing required parameter: ${wanted} (a file in a multipart/form-data body).`);
}

/** POST …/{media}: validates, stores and attaches one file; answers the attachment row id. */
export async function uploadMultipart(
  deps: Deps,
  caller: Caller,
  issue: IssueRow,
  media: MediaKind,
  body: Body,
): Promise<number> {
  const rules = KIND_RULES[media];
  const fields = body[rules.param];
  if (typeof fields !== 'object' || fields === null || fields instanceof Blob) {
    throw badRequest(
      `Missing required parameter: ${rules.param}[${media === 'log_files' ? 'file' : rules.fileField}].`,
    );
  }
  const params = fields as Body;
  const file = await readFileParam(rules, media, params);
  if (file.data.size > rules.maxBytes) throw tooLarge(media);
  const contentType = await resolveContentType(rules, media, file);
  // A screenshot is shown inline: its bytes must be the image it claims to be.
  const storedType = toStoredContentType(contentType, await headOf(file.data));
  if (rules.kind === 'screenshot' && storedType === 'application/octet-stream') {
    throw unprocessable(`screenshot[image] is not the ${baseContentType(contentType)} image it is declared as.`);
  }
  const privateFlag =
    params.developer_private === undefined
      ? { success: true as const, data: false }
      : FormBoolean.safeParse(params.developer_private);
  if (!privateFlag.success) throw unprocessable(`${rules.param}[developer_private] must be 1, 0, true or false.`);
  assertUnderCountCap(deps, issue, media);

  let layer: UploadedFile | null = null;
  if (media === 'screenshots' && params.layer_a !== undefined && params.layer_a !== '') {
    layer = await toUploadedFile(params.layer_a);
    if (!layer) throw badRequest('screenshot[layer_a] must be a file (a PNG with transparency).');
    if ((await sniffContentType(layer.data)) !== 'image/png')
      throw unprocessable('screenshot[layer_a] must be a PNG image.');
    if (layer.data.size > rules.maxBytes)
      throw unprocessable(`The annotation layer is too large: at most ${rules.maxBytes / 1024 / 1024} MB.`);
  }

  let playable = true;
  if (rules.kind === 'video_clip')
    playable = isPlayableAsIs(await probeVideo(blobSource(file.data)), maxVideoSeconds(deps, issue.project_id));

  const blob = await storeBlob(deps, issue, rules.kind, file, contentType, true);
  const layerBlob = layer ? await storeBlob(deps, issue, 'screenshot', layer, 'image/png', true) : null;
  try {
    // Checked again with no await before the insert: parallel uploads cannot pass the cap together.
    assertUnderCountCap(deps, issue, media);
  } catch (error) {
    for (const b of [blob, layerBlob])
      if (b) {
        deleteBlobRow(deps.db, b.id);
        await storageFor(deps).delete(b.storage_key);
      }
    throw error;
  }
  const now = deps.clock.now().toISOString();
  const row = insertAttachment(deps.db, {
    issue_id: issue.id,
    kind: rules.kind,
    blob_id: blob.id,
    source_blob_id: blob.id,
    layer_a_blob_id: layerBlob?.id ?? null,
    filename: blob.filename,
    content_type: contentType,
    // An annotated screenshot's size is its image plus its layer, as the service reports it.
    media_size_bytes: blob.byte_size + (layerBlob?.byte_size ?? 0),
    user_id: uploaderOf(caller, issue),
    developer_private: privateFlag.data ? 1 : 0,
    created_at: now,
    description: rules.kind === 'screenshot' ? describeScreenshot(issue) : null,
    status: rules.kind === 'screenshot' ? 'ready' : null,
    processed: rules.kind === 'video_clip' && playable ? 1 : 0,
    processing: rules.kind === 'video_clip' && !playable ? 1 : 0,
  });
  if (!playable) deps.jobs.enqueue(PROCESS_VIDEO_JOB, { attachment_id: row.id });
  return row.id;
}
