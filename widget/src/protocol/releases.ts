// Releases: docs/api/releases.md and its state table, docs/api-choices.md#operation-paths paths.
// Wire shapes of the release object, its write bodies (JSON form; form and multipart bodies are
// nested to the same shape first) and the download-info answer.
import { z } from 'zod';
import { FormBoolean, Timestamp } from './common.ts';
import { defineOperation } from './operation.ts';
import { paths } from './paths.ts';

export const RELEASE_STATUSES = ['draft', 'published', 'archived'] as const;
export const ReleaseStatus = z.enum(RELEASE_STATUSES);

/** Length limits of release fields (our choice, docs/api/releases.md#visibility-downloads-and-limits). */
export const RELEASE_LIMITS = {
  label: 200,
  summary: 1_000,
  description: 20_000,
  platform: 50,
  url: 2_000,
  links: 20,
  attachments: 20,
  attachmentBytes: 50 * 1024 * 1024,
} as const;

export const DownloadLink = z.object({
  id: z.number().int(),
  platform: z.string(),
  url: z.string(),
  link_enabled: z.boolean(),
});
export type DownloadLink = z.infer<typeof DownloadLink>;

/** docs/api/releases.md#the-release-object; `active` is true exactly when the status is `published`. */
export const Release = z.object({
  id: z.string().regex(/^rel-\d+$/),
  label: z.string(),
  summary: z.string(),
  description: z.string(),
  status: ReleaseStatus,
  active: z.boolean(),
  release_type: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
  download_links: z.array(DownloadLink),
  attachments_count: z.number().int(),
});
export type Release = z.infer<typeof Release>;

/**
 * Rails-style nested arrays as the form decoder leaves them: `links[][platform]=a&links[][url]=b`
 * arrives as [{platform}, {url}] (merged here into one record until a key repeats), and
 * `links[0][platform]` arrives as an object keyed by index.
 */
export function toRecordList(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return value === '' ? [] : value;
  const items = Array.isArray(value)
    ? value
    : typeof value === 'object' && Object.keys(value).every((key) => /^\d+$/.test(key))
      ? Object.keys(value)
          .sort((a, b) => Number(a) - Number(b))
          .map((key) => (value as Record<string, unknown>)[key])
      : [value];
  const merged: unknown[] = [];
  for (const item of items) {
    const last = merged[merged.length - 1] as Record<string, unknown> | undefined;
    const isRecord = typeof item === 'object' && item !== null && !Array.isArray(item);
    // The form decoder makes one single-key record per `[][key]` entry; JSON records stay whole.
    const single = isRecord && Object.keys(item).length === 1;
    if (single && last && typeof last === 'object' && !Array.isArray(last) && !(Object.keys(item)[0] in last)) {
      Object.assign(last, item);
    } else merged.push(isRecord ? { ...(item as object) } : item);
  }
  return merged;
}

const Platform = z.string().trim().min(1, 'must not be blank').max(RELEASE_LIMITS.platform);
const LinkUrl = z
  .string()
  .trim()
  .max(RELEASE_LIMITS.url)
  .regex(/^https?:\/\/\S+$/, 'must be an http or https URL');
const LinkId = z.union([z.number().int().positive(), z.string().regex(/^\d+$/).transform(Number)]);

export const DownloadLinkCreate = z.object({
  platform: Platform,
  url: LinkUrl,
  link_enabled: FormBoolean.default(true),
});

export const DownloadLinkUpdate = z.object({
  id: LinkId.optional(),
  platform: Platform.optional(),
  url: LinkUrl.optional(),
  link_enabled: FormBoolean.optional(),
  _destroy: FormBoolean.optional(),
});

/** A multipart file part (the server hands parts to the schema as Blob/File objects). */
export const UploadedFile = z.custom<File>(
  (value) => typeof Blob !== 'undefined' && value instanceof Blob,
  'must be a file (multipart upload)',
);
const Files = z.preprocess(
  (v) => (v === undefined || Array.isArray(v) ? v : [v]),
  z.array(UploadedFile).max(RELEASE_LIMITS.attachments),
);
const Label = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
  .trim()
  .min(1, 'must not be blank')
  .max(RELEASE_LIMITS.label, `must be at most ${RELEASE_LIMITS.label} characters`);

/** Optional texts: a 422 names the limit passed. */
const Summary = z.string().max(RELEASE_LIMITS.summary, `must be at most ${RELEASE_LIMITS.summary} characters`);
const Description = z
  .string()
  .max(RELEASE_LIMITS.description, `must be at most ${RELEASE_LIMITS.description} characters`);

