// Media attached to issues: multipart upload, the three-step direct upload, listing, deletion,
// video segments, and the storage and CDN endpoints (docs/api/media.md#direct-upload,
// docs/api-choices.md#operation-paths, docs/api-choices.md#storage-and-media-urls).
import { z } from 'zod';
import { TEXT_LIMITS, tooLong } from './text-limits.ts';
import { FormBoolean, Timestamp, UserRef } from './common.ts';
import { defineOperation } from './operation.ts';
import { paths } from './paths.ts';

export const MEDIA_KINDS = ['screenshots', 'log_files', 'binary_files', 'video_clips'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** The `type` member of an attachment record. */
export const ATTACHMENT_TYPES = ['screenshot', 'log_file', 'binary_file', 'video_clip'] as const;

/** Base64 of a 16-byte MD5 digest, as Content-MD5 carries it. */
export const Md5Base64 = z.string().regex(/^[A-Za-z0-9+/]{22}==$/, 'base64-encoded MD5 digest (24 characters)');

const ByteSize = z
  .union([z.number().int(), z.string().trim().regex(/^\d+$/, 'an integer').transform(Number)], {
    error: 'must be a whole number of bytes',
  })
  .pipe(z.number().int().min(0, 'must not be negative').max(Number.MAX_SAFE_INTEGER));

/** Step 1: what the client declares; the signed headers come back in the answer. */
export const PresignedUploadBody = z.object({
  filename: z.string().trim().min(1, 'must not be blank').max(255),
  byte_size: ByteSize,
  checksum: Md5Base64,
  content_type: z.string().trim().min(1, 'must not be blank').max(255),
  name: z.string().max(255).optional(),
  developer_private: FormBoolean.optional(),
});
export type PresignedUploadBody = z.infer<typeof PresignedUploadBody>;

export const PresignedUploadResponse = z.object({
  direct_upload_url: z.string().url(),
  headers: z.record(z.string(), z.string()),
  blob_signed_id: z.string(),
  blob_id: z.number().int(),
});
export type PresignedUploadResponse = z.infer<typeof PresignedUploadResponse>;

/** Step 3. `name` is write-only; `layer_a_blob_signed_id` attaches a screenshot's annotation layer. */
export const ConfirmUploadBody = z.object({
  blob_signed_id: z.string().min(1),
  name: z.string().max(255).optional(),
  layer_a_blob_signed_id: z.string().min(1).optional(),
  developer_private: FormBoolean.optional(),
});
export type ConfirmUploadBody = z.infer<typeof ConfirmUploadBody>;

/** The created record as raw columns: no URL (docs/api/media.md#direct-upload, step 3). */
export const ConfirmUploadResponse = z.object({
  id: z.number().int(),
  issue_id: z.number().int(),
  media_size_bytes: z.number().int(),
  user_id: z.number().int().nullable(),
  developer_private: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
  /** A screenshot's state as the service's integer column: 1 once stored (docs/api/media.md#direct-upload). */
  status: z.number().int().optional(),
  description: z.string().nullable().optional(),
  processing: z.boolean().optional(),
  processed: z.boolean().optional(),
  failed: z.boolean().optional(),
});
export type ConfirmUploadResponse = z.infer<typeof ConfirmUploadResponse>;

/** Members every attachment kind shares (docs/api/media.md#records-and-visibility). */
export const AttachmentBase = z.object({
  id: z.number().int(),
  type: z.enum(ATTACHMENT_TYPES),
  created_at: Timestamp,
  updated_at: Timestamp,
  media_size_bytes: z.number().int(),
  size_bytes: z.number().int(),
  content_type: z.string(),
  url: z.string().url().nullable(),
  filename: z.string().nullable(),
  developer_private: z.boolean(),
  user: UserRef.nullable(),
});

export const ScreenshotAttachment = AttachmentBase.extend({
  type: z.literal('screenshot'),
  description: z.string().nullable(),
  layer_a_url: z.string().url().nullable(),
  layer_a_filename: z.string().nullable(),
});
export const LogFileAttachment = AttachmentBase.extend({ type: z.literal('log_file') });
export const BinaryFileAttachment = AttachmentBase.extend({ type: z.literal('binary_file') });
export const VideoClipAttachment = AttachmentBase.extend({
  type: z.literal('video_clip'),
  processing: z.boolean(),
  processed: z.boolean(),
  failed: z.boolean(),
});

export const Attachment = z.discriminatedUnion('type', [
  ScreenshotAttachment,
  LogFileAttachment,
  BinaryFileAttachment,
  VideoClipAttachment,
]);
export type Attachment = z.infer<typeof Attachment>;

/** GET …/{media}.json answers a bare array. */
export const MediaList = z.array(Attachment);

/** Multipart bodies, after bracket keys are nested: one of these per kind, the file a Blob. */
// The file key typed as its literal: a computed `string` key would declare an index signature, which the published
// declarations could not extend with `layer_a` or `contents` (TS2411 in a consumer's strict check).
const MediaFields = <F extends 'image' | 'file' | 'video'>(file: F) =>
  z
    .object({
      ...({ [file]: z.unknown().optional() } as { [K in F]: z.ZodOptional<z.ZodUnknown> }),
      name: z.string().optional(),
      developer_private: FormBoolean.optional(),
    })
    .partial();
export const UploadMediaBody = z.object({
  screenshot: MediaFields('image').extend({ layer_a: z.unknown().optional() }).optional(),
  log_file: MediaFields('file')
    .extend({ contents: z.string().max(TEXT_LIMITS.logText, tooLong(TEXT_LIMITS.logText)).optional() })
    .optional(),
  binary_file: MediaFields('file').optional(),
  video_clip: MediaFields('video').optional(),
});

export const VideoSegmentBody = z.object({
  video_segment: z.object({
    video: z.unknown(),
    position: z
      .union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)])
      .pipe(z.number().int().min(0).max(999)),
    merge_group: z.string().trim().min(1).max(128),
    merge_total: z
      .union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)])
      .pipe(z.number().int().min(1).max(1000)),
    developer_private: FormBoolean.optional(),
  }),
});

