// Credential verification (decisions §2) and the Authorization header schemes (reference
// "Authentication"). buildAuthorization is the one place a header value is spelled.
import { z } from 'zod';
import { defineOperation } from './operation.ts';
import { paths } from './paths.ts';

export type Credential =
  | { scheme: 'anonymous' }
  | { scheme: 'token'; token: string; email?: string; discordId?: string; jwt?: string }
  | { scheme: 'pat'; token: string }
  | { scheme: 'bearer'; jwt: string };

export function buildAuthorization(credential: Credential): string {
  switch (credential.scheme) {
    case 'anonymous':
      return 'FormUser anonymous';
    case 'pat':
      return `Bearer ${credential.token}`;
    case 'bearer':
      return `Bearer ${credential.jwt}`;
    case 'token': {
      if (credential.jwt) return `FormUser ${credential.token},${credential.jwt}`;
      if (credential.email) return `FormUser ${credential.token},email:${credential.email}`;
      if (credential.discordId) return `FormUser ${credential.token},discord_id:${credential.discordId}`;
      return `FormUser ${credential.token}`;
    }
  }
}

export const TOKEN_TYPES = ['anonymous', 'project_token', 'personal_access_token', 'issue_jwt', 'feature_request_jwt', 'legacy_jwt', 'submission_token'] as const;

export const VerifyResponse = z.object({
  valid: z.boolean(),
  token_type: z.enum(TOKEN_TYPES).nullable(),
  user: z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable(), virtual: z.boolean() }).nullable(),
  project: z.object({ id: z.string(), name: z.string() }).nullable(),
  expires_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type VerifyResponse = z.infer<typeof VerifyResponse>;

export const authOperations = {
  verifyCredential: defineOperation({
    id: 'verifyCredential', ...paths.verifyCredential, tag: 'Authentication',
    summary: 'Tells whether the Authorization header is valid, what it is, and for which project.',
    response: VerifyResponse,
  }),
} as const;