export const ReleaseCreateBody = z.object({
  release: z.object(
    {
      label: Label,
      summary: Summary.optional(),
      description: Description.optional(),
      send_images_separately: FormBoolean.optional(),
      attachments: Files.optional(),
      download_links_attributes: z
        .preprocess(toRecordList, z.array(DownloadLinkCreate).max(RELEASE_LIMITS.links))
        .optional(),
      save_draft: FormBoolean.optional(),
    },
    { error: (issue) => (issue.input === undefined ? 'is required' : 'must be an object') },
  ),
  save_draft: FormBoolean.optional(),
});
export type ReleaseCreateBody = z.infer<typeof ReleaseCreateBody>;

const IdList = z.preprocess(
  (v) => (v === undefined || Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').filter(Boolean) : [v]),
  z.array(LinkId).max(100),
);

export const ReleaseUpdateBody = z.object({
  release: z.object(
    {
      label: Label.optional(),
      summary: Summary.optional(),
      description: Description.optional(),
      send_images_separately: FormBoolean.optional(),
      attachments: Files.optional(),
      remove_attachments: IdList.optional(),
      download_links_attributes: z
        .preprocess(toRecordList, z.array(DownloadLinkUpdate).max(RELEASE_LIMITS.links))
        .optional(),
    },
    { error: (issue) => (issue.input === undefined ? 'is required' : 'must be an object') },
  ),
});
export type ReleaseUpdateBody = z.infer<typeof ReleaseUpdateBody>;

/** An empty query value (`?sort=`) is the parameter left out: its default applies. */
const blankIsDefault = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);

export const ReleaseListQuery = z.object({
  sort: blankIsDefault(z.enum(['asc', 'desc']).default('asc')),
  // The one form boolean (docs/api-choices.md#form-booleans), in the query as in a body.
  show_drafts: blankIsDefault(FormBoolean.default(false)),
  show_archived: blankIsDefault(FormBoolean.default(false)),
});

export const ReleaseDownloadQuery = z.object({
  platform: blankIsDefault(z.string().trim().min(1, 'must not be blank').max(RELEASE_LIMITS.platform).optional()),
});

export const ReleaseDownloadInfo = z.object({
  available_platforms: z.array(z.object({ platform: z.string(), download_count: z.number().int() })),
});

export const ReleaseDeleteResponse = z.object({ success: z.boolean(), message: z.string() });

export const releaseOperations = {
  listReleases: defineOperation({
    id: 'listReleases',
    ...paths.listReleases,
    tag: 'Releases',
    summary: 'Published releases by default; show_drafts, show_archived, sort.',
    query: ReleaseListQuery,
    response: z.array(Release),
  }),
  createRelease: defineOperation({
    id: 'createRelease',
    ...paths.createRelease,
    tag: 'Releases',
    summary: 'Create a release, published unless save_draft.',
    status: 201,
    body: ReleaseCreateBody,
    response: Release,
  }),
  showRelease: defineOperation({
    id: 'showRelease',
    ...paths.showRelease,
    tag: 'Releases',
    summary: 'One release by rel-<n> or <n>.',
    response: Release,
  }),
  updateRelease: defineOperation({
    id: 'updateRelease',
    ...paths.updateRelease,
    tag: 'Releases',
    summary: 'Update a release, its links and attachments.',
    body: ReleaseUpdateBody,
    response: Release,
  }),
  deleteRelease: defineOperation({
    id: 'deleteRelease',
    ...paths.deleteRelease,
    tag: 'Releases',
    summary: 'Delete a release that is not the only published one and has no issues.',
    response: ReleaseDeleteResponse,
  }),
  releaseDownload: defineOperation({
    id: 'releaseDownload',
    ...paths.releaseDownload,
    tag: 'Releases',
    summary: 'With platform: count and redirect (302); without: download counts.',
    query: ReleaseDownloadQuery,
    response: ReleaseDownloadInfo,
  }),
  publishRelease: defineOperation({
    id: 'publishRelease',
    ...paths.publishRelease,
    tag: 'Releases',
    summary: 'Publish a draft (idempotent).',
    response: Release,
  }),
  archiveRelease: defineOperation({
    id: 'archiveRelease',
    ...paths.archiveRelease,
    tag: 'Releases',
    summary: 'Archive; another published release must remain.',
    response: Release,
  }),
  restoreRelease: defineOperation({
    id: 'restoreRelease',
    ...paths.restoreRelease,
    tag: 'Releases',
    summary: 'Restore an archived release.',
    response: Release,
  }),
} as const;
