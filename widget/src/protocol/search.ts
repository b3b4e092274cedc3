// Wire shapes of issue search and find_similar (docs/api/search.md). issues.ts attaches
// them to the searchIssues and findSimilarIssues operations; the Issue schema stays there.
import { z } from 'zod';
import { FormBoolean, ListPagination, PageNumber, Timestamp } from './common.ts';
import { TEXT_LIMITS, tooLong } from './text-limits.ts';

/** An empty query-string value counts as absent (`page=` is page 1). */
const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);
const Scalar = z.union([z.string(), z.number()]).transform(String);

/**
 * GET query or POST body of issue search. `query` is required unless `scoped_id` is given; the
 * service answers 400 when it is missing or blank (a missing required parameter,
 * docs/api-choices.md#error-bodies-and-statuses).
 */
export const SearchIssuesQuery = z.looseObject({
  query: z
    .union([z.string().max(TEXT_LIMITS.query, tooLong(TEXT_LIMITS.query)), z.number()], { error: 'must be text' })
    .transform(String)
    .optional(),
  /** Comma-separated issue ids (the raw `id`, `g-<id>` also accepted), or an array of them. */
  skip_ids: z.union([Scalar, z.array(Scalar)]).optional(),
  /** Narrows the candidate pool to 200 (else 500); JSON results are not capped. */
  partial: z.preprocess(blankIsAbsent, FormBoolean.optional()),
  /** GET only: a POST's page, sort and direction are ignored (docs/api/search.md). */
  page: z.preprocess(blankIsAbsent, PageNumber.max(1_000_000, 'must be at most 1000000').optional()),
  /** Any issue column; unknown columns sort by `id`. Without it results keep relevance order. */
  sort: z.string().optional(),
  /** `asc` (default) or `desc`; anything else is `asc`. */
  direction: z.string().optional(),
  /** One issue by scoped id, plain or `g-<id>`, instead of searching. */
  scoped_id: z.preprocess(blankIsAbsent, Scalar.optional()),
});
export type SearchIssuesQuery = z.infer<typeof SearchIssuesQuery>;

export const SEARCH_PAGE_SIZE = 25;

/** `{issues, pagination, project_id}`; project_id is the project's integer key (docs/api/search.md). */
export function searchIssuesResponse<T extends z.ZodType>(issue: T) {
  return z.object({ issues: z.array(issue), pagination: ListPagination, project_id: z.number().int() });
}

export const FindSimilarQuery = z.looseObject({
  /** Text used instead of the issue's own description. */
  description: z.string().max(65_536).optional(),
  limit: z.preprocess(blankIsAbsent, z.coerce.number().int().min(1).max(50).default(5)),
  include_archived: z.preprocess(blankIsAbsent, FormBoolean.default(false)),
});
export type FindSimilarQuery = z.infer<typeof FindSimilarQuery>;

export const SimilarIssue = z.object({
  id: z.number().int(),
  scoped_id: z.number().int(),
  title: z.string(),
  status: z.string(),
  priority: z.string(),
  created_at: Timestamp,
  /** Cosine similarity of the two embeddings, 0 to 1, four decimals. */
  similarity_score: z.number(),
});
export type SimilarIssue = z.infer<typeof SimilarIssue>;

export const FindSimilarResponse = z.object({ issues: z.array(SimilarIssue) });
export type FindSimilarResponse = z.infer<typeof FindSimilarResponse>;