export const VideoSegmentResponse = z.object({
  merge_group: z.string(),
  position: z.number().int(),
  merge_total: z.number().int(),
  received: z.number().int(),
  complete: z.boolean(),
  video_clip: VideoClipAttachment.nullable(),
});
export type VideoSegmentResponse = z.infer<typeof VideoSegmentResponse>;

/**
 * The multipart upload's answer: the rendered record plus the raw columns the service's clients read from it
 * (`issue_id`; `status` for a screenshot, as confirm_upload answers it).
 */
export const UploadedAttachment = z.intersection(
  Attachment,
  z.object({ issue_id: z.number().int(), status: z.number().int().optional() }),
);
export type UploadedAttachment = z.infer<typeof UploadedAttachment>;

export const mediaOperations = {
  uploadMedia: defineOperation({
    id: 'uploadMedia',
    ...paths.uploadMedia,
    tag: 'Media',
    summary: 'Multipart upload of a screenshot, log file, binary file or video clip.',
    status: 201,
    body: UploadMediaBody,
    response: UploadedAttachment,
  }),
  listMedia: defineOperation({
    id: 'listMedia',
    ...paths.listMedia,
    tag: 'Media',
    summary: "Attachments of one kind, filtered by the caller's visibility (bare array).",
    response: MediaList,
  }),
  deleteMedia: defineOperation({
    id: 'deleteMedia',
    ...paths.deleteMedia,
    tag: 'Media',
    summary: 'Delete an attachment (developer-level access).',
    response: z.object({ success: z.boolean() }),
  }),
  presignedUpload: defineOperation({
    id: 'presignedUpload',
    ...paths.presignedUpload,
    tag: 'Media',
    summary: 'Step 1 of a direct upload: validate and sign.',
    body: PresignedUploadBody,
    response: PresignedUploadResponse,
  }),
  confirmUpload: defineOperation({
    id: 'confirmUpload',
    ...paths.confirmUpload,
    tag: 'Media',
    summary: 'Step 3 of a direct upload: create the attachment from the uploaded blob.',
    status: 201,
    body: ConfirmUploadBody,
    response: ConfirmUploadResponse,
  }),
  uploadVideoSegment: defineOperation({
    id: 'uploadVideoSegment',
    ...paths.uploadVideoSegment,
    tag: 'Media',
    summary: 'One segment of a video recorded in parts (WebGL builds).',
    status: 201,
    body: VideoSegmentBody,
    response: VideoSegmentResponse,
  }),
  storageDirectPut: defineOperation({
    id: 'storageDirectPut',
    ...paths.storageDirectPut,
    tag: 'Storage',
    summary: 'Step 2 of a direct upload: the raw bytes, with the signed headers.',
    public: true,
  }),
  cdnGet: defineOperation({
    id: 'cdnGet',
    ...paths.cdnGet,
    tag: 'Storage',
    summary: 'Unauthenticated media URL; ?download=<name> forces an attachment.',
    public: true,
  }),
} as const;
