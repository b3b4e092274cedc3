// Issue tags as the official read-only API client lists them (to find ids for `tag_ids`).
import { z } from 'zod';
import { Timestamp } from './common.ts';
import { defineOperation } from './operation.ts';
import { paths } from './paths.ts';

export const IssueTag = z.object({
  id: z.number().int(),
  name: z.string(),
  /** `#rrggbb`. */
  color: z.string(),
  description: z.string().nullable(),
  parent_tag_id: z.number().int().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type IssueTag = z.infer<typeof IssueTag>;

export const IssueTagListResponse = z.object({ tags: z.array(IssueTag) });

export const issueTagOperations = {
  listIssueTags: defineOperation({
    id: 'listIssueTags',
    ...paths.listIssueTags,
    tag: 'Issues',
    summary: "The project's issue tags (parents before children); the ids filter the issue list by `tag_ids`.",
    response: IssueTagListResponse,
  }),
} as const;
