// The Authorization header schemes (docs/api/projects-auth.md#credentials): buildAuthorization is the one
// place a header value is spelled. No zod here, so the browser reporter can import it.

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
