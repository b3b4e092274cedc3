// One file over 300 lines: the wire shapes of the Issues operations (docs/api/issues.md), one module per section as the
// OpenAPI document groups them; the Issue object is shared by nearly every operation here.
// Issues (bug reports): operations of docs/api/issues.md with docs/api-choices.md#operation-paths paths,
// and their wire shapes: the Issue object, the create body (in its JSON form; form and
// multipart bodies are nested into the same shape first), the list query, update and the
// draft-flow bodies.
import { z } from 'zod';
import { FieldType } from './custom-fields.ts';
import { DateFilter, FormBoolean, ListPagination, PageNumber, Timestamp } from './common.ts';
import { defineOperation } from './operation.ts';
import { TEXT_LIMITS as L, tooLong } from './text-limits.ts';
import { paths } from './paths.ts';
import { toRecordList } from './releases.ts';
import { FindSimilarQuery, SearchIssuesQuery, searchIssuesResponse } from './search.ts';
import {
  ASK_FOR_DETAILS_WHAT,
  ISSUE_PRIORITIES,
  ISSUE_STATUSES,
  UPDATE_PRIORITIES,
  UPDATE_STATUSES,
} from './statuses.ts';

export { ASK_FOR_DETAILS_WHAT, ISSUE_PRIORITIES, ISSUE_STATUSES, UPDATE_PRIORITIES, UPDATE_STATUSES };

export const DEBUG_SEVERITIES = ['info', 'warning', 'danger'] as const;

/** An optional flag: a blank form value (`draft=`) is the flag left out, so its default applies. */
const OptionalFlag = z.preprocess((v) => (v === '' ? undefined : v), FormBoolean.optional());

const IdLike = z.union([z.string(), z.number().int()], { error: 'must be an id (text or a whole number)' });
/** A single text or a list of texts, as form bodies send either. */
const OneOrMany = <T extends z.ZodType>(item: T) =>
  z
    .union([item, z.array(item)], { error: 'must be a string or an array of strings' })
    .transform((v) => (Array.isArray(v) ? v : [v]) as z.infer<T>[]);

/** Form bodies send `issue[debug_trace][steps][][severity]=…&…[][description]=…` (merged by toRecordList). */
export const DebugTrace = z.object({
  steps: z.preprocess(toRecordList, z.array(z.object({ severity: z.enum(DEBUG_SEVERITIES), description: z.string() }))),
});

const Text = (max: number) => z.string().max(max, tooLong(max));

export const DeviceInfoInput = z.union(
  [
    Text(L.deviceInfo),
    z.looseObject({ value: Text(L.deviceInfo).optional(), validation_mode: Text(L.label).optional() }),
  ],
  { error: 'must be a string or an object {value, validation_mode}' },
);

/** The `issue` object of a create request. Values the service judges by rule (custom fields,
 * debug_trace size, publish_after, device parsing) are checked by the service, not here. */
export const IssueCreateFields = z.looseObject({
  title: Text(L.issueTitle).optional(),
  description: Text(L.issueText).optional(),
  unformatted_steps_to_reproduce: Text(L.issueText).optional(),
  steps_to_reproduce_array: OneOrMany(Text(L.stepText))
    .refine((steps) => steps.length <= L.stepItems, `at most ${L.stepItems} steps`)
    .optional(),
  logs: Text(L.logText).optional(),
  release_id: IdLike.optional(),
  release_label: Text(L.label).optional(),
  source: Text(L.label).nullable().optional(),
  raw: OptionalFlag,
  priority: Text(L.label).optional(),
  extras: z.looseObject({ device_info: DeviceInfoInput.optional() }).optional(),
  discord_id: IdLike.optional(),
  discord_username: Text(L.label).optional(),
  tested_on_device_id: IdLike.optional(),
  tag_ids: OneOrMany(z.coerce.number({ error: 'tag ids are integers' }).int()).optional(),
  custom: z.record(z.string(), z.unknown()).optional(),
  custom_fields: z.record(z.string(), z.unknown()).optional(),
  debug_trace: z.unknown().optional(),
  process_include_flags: OptionalFlag,
  include_screenshot: OptionalFlag,
  include_video: OptionalFlag,
  include_other: OptionalFlag,
  // Accepted inside `issue` too, because some clients nest them there.
  draft: OptionalFlag,
  publish_after: Text(L.label).optional(),
  skip_description_check: OptionalFlag,
});
export type IssueCreateFields = z.infer<typeof IssueCreateFields>;

export const IssueCreateBody = z.looseObject({
  issue: IssueCreateFields.optional(),
  draft: OptionalFlag,
  publish_after: Text(L.label).optional(),
  skip_description_check: OptionalFlag,
});
export type IssueCreateBody = z.infer<typeof IssueCreateBody>;

