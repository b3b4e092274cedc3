// Media attached to issues: multipart upload, the three-step direct upload, listing, deletion,
// video segments, and the storage and CDN endpoints (reference "Direct media upload", decisions §2, §5).
import { defineOperation } from './operation.ts';

export const MEDIA_KINDS = ['screenshots', 'log_files', 'binary_files', 'video_clips'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

const base = '/projects/{project_id}/issues/{issue_id}';

export const mediaOperations = {
  uploadMedia: defineOperation({ id: 'uploadMedia', methods: ['POST'], path: `${base}/{media}`, tag: 'Media', summary: 'Multipart upload of a screenshot, log file, binary file or video clip.', status: 201 }),
  listMedia: defineOperation({ id: 'listMedia', methods: ['GET'], path: `${base}/{media}`, tag: 'Media', summary: 'Attachments of one kind, filtered by the caller\'s visibility (bare array).' }),
  deleteMedia: defineOperation({ id: 'deleteMedia', methods: ['DELETE'], path: `${base}/{media}/{media_id}`, tag: 'Media', summary: 'Delete an attachment (developer-level access).' }),
  presignedUpload: defineOperation({ id: 'presignedUpload', methods: ['POST'], path: `${base}/{media}/presigned_upload`, tag: 'Media', summary: 'Step 1 of a direct upload: validate and sign.' }),
  confirmUpload: defineOperation({ id: 'confirmUpload', methods: ['POST'], path: `${base}/{media}/confirm_upload`, tag: 'Media', summary: 'Step 3 of a direct upload: create the attachment from the uploaded blob.', status: 201 }),
  uploadVideoSegment: defineOperation({ id: 'uploadVideoSegment', methods: ['POST'], path: `${base}/video_segments`, tag: 'Media', summary: 'One segment of a video recorded in parts (WebGL builds).', status: 201 }),
  storageDirectPut: defineOperation({ id: 'storageDirectPut', methods: ['PUT'], path: '/storage/direct/{key}', tag: 'Storage', summary: 'Step 2 of a direct upload: the raw bytes, with the signed headers.', public: true }),
  cdnGet: defineOperation({ id: 'cdnGet', methods: ['GET'], path: '/cdn/{key}', tag: 'Storage', summary: 'Unauthenticated media URL; ?download=<name> forces an attachment.', public: true }),
} as const;
