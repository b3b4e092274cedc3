// Extension (docs/api/events.md): a server-sent event stream of report changes per project,
// which the QA inbox follows so new issues, feature requests and tickets appear without a reload.
import { z } from 'zod';
import { defineOperation } from './operation.ts';
import { paths } from './paths.ts';

export const REPORT_KINDS = ['issue', 'feature_request', 'ticket'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_EVENT_TYPES = ['report.created', 'report.updated', 'report.deleted'] as const;
export type ReportEventType = (typeof REPORT_EVENT_TYPES)[number];

/** The `data` of one `report.*` event; `path_id` (`g-<id>`) works in the kind's show path. */
export const ReportEvent = z.object({
  type: z.enum(REPORT_EVENT_TYPES),
  kind: z.enum(REPORT_KINDS),
  path_id: z.string(),
  scoped_id: z.number().int(),
  title: z.string(),
  status: z.string(),
  updated_at: z.string(),
  /** True for events replayed from `since` / `Last-Event-ID` before the live ones. */
  replayed: z.boolean(),
});
export type ReportEvent = z.infer<typeof ReportEvent>;

const KindList = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const kinds = (value ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = kinds.filter((k) => !(REPORT_KINDS as readonly string[]).includes(k));
    if (unknown.length)
      ctx.addIssue({
        code: 'custom',
        message: `replay must list kinds among ${REPORT_KINDS.join(', ')} (got ${unknown.join(', ')})`,
      });
    return (kinds.length ? kinds : [...REPORT_KINDS]) as ReportKind[];
  });

export const ReportEventsQuery = z.object({
  /** Replays every report of the `replay` kinds changed at or after this time before the live events. */
  since: z
    .string()
    .refine((v) => !Number.isNaN(Date.parse(v)), 'since must be an RFC 3339 time')
    .optional(),
  replay: KindList,
});
export type ReportEventsQuery = z.infer<typeof ReportEventsQuery>;

export const eventOperations = {
  streamReportEvents: defineOperation({
    id: 'streamReportEvents',
    ...paths.streamReportEvents,
    tag: 'Extensions',
    summary:
      'Extension: text/event-stream of report.created, report.updated and report.deleted for issues, feature ' +
      'requests and tickets (team only). `since` or Last-Event-ID replays earlier changes, then `replay.done`.',
    query: ReportEventsQuery,
  }),
} as const;