export const IssueUpdateBody = z.looseObject({
  issue: z
    .looseObject({
      title: Text(L.issueTitle).min(1).optional(),
      description: Text(L.issueText).min(1).optional(),
      status: Text(L.label).optional(),
      priority: z.enum(UPDATE_PRIORITIES).optional(),
      assigned_to_id: IdLike.nullable().optional(),
      unformatted_steps_to_reproduce: Text(L.issueText).optional(),
      steps_to_reproduce_array: OneOrMany(Text(L.stepText))
        .refine((steps) => steps.length <= L.stepItems, `at most ${L.stepItems} steps`)
        .optional(),
      release_id: IdLike.nullable().optional(),
      custom: z.record(z.string(), z.unknown()).optional(),
      custom_fields: z.record(z.string(), z.unknown()).optional(),
    })
    .default({}),
});
export type IssueUpdateBody = z.infer<typeof IssueUpdateBody>;

export const PublishBody = z.looseObject({ email_my_report: OptionalFlag });
export const ContactInfoBody = z.looseObject({ email: Text(L.label).optional(), discord_id: IdLike.optional() });
export const AskForDetailsBody = z.looseObject({
  what: z.enum(ASK_FOR_DETAILS_WHAT, { error: `what must be one of ${ASK_FOR_DETAILS_WHAT.join(', ')}` }),
  comment: z.string().max(10_000).optional(),
});

/** `x=a` or `x[]=a&x[]=b`, at most 50 items (docs/api-choices.md#refusal-statuses: more is 422). */
const ArrayFilter = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v, ctx) => {
    const list = v === undefined || v === '' ? [] : Array.isArray(v) ? v.filter((x) => x !== '') : [v];
    if (list.length > 50) ctx.addIssue({ code: 'custom', message: `accepts at most 50 items, got ${list.length}` });
    return list;
  });
/** A blank query value (`archived=`) is the parameter left out, so its default applies. */
const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);
const TrueFalse = z.preprocess(blankIsAbsent, z.enum(['true', 'false'], { error: 'must be true or false' }).optional());

export const IssueListQuery = z.looseObject({
  page: z.preprocess(blankIsAbsent, PageNumber.default(1)),
  // docs/api/issues.md#list-filters: above 100 is clamped to 100; 0, below or unparseable (a repeated
  // `per_page` too) falls back to 25.
  per_page: z
    .unknown()
    .optional()
    .transform((v) => {
      const n = typeof v === 'string' || typeof v === 'number' ? Number(v) : Number.NaN;
      if (v === '' || !Number.isFinite(n) || n <= 0) return 25;
      return Math.min(100, Math.floor(n));
    }),
  status: ArrayFilter,
  // Checked as a whole so the 422 names `priority` and the value, not an array index (`priority.0`).
  priority: ArrayFilter.superRefine((list, ctx) => {
    const bad = list.find((v) => !(ISSUE_PRIORITIES as readonly unknown[]).includes(v));
    if (bad !== undefined)
      ctx.addIssue({
        code: 'custom',
        message: `must be one of ${ISSUE_PRIORITIES.join(', ')}, not ${JSON.stringify(bad)}`,
      });
  }).pipe(z.array(z.enum(ISSUE_PRIORITIES))),
  assigned_to_id: ArrayFilter,
  reported_by_id: ArrayFilter,
  release_id: ArrayFilter,
  archived: TrueFalse,
  created_after: DateFilter,
  created_before: DateFilter,
  updated_after: DateFilter,
  updated_before: DateFilter,
  with_media: TrueFalse,
  sent_to: ArrayFilter,
  // Comma-separated (docs/api/issues.md#list-filters); `tag_ids[]=1&tag_ids[]=2` is read the same way.
  tag_ids: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v, ctx) => {
      const ids = [v ?? '']
        .flat()
        .join(',')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (ids.length > 50) ctx.addIssue({ code: 'custom', message: 'accepts at most 50 items' });
      if (ids.some((id) => !/^\d+$/.test(id)))
        ctx.addIssue({ code: 'custom', message: 'must be comma-separated integer tag ids' });
      return ids.map(Number);
    }),
  /** Extension: raw issues are hidden by default; `true` lists only them, `any` both. */
  raw: z.preprocess(
    blankIsAbsent,
    z.enum(['true', 'false', 'any'], { error: 'must be true, false or any' }).optional(),
  ),
});
export type IssueListQuery = z.infer<typeof IssueListQuery>;

export const IssueCustomField = z.object({
  id: z.number().int(),
  ident: z.string(),
  name: z.string(),
  field_type: FieldType,
  value: z.unknown(),
});

export const IssueDevice = z.object({
  id: z.number().int(),
  device_type: z.string(),
  configuration: z.record(z.string(), z.unknown()),
});
const IntRef = z.object({ id: z.number().int().nullable(), name: z.string().nullable() });

