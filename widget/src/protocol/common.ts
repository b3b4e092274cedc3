// Wire shapes shared by every resource: timestamps, ids, error bodies, pagination.
import { z } from 'zod';

/** RFC 3339 in UTC with a millisecond fraction and a trailing Z (docs/server.md#global-rules). */
export const Timestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'UTC timestamp with milliseconds');
export type Timestamp = z.infer<typeof Timestamp>;

export const ProjectId = z.string().regex(/^pr-\d+$/, 'project id of the form pr-<digits>');
export const OrganizationId = z.string().regex(/^org-\d+$/, 'organization id of the form org-<digits>');
export const UserId = z.string().regex(/^usr-\d+$/, 'user id of the form usr-<digits>');

/** `{error, status?}`: clients must not read `status` (docs/api-choices.md#error-bodies-and-statuses). */
export const ErrorBody = z.object({
  error: z.string(),
  status: z.union([z.number(), z.string()]).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** A `page` parameter: a positive integer (text in a query), one sentence for every refusal. */
export const PageNumber = z.coerce
  .number({ error: 'must be a positive integer' })
  .int('must be a positive integer')
  .min(1, 'must be a positive integer');

export const PagePagination = z.object({
  current_page: z.number().int(),
  total_pages: z.number().int(),
  total_count: z.number().int(),
});

export const ListPagination = PagePagination.extend({ per_page: z.number().int() });

/** `{id, name}` with both nullable, as `reported_by`, `assigned_to` and `user` render. */
export const UserRef = z.object({ id: z.union([z.number(), z.string()]).nullable(), name: z.string().nullable() });

/** Loose e-mail rule (docs/api/projects-auth.md#identifiers-and-virtual-users): one @, non-space on both sides. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;
export const DISCORD_ID_PATTERN = /^\d+$/;
export const Email = z.string().regex(EMAIL_PATTERN, 'email with one @ and no spaces');
export const DiscordId = z.string().regex(DISCORD_ID_PATTERN, 'discord id of digits only');

/**
 * The one schema of a form boolean (docs/api-choices.md#form-booleans): a JSON boolean, 1 or 0 as a number or text,
 * and true or false in any letter case (the real clients send True and False). A boolean custom field is not one: it
 * keeps the API's own `1`/`0` (docs/api/issues.md#custom-field-rules).
 */
export const FormBoolean = z.union(
  [
    z.boolean(),
    z
      .string()
      .regex(/^(?:1|0|true|false)$/i)
      .transform((v) => v === '1' || v.toLowerCase() === 'true'),
    z
      .number()
      .int()
      .min(0)
      .max(1)
      .transform((v) => v === 1),
  ],
  { error: 'must be 1, 0, true or false' },
);

export { DateFilter } from './date-filter.ts';
