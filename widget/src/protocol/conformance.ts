// The conformance report of GET /__admin/conformance: per client (User-Agent, credential kind and
// browser origin), each non-canonical shape or common mistake once per outcome, with the rule and the fix.
import { z } from 'zod';
import { defineOperation } from './operation.ts';
import { paths } from './paths.ts';

export const ConformanceExample = z.object({
  method: z.string(),
  path: z.string(),
  detail: z.string(),
  /** The HTTP status the request was answered with. */
  status: z.number().int(),
});
export type ConformanceExample = z.infer<typeof ConformanceExample>;

export const ConformanceFinding = z.object({
  /** Stable id of the rule, e.g. `raw-project-token`. */
  rule: z.string(),
  /** `refused` when the request was answered 4xx or 5xx (a --strict 400, or any other error); else `tolerated`. */
  outcome: z.enum(['tolerated', 'refused']),
  title: z.string(),
  /** The rule of the API the shape bends (docs/clients.md#the-conformance-report). */
  rule_text: z.string(),
  fix: z.string(),
  count: z.number().int(),
  first_seen: z.string(),
  last_seen: z.string(),
  /** The latest example. */
  example: ConformanceExample,
  /** Distinct examples (method, path and detail), the first few kept; `count` counts them all. */
  examples: z.array(ConformanceExample),
});
export type ConformanceFinding = z.infer<typeof ConformanceFinding>;

export const ConformanceClient = z.object({
  user_agent: z.string(),
  /**
   * From the Authorization header's shape, never resolved: none, anonymous, project_token(+email|+jwt…),
   * raw_project_token, personal_access_token, bearer_jwt, bearer_project_token, formuser_personal_access_token, other.
   */
  credential: z.string(),
  /** A browser client's page: the `Origin` header, else the origin of `Referer`; null for other clients. */
  origin: z.string().nullable(),
  requests: z.number().int(),
  /** Requests answered 4xx or 5xx, whatever the reason. */
  refused: z.number().int(),
  /** Answers by status class: `{"2xx": 3, "4xx": 1}`. */
  statuses: z.record(z.string(), z.number().int()),
  first_seen: z.string(),
  findings: z.array(ConformanceFinding),
});
export type ConformanceClient = z.infer<typeof ConformanceClient>;

export const ConformanceReport = z.object({
  mode: z.enum(['default', 'strict']),
  since: z.string(),
  generated_at: z.string(),
  clients: z.array(ConformanceClient),
});
export type ConformanceReport = z.infer<typeof ConformanceReport>;

export const conformanceOperations = {
  adminConformance: defineOperation({
    id: 'adminConformance',
    ...paths.adminConformance,
    tag: 'Test surface',
    public: true,
    summary:
      'The conformance report: per client, every tolerated (or, under --strict, refused) shape with its rule. ' +
      'JSON; a browser (Accept: text/html) gets the same report as a page.',
    response: ConformanceReport,
  }),
  adminConformanceClear: defineOperation({
    id: 'adminConformanceClear',
    ...paths.adminConformanceClear,
    tag: 'Test surface',
    public: true,
    summary: 'Empty the conformance report.',
  }),
} as const;
