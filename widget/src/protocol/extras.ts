// Submission tokens, the knowledge base and crash reports (docs/api-choices.md#operation-paths).
import { z } from 'zod';
import { DiscordId, Email, Timestamp } from './common.ts';
import { defineOperation } from './operation.ts';
import { paths } from './paths.ts';
import { KnowledgeAnswer, KnowledgeQuestion } from './knowledge-base.ts';
import { UnrealCrashResponse } from './crashes.ts';

/** Submission token lifetime in seconds: default 1 hour, at most 7 days (our choice, docs/api/submissions.md). */
export const SUBMISSION_TOKEN_DEFAULT_TTL = 3600;
export const SUBMISSION_TOKEN_MAX_TTL = 7 * 86400;
export const SubmissionTokenBody = z.object({
  email: Email.optional(),
  discord_id: z.union([DiscordId, z.number().int().nonnegative().transform(String)]).optional(),
  /** Trusted custom field values by ident, applied at issue creation; at most 32, strings up to 4096 characters. */
  custom: z
    .record(
      z.string().min(1).max(64),
      z.union([
        z.string().max(4096),
        z.number(),
        z.boolean(),
        z.array(z.string().max(4096)).max(100),
        z.object({ client_map_id: z.union([z.string(), z.number()]), x: z.number(), y: z.number() }),
      ]),
    )
    .refine((c) => Object.keys(c).length <= 32, 'at most 32 custom fields')
    .optional(),
  expires_in: z.coerce.number().int().min(60).max(SUBMISSION_TOKEN_MAX_TTL).default(SUBMISSION_TOKEN_DEFAULT_TTL),
});
export const SubmissionTokenResponse = z.object({ token: z.string(), expires_at: Timestamp });

export const extraOperations = {
  createSubmissionToken: defineOperation({
    id: 'createSubmissionToken',
    ...paths.createSubmissionToken,
    tag: 'Submission tokens',
    summary:
      'A single-use JWT carrying trusted email and custom fields (personal access token with ' +
      'project.api_tokens.manage).',
    status: 201,
    body: SubmissionTokenBody,
    response: SubmissionTokenResponse,
  }),
  askKnowledgeBase: defineOperation({
    id: 'askKnowledgeBase',
    ...paths.askKnowledgeBase,
    tag: 'Knowledge base',
    summary: 'Answer a player question from the game facts, glossary, knowledge and resolved issues.',
    body: KnowledgeQuestion,
    response: KnowledgeAnswer,
  }),
  reportUnrealCrash: defineOperation({
    id: 'reportUnrealCrash',
    ...paths.reportUnrealCrash,
    tag: 'Crash reports',
    summary:
      'Unreal CrashReportClient upload (zlib-compressed container, application/octet-stream); creates a raw issue.',
    status: 201,
    public: true,
    response: UnrealCrashResponse,
  }),
} as const;
