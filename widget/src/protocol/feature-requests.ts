// Feature requests (suggestions): docs/api/submissions.md, docs/api-choices.md#operation-paths paths. The record
// beyond the search item (id, title, status, created_at) is ours.
import { z } from 'zod';
import {
  DateFilter,
  DiscordId,
  Email,
  FormBoolean,
  ListPagination,
  PageNumber,
  ProjectId,
  Timestamp,
  UserRef,
} from './common.ts';
import { defineOperation } from './operation.ts';
import { paths } from './paths.ts';

import { FEATURE_REQUEST_STATUSES, NON_PUBLIC_FEATURE_REQUEST_STATUSES } from './statuses.ts';

/** Statuses a request can hold; the search excludes the last six (docs/api/submissions.md, Statuses). */
export { FEATURE_REQUEST_STATUSES, NON_PUBLIC_FEATURE_REQUEST_STATUSES };

/** `top` (most votes) and `new` for everyone; the moderation views for the team only. */
export const FEATURE_REQUEST_SORTS = ['top', 'new', 'all', 'moderation', 'rejected', 'muted', 'duplicates'] as const;

export const MAX_TITLE_LENGTH = 255;
export const MAX_DESCRIPTION_LENGTH = 20_000;

/** A form sends one file or a repeated `[]` key; both become a list on the server. */
export const SubmissionFiles = z.union([z.file(), z.array(z.file())]);
/** Form fields left empty count as absent. */
export const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
export const SubmissionCustomValues = z.record(z.string(), z.unknown());
/** A feature request's or ticket's description: required, and its 422 names the limit it passed. */
export const SubmissionDescription = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
  .trim()
  .min(1, 'is required')
  .max(MAX_DESCRIPTION_LENGTH, `must be at most ${MAX_DESCRIPTION_LENGTH} characters`);
/** A feature request's or ticket's optional title (blank is absent). */
export const SubmissionTitle = blankAsAbsent(
  z.string().trim().max(MAX_TITLE_LENGTH, `must be at most ${MAX_TITLE_LENGTH} characters`),
);
/** The Discord bot's `user[...]` fields (honoured for project-token and team callers). */
export const DiscordBotUser = z.object({
  discord_id: blankAsAbsent(z.union([DiscordId, z.number().int().nonnegative().transform(String)])),
  discord_username: blankAsAbsent(z.string().max(100)),
  discord_discriminator: blankAsAbsent(z.string().max(10)),
});
export const DiscordIdInput = z.union([DiscordId, z.number().int().nonnegative().transform(String)]);

export const FeatureRequestCreateBody = z.object({
  feature_request: z.object(
    {
      description: SubmissionDescription,
      title: SubmissionTitle,
      custom: SubmissionCustomValues.optional(),
      custom_fields: SubmissionCustomValues.optional(),
      files: SubmissionFiles.optional(),
    },
    { error: 'feature_request[description] is required' },
  ),
  draft: FormBoolean.optional(),
  user: DiscordBotUser.optional(),
});
export type FeatureRequestCreateBody = z.infer<typeof FeatureRequestCreateBody>;

export const FeatureRequestFile = z.object({
  id: z.number().int(),
  filename: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  url: z.string(),
});

export const FeatureRequestCustomField = z.object({
  id: z.number().int(),
  ident: z.string(),
  name: z.string(),
  field_type: z.string(),
  value: z.unknown(),
});

/** Our record: `id` is the scoped integer (usable in paths), `scoped_id` repeats it. */
export const FeatureRequest = z.object({
  id: z.number().int(),
  scoped_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: z.string(),
  votes: z.number().int(),
  voted: z.boolean(),
  /** What the official API client's list reads (docs/api/submissions.md#choices-we-made). */
  is_duplicate: z.boolean(),
  duplicates_count: z.number().int(),
  user: UserRef,
  url: z.string(),
  files: z.array(FeatureRequestFile),
  custom_fields: z.array(FeatureRequestCustomField),
  created_at: Timestamp,
  updated_at: Timestamp,
  /** Draft JWT for project-token callers: `Bearer <token>` publishes and sets contact info. */
  token: z.string().optional(),
  warnings: z.array(z.string()).optional(),
});
export type FeatureRequest = z.infer<typeof FeatureRequest>;

