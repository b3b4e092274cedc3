// Who a submitted feature request or ticket belongs to: the Discord bot's `user[...]` fields, a
// virtual user from the Authorization header, or the signed-in user; and the generated title.
import type { z } from 'zod';
import type { DiscordBotUser } from '../../../../widget/src/protocol/feature-requests.ts';
import type { Deps } from '../../deps.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { findOrCreateVirtualUser, type UserRow } from '../projects-auth/users-repository.ts';
import { isTeam } from '../projects-auth/access.ts';
import type { Caller } from '../projects-auth/caller.ts';

export const TITLE_LENGTH = 80;

/**
 * docs/api-choices.md#stand-ins-for-the-ai: the description's first sentence (without its full stop), trimmed to 80
 * characters.
 */
export function titleFromDescription(description: string): string {
  const firstLine = description.trim().split(/\r?\n/)[0].trim().replace(/\s+/g, ' ');
  const end = /[.!?](?=\s|$)/.exec(firstLine);
  const sentence = (end ? firstLine.slice(0, end.index + 1) : firstLine).replace(/\.$/, '');
  return sentence.slice(0, TITLE_LENGTH).trim() || 'Untitled';
}

/** The Discord bot posts with the project token or a team account; players cannot name others. */
export function mayActAsDiscordBot(deps: Pick<Deps, 'db'>, caller: Caller, project: ProjectRow): boolean {
  return caller.token !== null || isTeam(deps, caller, project);
}

export interface DiscordReporter {
  user: UserRow;
  displayName: string | null;
}

export function discordBotReporter(
  deps: Pick<Deps, 'db'>,
  fields: z.infer<typeof DiscordBotUser> | undefined,
  now: string,
): DiscordReporter | null {
  if (!fields?.discord_id) return null;
  const user = findOrCreateVirtualUser(deps.db, { discordId: fields.discord_id }, now);
  const discriminator =
    fields.discord_discriminator && fields.discord_discriminator !== '0' ? `#${fields.discord_discriminator}` : '';
  return { user, displayName: fields.discord_username ? `${fields.discord_username}${discriminator}` : null };
}

/**
 * `{id, name}` of a user as the API renders it; the Discord name wins when one was given. The id is the integer one
 * an issue's `reported_by` and `assigned_to` and the contact answers carry, so one person has one id across issues,
 * feature requests and tickets.
 */
export function toUserRef(
  user: UserRow | undefined | null,
  displayName?: string | null,
): { id: number | null; name: string | null } {
  if (!user) return { id: null, name: null };
  return { id: user.id, name: displayName ?? user.name };
}