export const Issue = z.object({
  id: z.number().int(),
  scoped_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: z.string(),
  status_display: z.string(),
  priority: z.string(),
  discord_message: z.string().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
  score: z.string().regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'decimal string from 0 to 1'),
  raw: z.boolean(),
  source: z.string().nullable(),
  custom_fields: z.array(IssueCustomField),
  steps_to_reproduce: z.array(z.object({ step: z.string() })),
  device: IssueDevice.nullable(),
  assigned_to: IntRef,
  reported_by: IntRef,
  get potential_duplicate() {
    return Issue.nullable();
  },
  screenshots: z.array(z.unknown()).optional(),
  log_files: z.array(z.unknown()).optional(),
  video_clips: z.array(z.unknown()).optional(),
  binary_files: z.array(z.unknown()).optional(),
  url: z.string(),
  token: z.string().optional(),
  warnings: z.array(z.string()).optional(),
  /** Extension for the team (docs/api/issues.md#extensions-for-the-team): the release it was filed against. */
  release: z.object({ id: z.string(), label: z.string() }).nullable().optional(),
});
export type Issue = z.infer<typeof Issue>;

export const IssueListResponse = z.object({ issues: z.array(Issue), pagination: ListPagination });
export const ContactResult = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  discord_id: z.string().nullable(),
  virtual: z.boolean(),
});
export const ContactInfoResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  issue_id: z.number().int(),
  user: ContactResult,
});
export const ReporterEmailResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  issue_id: z.number().int(),
  reporter: ContactResult,
});
export const SuccessResponse = z.object({ success: z.boolean(), message: z.string() });

/**
 * A find_similar item: the full Issue without its four media arrays, plus `similarity_score`: a superset of
 * the seven short fields, so readers of either shape work
 * (docs/clients.md#where-we-answer-more-than-the-api-shows).
 */
export const SimilarIssueFull = Issue.extend({ similarity_score: z.number() });
export const FindSimilarFullResponse = z.object({ issues: z.array(SimilarIssueFull) });
export type FindSimilarFullResponse = z.infer<typeof FindSimilarFullResponse>;

export const issueOperations = {
  listIssues: defineOperation({
    id: 'listIssues',
    ...paths.listIssues,
    tag: 'Issues',
    summary: 'List issues with filters.',
    query: IssueListQuery,
    response: IssueListResponse,
  }),
  createIssue: defineOperation({
    id: 'createIssue',
    ...paths.createIssue,
    tag: 'Issues',
    summary: 'Create an issue (form, multipart or JSON); draft=true creates it hidden.',
    status: 201,
    body: IssueCreateBody,
    response: Issue,
  }),
  searchIssues: defineOperation({
    id: 'searchIssues',
    ...paths.searchIssues,
    tag: 'Issues',
    summary: 'Full-text search with typo tolerance.',
    query: SearchIssuesQuery,
    body: SearchIssuesQuery,
    response: z.union([searchIssuesResponse(Issue), Issue]),
  }),
  showIssue: defineOperation({
    id: 'showIssue',
    ...paths.showIssue,
    tag: 'Issues',
    summary: 'One issue by g-<id> or scoped id.',
    response: Issue,
  }),
  updateIssue: defineOperation({
    id: 'updateIssue',
    ...paths.updateIssue,
    tag: 'Issues',
    summary: 'Update title, description, status, priority, assignee, steps or release.',
    body: IssueUpdateBody,
    response: Issue,
  }),
  publishIssue: defineOperation({
    id: 'publishIssue',
    ...paths.publishIssue,
    tag: 'Issues',
    summary: 'Publish a draft: hidden becomes open.',
    body: PublishBody,
    response: Issue,
  }),
  setReporterEmail: defineOperation({
    id: 'setReporterEmail',
    ...paths.setReporterEmail,
    tag: 'Issues',
    summary: 'Deprecated: use set_contact_info.',
    body: ContactInfoBody,
    response: ReporterEmailResponse,
  }),
  setIssueContactInfo: defineOperation({
    id: 'setIssueContactInfo',
    ...paths.setIssueContactInfo,
    tag: 'Issues',
    summary: 'Attach an email or Discord id to the report; creates a virtual user.',
    body: ContactInfoBody,
    response: ContactInfoResponse,
  }),
  askForDetails: defineOperation({
    id: 'askForDetails',
    ...paths.askForDetails,
    tag: 'Issues',
    summary: 'Ask the reporter for steps, a screenshot, a video, logs or device info.',
    body: AskForDetailsBody,
    response: SuccessResponse,
  }),
  archiveIssue: defineOperation({
    id: 'archiveIssue',
    ...paths.archiveIssue,
    tag: 'Issues',
    summary: 'Archive an issue (bugs.archive).',
    response: Issue,
  }),
  unarchiveIssue: defineOperation({
    id: 'unarchiveIssue',
    ...paths.unarchiveIssue,
    tag: 'Issues',
    summary: 'Unarchive an issue (bugs.archive).',
    response: Issue,
  }),
  findSimilarIssues: defineOperation({
    id: 'findSimilarIssues',
    ...paths.findSimilarIssues,
    tag: 'Issues',
    summary: 'Semantically similar issues (developer personal access token).',
    query: FindSimilarQuery,
    response: FindSimilarFullResponse,
  }),
} as const;
