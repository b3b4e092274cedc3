// One file over 300 lines: the fixture document is one nested schema (projects, users, tokens, issues,
// releases...), and the /__admin shapes that load it belong with it.
// The fixture document of docs/api-choices.md#fixture-format and the /__admin test surface of
// docs/api-choices.md#admin-surface.
import { z } from 'zod';
import { OrganizationId, ProjectId, UserId } from './common.ts';
import { Module } from './projects.ts';
import { AppliesTo, FieldType } from './custom-fields.ts';
import { defineOperation } from './operation.ts';
import { paths } from './paths.ts';

const Key = z.string().min(1).max(200);
const Role = z.enum(['owner', 'admin', 'developer', 'support', 'tester']);

export const TOKEN_FLAGS = [
  'can_create_bug_report',
  'can_create_feature_request',
  'can_create_ticket',
  'can_report_crash',
  'can_search_knowledge_base',
  'can_read_release_list',
  'can_create_release',
  'can_update_issue',
  'can_list_issues',
] as const;
export type TokenFlag = (typeof TOKEN_FLAGS)[number];

const FixtureToken = z
  .object({
    token: z.string().regex(/^tkn-[A-Za-z0-9_-]+$/, 'token of the form tkn-…'),
    daily_limit: z.number().int().min(0).optional(),
    ...(Object.fromEntries(TOKEN_FLAGS.map((flag) => [flag, z.boolean().optional()])) as Record<
      TokenFlag,
      z.ZodOptional<z.ZodBoolean>
    >),
  })
  .strict();

const FixtureCustomField = z
  .object({
    ident: z
      .string()
      .regex(/^[a-z0-9_]+$/, 'snake_case ident')
      .max(100),
    name: z.string().min(1).max(200),
    field_type: FieldType,
    options: z.array(z.string()).optional(),
    required: z.boolean().optional(),
    player_viewable: z.boolean().optional(),
    tester_settable: z.boolean().optional(),
    applies_to: AppliesTo.optional(),
  })
  .strict();

const FixtureRelease = z
  .object({
    key: Key.optional(),
    // docs/api-choices.md#fixture-format: ids may be given (rel-<n> as rendered, or the bare number) or are generated.
    id: z
      .union([
        z.number().int().positive(),
        z
          .string()
          .regex(/^(?:rel-)?[1-9]\d*$/, 'a release id is rel-<integer> or an integer')
          .transform((v) => Number(v.replace('rel-', ''))),
      ])
      .optional(),
    label: z.string().min(1).max(200),
    summary: z.string().optional(),
    description: z.string().optional(),
    status: z.enum(['draft', 'published', 'archived']).optional(),
    created_at: z.string().datetime().optional(),
    download_links: z
      .array(z.object({ platform: z.string(), url: z.string().url(), link_enabled: z.boolean().optional() }))
      .optional(),
  })
  .strict();

/**
 * docs/api-choices.md#fixture-format lists `{title, description, status?, priority?, reporter?, created_at?, ...}`: the
 * `...` means other Issue fields may appear, so unknown ones are dropped rather than refused, and
 * the Issue's own names are accepted beside ours (custom_fields, release_label, {step} objects).
 */
const FixtureIssue = z.preprocess(
  (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const { custom_fields, release_label, steps_to_reproduce, ...rest } = value as Record<string, unknown>;
    return {
      ...rest,
      ...(rest.custom === undefined && custom_fields !== undefined ? { custom: custom_fields } : {}),
      ...(rest.release === undefined && release_label !== undefined ? { release: release_label } : {}),
      ...(steps_to_reproduce !== undefined
        ? {
            steps_to_reproduce: Array.isArray(steps_to_reproduce)
              ? steps_to_reproduce.map((s) =>
                  typeof s === 'object' && s !== null && 'step' in s ? (s as { step: unknown }).step : s,
                )
              : steps_to_reproduce,
          }
        : {}),
    };
  },
  z.object({
    key: Key.optional(),
    // docs/api-choices.md#fixture-format: ids may be given or are generated. `id` is the raw key of the g-<id> path
    // form.
    id: z
      .union([
        z.number().int().positive(),
        z
          .string()
          .regex(/^g-[1-9]\d*$/, 'an issue id is an integer or g-<integer>')
          .transform((v) => Number(v.slice(2))),
      ])
      .optional(),
    scoped_id: z.number().int().positive().optional(),
    title: z.string().min(1),
    description: z.string(),
    status: z.string().optional(),
    priority: z.enum(['low', 'medium', 'high', 'critical', 'blocker']).optional(),
    reporter: Key.optional(),
    assigned_to: Key.optional(),
    release: z.string().optional(),
    archived: z.boolean().optional(),
    raw: z.boolean().optional(),
    source: z.string().optional(),
    created_at: z.string().datetime().optional(),
    updated_at: z.string().datetime().optional(),
    custom: z.record(z.string(), z.unknown()).optional(),
    steps_to_reproduce: z.array(z.string()).optional(),
    tags: z.array(z.string()).optional(),
  }),
);

