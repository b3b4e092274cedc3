// Credential verification (docs/api-choices.md#operation-paths); the Authorization header schemes live in
// authorization.ts (zod-free, for the browser reporter) and are re-exported here.
import { z } from 'zod';
import { defineOperation } from './operation.ts';
import { paths } from './paths.ts';

export { buildAuthorization, type Credential } from './authorization.ts';

/** The service's own names, as its read-only API client types them (docs/clients.md#where-we-answer-more-than-the-api-shows). */
export const TOKEN_TYPES = ['anonymous', 'project_auth_token', 'personal_access_token', 'jwt'] as const;

/** Which JWT the credential carries, alone (`Bearer`) or after its project token: our extension. */
export const JWT_TYPES = ['issue', 'feature_request', 'legacy', 'submission'] as const;

export const VerifyResponse = z.object({
  valid: z.boolean(),
  token_type: z.enum(TOKEN_TYPES).nullable(),
  jwt_type: z.enum(JWT_TYPES).nullable(),
  user: z
    .object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable(), virtual: z.boolean() })
    .nullable(),
  project: z.object({ id: z.string(), name: z.string() }).nullable(),
  expires_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type VerifyResponse = z.infer<typeof VerifyResponse>;

export const authOperations = {
  verifyCredential: defineOperation({
    id: 'verifyCredential',
    ...paths.verifyCredential,
    tag: 'Authentication',
    summary: 'Tells whether the Authorization header is valid, what it is, and for which project.',
    response: VerifyResponse,
  }),
} as const;