export const FeatureRequestListQuery = z.object({
  sort: blankAsAbsent(z.enum(FEATURE_REQUEST_SORTS)),
  page: blankAsAbsent(PageNumber),
  /** Filters the official API client sends: one status (unknown values match nothing), and date bounds. */
  status: blankAsAbsent(z.string().max(100)),
  created_after: DateFilter,
  created_before: DateFilter,
  updated_after: DateFilter,
  updated_before: DateFilter,
});

export const FeatureRequestListResponse = z.object({
  feature_requests: z.array(FeatureRequest),
  pagination: ListPagination,
  sort: z.string(),
  project_id: ProjectId,
});

/**
 * `query` is required unless `scoped_id` is given; a missing query is 400
 * (docs/api-choices.md#error-bodies-and-statuses).
 */
export const FeatureRequestSearchParams = z.object({
  query: z.string().max(1000).optional(),
  skip_ids: z.union([z.string(), z.array(z.union([z.string(), z.number()]))]).optional(),
  partial: blankAsAbsent(FormBoolean),
  scoped_id: blankAsAbsent(z.union([z.string(), z.number()])),
  page: blankAsAbsent(PageNumber),
  sort: blankAsAbsent(z.enum(['relevance', 'top', 'new'])),
});

export const FeatureRequestSearchItem = z.object({
  id: z.number().int(),
  scoped_id: z.number().int(),
  title: z.string(),
  status: z.string(),
  created_at: Timestamp,
  url: z.string(),
  votes: z.number().int(),
});

export const FeatureRequestSearchResponse = z.union([
  z.object({
    feature_requests: z.array(FeatureRequestSearchItem),
    pagination: ListPagination,
    sort: z.string(),
    project_id: ProjectId,
    /** Votes of all matching requests together. */
    votes: z.number().int(),
    /** The caller has voted for at least one matching request. */
    voted: z.boolean(),
  }),
  FeatureRequest,
]);

export const FeatureRequestContactBody = z
  .object({
    email: blankAsAbsent(Email),
    discord_id: blankAsAbsent(DiscordIdInput),
  })
  .refine((b) => b.email !== undefined || b.discord_id !== undefined, { message: 'email or discord_id is required' });

export const FeatureRequestContactResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  feature_request_id: z.number().int(),
  user: z.object({
    id: z.number().int(),
    email: z.string().nullable(),
    discord_id: z.string().nullable(),
    virtual: z.boolean(),
  }),
});

export const FeatureRequestPublishResponse = z.object({ success: z.boolean() });

export const featureRequestOperations = {
  listFeatureRequests: defineOperation({
    id: 'listFeatureRequests',
    ...paths.listFeatureRequests,
    tag: 'Feature requests',
    summary:
      'List feature requests (sort=top|new; the team also all|moderation|rejected|muted|duplicates), 25 per page.',
    query: FeatureRequestListQuery,
    response: FeatureRequestListResponse,
  }),
  createFeatureRequest: defineOperation({
    id: 'createFeatureRequest',
    ...paths.createFeatureRequest,
    tag: 'Feature requests',
    summary: 'Create a feature request; draft=true creates it hidden.',
    status: 201,
    body: FeatureRequestCreateBody,
    response: FeatureRequest,
  }),
  searchFeatureRequests: defineOperation({
    id: 'searchFeatureRequests',
    ...paths.searchFeatureRequests,
    tag: 'Feature requests',
    summary: 'Search publicly visible active requests; scoped_id answers one request.',
    query: FeatureRequestSearchParams,
    response: FeatureRequestSearchResponse,
  }),
  showFeatureRequest: defineOperation({
    id: 'showFeatureRequest',
    ...paths.showFeatureRequest,
    tag: 'Feature requests',
    summary: 'One feature request by scoped id, fr-<n> or g-<id>.',
    response: FeatureRequest,
  }),
  setFeatureRequestContactInfo: defineOperation({
    id: 'setFeatureRequestContactInfo',
    ...paths.setFeatureRequestContactInfo,
    tag: 'Feature requests',
    summary: 'Attach an email or Discord id; creates a virtual user.',
    body: FeatureRequestContactBody,
    response: FeatureRequestContactResponse,
  }),
  publishFeatureRequest: defineOperation({
    id: 'publishFeatureRequest',
    ...paths.publishFeatureRequest,
    tag: 'Feature requests',
    summary: 'Publish a draft: hidden becomes open.',
    response: FeatureRequestPublishResponse,
  }),
} as const;