const FixtureProject = z
  .object({
    key: Key,
    id: ProjectId.optional(),
    name: z.string().min(1).max(200),
    description: z.string().optional(),
    organization: Key,
    access: z.enum(['private', 'public']).default('private'),
    modules: z.array(Module).default(['bugs', 'suggestions', 'tickets']),
    platforms: z.array(z.string()).default([]),
    min_description_length: z.number().int().min(0).default(0),
    min_suggestion_length: z.number().int().min(0).default(0),
    hide_release_versions: z.boolean().optional(),
    duplicate_detection: z.boolean().optional(),
    duplicate_threshold: z.number().min(0).max(1).optional(),
    nda: z.boolean().optional(),
    discord_ids_for_issues: z.boolean().optional(),
    publish_after_default: z.string().optional(),
    sentiment_analysis: z.boolean().optional(),
    has_discord_bot: z.boolean().optional(),
    tester_caps: z
      .object({ per_24h: z.number().int().min(0).optional(), per_7d: z.number().int().min(0).optional() })
      .strict()
      .optional(),
    statuses: z.array(z.object({ key: z.string().min(1), name: z.string().min(1) }).strict()).optional(),
    members: z
      .array(
        z
          .object({
            user: Key,
            role: Role,
            scopes: z.array(z.string()).optional(),
            nda_accepted: z.boolean().optional(),
          })
          .strict(),
      )
      .optional(),
    tokens: z.array(FixtureToken).optional(),
    custom_fields: z.array(FixtureCustomField).optional(),
    releases: z.array(FixtureRelease).optional(),
    tags: z
      .array(
        z
          .object({
            id: z.number().int().positive().optional(),
            name: z.string().min(1),
            color: z
              .string()
              .regex(/^#[0-9a-fA-F]{6}$/, 'a #rrggbb colour')
              .optional(),
            description: z.string().optional(),
            /** Name of the parent tag, listed earlier in the same project. */
            parent: z.string().min(1).optional(),
          })
          .strict(),
      )
      .optional(),
    integrations: z.array(z.string()).optional(),
    game_facts: z.record(z.string(), z.unknown()).optional(),
    knowledge_chunks: z.array(z.object({ title: z.string(), content: z.string() }).strict()).optional(),
    issues: z.array(FixtureIssue).optional(),
  })
  .strict();

/** `null` for an optional member means "not given" (`"scopes": null` is the role's scopes). */
function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropNulls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, dropNulls(v)]),
  );
}

export const FixtureDocument = z.preprocess(
  dropNulls,
  z
    .object({
      organizations: z
        .array(
          z
            .object({
              key: Key,
              id: OrganizationId.optional(),
              name: z.string().min(1),
              admins: z.array(Key).default([]),
              monthly_bug_report_quota: z.number().int().min(0).optional(),
              max_video_seconds: z.number().int().min(1).optional(),
            })
            .strict(),
        )
        .default([]),
      users: z
        .array(
          z
            .object({
              key: Key,
              id: UserId.optional(),
              name: z.string().min(1),
              email: z.string().optional(),
              discord_id: z.string().regex(/^\d+$/).optional(),
              pat: z
                .string()
                .regex(/^pat-[A-Za-z0-9_-]+$/, 'token of the form pat-…')
                .optional(),
              site_admin: z.boolean().optional(),
            })
            .strict(),
        )
        .default([]),
      projects: z.array(FixtureProject).default([]),
    })
    .strict(),
);
export type FixtureDocument = z.infer<typeof FixtureDocument>;
export type FixtureProject = z.infer<typeof FixtureProject>;

const FixtureIssueIds = z.object({ id: z.number().int(), scoped_id: z.number().int(), path_id: z.string() });

/**
 * Ids created by a fixture load, keyed as in the document. Release and issue keys belong to their project, so two
 * projects may both have a release "1.0": `*_by_project` holds every one under its project's key, and the flat maps
 * only keys that one project alone uses (docs/api/admin.md#what-a-fixture-load-answers).
 */
export const FixtureResult = z.object({
  organizations: z.record(z.string(), z.string()),
  users: z.record(z.string(), z.string()),
  projects: z.record(z.string(), z.string()),
  releases: z.record(z.string(), z.string()),
  issues: z.record(z.string(), FixtureIssueIds),
  releases_by_project: z.record(z.string(), z.record(z.string(), z.string())),
  issues_by_project: z.record(z.string(), z.record(z.string(), FixtureIssueIds)),
});
export type FixtureResult = z.infer<typeof FixtureResult>;

export const ClockRequest = z.union([
  z.object({ advance: z.string().regex(/^\d+(ms|s|m|h|d)$/, 'a duration such as 30m, 25h or 2d') }).strict(),
  z.object({ set: z.string().datetime({ offset: true }) }).strict(),
]);

/** One email or in-app notification the service would have sent (GET /__admin/notifications). */
export const NotificationRecord = z.object({
  id: z.number().int(),
  kind: z.enum(['email', 'notification']),
  event: z.string(),
  project_id: z.number().int().nullable(),
  recipient_user_id: z.number().int().nullable(),
  recipient_email: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type NotificationRecord = z.infer<typeof NotificationRecord>;
export const NotificationList = z.object({ notifications: z.array(NotificationRecord) });
export type NotificationList = z.infer<typeof NotificationList>;

export const adminOperations = {
  adminReset: defineOperation({
    id: 'adminReset',
    ...paths.adminReset,
    tag: 'Test surface',
    summary: 'Empty every table and the storage.',
    public: true,
  }),
  adminFixtures: defineOperation({
    id: 'adminFixtures',
    ...paths.adminFixtures,
    tag: 'Test surface',
    summary: 'Load a fixture document; 201 with the ids created.',
    body: FixtureDocument,
    response: FixtureResult,
    status: 201,
    public: true,
  }),
  adminClock: defineOperation({
    id: 'adminClock',
    ...paths.adminClock,
    tag: 'Test surface',
    summary: 'Advance or set the server clock.',
    body: ClockRequest,
    public: true,
  }),
  adminRunJobs: defineOperation({
    id: 'adminRunJobs',
    ...paths.adminRunJobs,
    tag: 'Test surface',
    summary: 'Run every due background job now.',
    public: true,
  }),
  adminNotifications: defineOperation({
    id: 'adminNotifications',
    ...paths.adminNotifications,
    tag: 'Test surface',
    summary: 'Every notification and email recorded, newest first.',
    response: NotificationList,
    public: true,
  }),
} as const;
