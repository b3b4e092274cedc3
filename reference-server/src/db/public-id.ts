// Obfuscated public ids (`pr-`, `org-`, `usr-`): docs/api/projects-auth.md#identifiers-and-virtual-users.
import { randomInt } from 'node:crypto';

export function newPublicId(prefix: 'pr' | 'org' | 'usr'): string {
  return `${prefix}-${randomInt(10_000_000, 2_147_483_647)}`;
}
