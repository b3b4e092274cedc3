// Projects: list and detail (docs/api/projects-auth.md).
import { z } from 'zod';
import { FormBoolean, PageNumber, PagePagination, ProjectId, Timestamp } from './common.ts';
import { defineOperation } from './operation.ts';
import { paths } from './paths.ts';

export const MODULES = ['bugs', 'suggestions', 'sentiments', 'tickets', 'support_knowledge', 'nda', 'surveys'] as const;
export const Module = z.enum(MODULES);

export const ProjectListItem = z.object({
  id: ProjectId,
  name: z.string(),
  description: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type ProjectListItem = z.infer<typeof ProjectListItem>;

/** Always an object: empty when there is no release or versions are hidden from the caller. */
export const LatestRelease = z.union([
  z.object({
    id: z.number().int(),
    label: z.string(),
    description: z.string(),
    created_at: Timestamp,
    updated_at: Timestamp,
    url: z.string(),
  }),
  z.object({}).strict(),
]);

export const ProjectDetail = ProjectListItem.extend({
  access: z.enum(['private', 'public']),
  url: z.string(),
  sentiment_analysis: z.boolean(),
  support_knowledge: z.boolean(),
  support_knowledge_chunks_size: z.number().int(),
  has_discord_bot: z.boolean(),
  modules: z.array(Module),
  platforms: z.array(z.string()),
  min_description_length: z.number().int(),
  min_suggestion_length: z.number().int(),
  latest_release: LatestRelease,
  // Extensions (docs/api/projects-auth.md#project-detail-extensions): custom statuses; members and scopes for the team.
  statuses: z.array(z.object({ key: z.string(), name: z.string() })).optional(),
  members: z.array(z.object({ id: z.number().int(), name: z.string().nullable(), role: z.string() })).optional(),
  my_scopes: z.array(z.string()).optional(),
  /** A project token's own permission flags (`can_list_issues`, …), to that token only. */
  token_permissions: z.record(z.string(), z.boolean()).optional(),
});
export type ProjectDetail = z.infer<typeof ProjectDetail>;

/** An empty query-string value counts as absent (`page=` is page 1). */
const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);

/**
 * `page` min 1, default 1 (25 fixed per page); `all` a form boolean (docs/api-choices.md#form-booleans: also
 * True/False).
 */
export const ProjectListQuery = z.object({
  page: z.preprocess(blankIsAbsent, PageNumber.default(1)),
  all: z.preprocess(blankIsAbsent, FormBoolean.optional()),
});

export const ProjectListResponse = z.object({ projects: z.array(ProjectListItem), pagination: PagePagination });

export const projectOperations = {
  listProjects: defineOperation({
    id: 'listProjects',
    ...paths.listProjects,
    tag: 'Projects',
    summary: 'Projects the caller belongs to, or public projects (all=true or anonymous). 25 per page.',
    query: ProjectListQuery,
    response: ProjectListResponse,
  }),
  showProject: defineOperation({
    id: 'showProject',
    ...paths.showProject,
    tag: 'Projects',
    summary: 'Project detail with enabled modules and the latest release.',
    response: ProjectDetail,
  }),
} as const;
