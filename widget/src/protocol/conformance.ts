// The conformance report of GET /__admin/conformance: per client (User-Agent and credential kind),
// each non-canonical shape it sent once, with the rule of the reference it bends and the fix.
import { z } from 'zod';
import { defineOperation } from './operation.ts';
import { paths } from './paths.ts';

export const ConformanceFinding = z.object({
  /** Stable id of the rule, e.g. `raw-project-token`. */
  rule: z.string(),
  /** `tolerated` in the default mode; `refused` (400) under --strict. */
  outcome: z.enum(['tolerated', 'refused']),
  title: z.string(),
  /** The rule of the API the shape bends (docs/clients.md#the-conformance-report). */
  rule_text: z.string(),
  fix: z.string(),
  count: z.number().int(),
  first_seen: z.string(),
  last_seen: z.string(),
  example: z.object({ method: z.string(), path: z.string(), detail: z.string() }),
});
export type ConformanceFinding = z.infer<typeof ConformanceFinding>;

export const ConformanceClient = z.object({
  user_agent: z.string(),
  /** From the Authorization header's shape: none, anonymous, project_token(+email|+jwt…), raw_project_token, … */
  credential: z.string(),
  requests: z.number().int(),
  refused: z.number().int(),
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
