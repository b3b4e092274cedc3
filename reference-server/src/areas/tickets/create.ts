// Creating a support ticket with the five rules of docs/api/submissions.md (ticket reporter precedence):
// `ticket[reporter_email]` or `user[email]`
// (winning over the header), the Discord bot's `user[...]` fields, the header's virtual user,
// the signed-in user, and 422 for an anonymous caller with no contact. Title generated when
// absent, priority `low` by default, attachments, custom fields, token flag and per-IP counter.
import type { Ticket, TicketCreateBody } from '../../../../widget/src/protocol/tickets.ts';
import type { Deps } from '../../deps.ts';
import { forbidden, unprocessable } from '../../errors.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { insertTicket, setTicketCustomValue, ticketAttachments } from './repository.ts';
import { findOrCreateVirtualUser, type UserRow } from '../projects-auth/users-repository.ts';
import { consumeDailyLimit, FLAG_REFUSALS, requireTokenFlag } from '../projects-auth/access.ts';
import { signedInUser, type Caller } from '../projects-auth/caller.ts';
import { planSubmissionCustomFields, writeSubmissionCustomFields } from '../feature-requests/custom-fields.ts';
import { discordBotReporter, mayActAsDiscordBot, titleFromDescription } from '../feature-requests/reporter.ts';
import { asFileList, checkUploads, storeUploads, withStoredUploads } from '../../storage/attached-files.ts';
import { assertSubmissionTokenUnspent, spendSubmissionToken } from '../submission-tokens/service.ts';
import { toTicket } from './service.ts';

/**
 * Before the body is read: a project token needs `can_create_ticket`; without one, a signed-in user or a public
 * project.
 */
export function assertMayCreateTicket(caller: Caller, project: ProjectRow): void {
  if (caller.token) requireTokenFlag(caller, project, 'can_create_ticket');
  else if (!signedInUser(caller) && project.access !== 'public') throw forbidden(FLAG_REFUSALS.can_create_ticket);
}

/** The form's email: `ticket[reporter_email]`, else the `user[email]` the Unreal plugin sends. */
function contactEmail(input: TicketCreateBody): string | undefined {
  return input.ticket.reporter_email ?? input.user?.email;
}

interface Reporter {
  user: UserRow;
  displayName: string | null;
}

/** Rules 1 to 5 in order of precedence; null means nobody can be contacted. */
function chooseReporter(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  input: TicketCreateBody,
  now: string,
): Reporter | null {
  const email = contactEmail(input);
  if (email) return { user: findOrCreateVirtualUser(deps.db, { email }, now), displayName: null };
  if (input.user?.discord_id && mayActAsDiscordBot(deps, caller, project))
    return discordBotReporter(deps, input.user, now);
  if (caller.user) return { user: caller.user, displayName: null };
  return null;
}

export async function createTicket(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  input: TicketCreateBody,
  encoding: 'json' | 'form',
): Promise<Ticket> {
  const t = input.ticket;
  const now = deps.clock.now().toISOString();
  assertSubmissionTokenUnspent(caller);
  const hasContact = Boolean(
    contactEmail(input) || caller.user || (input.user?.discord_id && mayActAsDiscordBot(deps, caller, project)),
  );
  if (!hasContact) {
    throw unprocessable(
      'Contact information is required: send ticket[reporter_email], or an email or Discord id in the ' +
        'Authorization header.',
    );
  }
  const files = asFileList(t.attachments);
  checkUploads('ticket[attachments]', files);
  // Custom values (and a submission token's) are checked before the daily counter counts.
  const discordBot = Boolean(input.user?.discord_id && mayActAsDiscordBot(deps, caller, project));
  const custom = planSubmissionCustomFields(deps, caller, project, 'ticket', t, { encoding, draft: false, discordBot });
  const warnings = [...custom.plan.warnings];
  consumeDailyLimit(deps, caller, 'ticket');
  const stored = await storeUploads(deps, 'ticket[attachments]', files);

  const row = await withStoredUploads(deps, stored, () =>
    deps.db.transaction(() => {
      spendSubmissionToken(deps, caller, now);
      const reporter = chooseReporter(deps, caller, project, input, now)!;
      const created = insertTicket(deps.db, {
        project_id: project.id,
        title: t.title ?? titleFromDescription(t.description),
        description: t.description,
        status: 'new',
        priority: t.priority ?? 'low',
        reporter_user_id: reporter.user.id,
        discord_username: reporter.displayName,
        created_at: now,
        updated_at: now,
      });
      for (const file of stored)
        ticketAttachments.insert(deps.db, created.id, { ...file, user_id: reporter.user.id, created_at: now });
      const notCreated = writeSubmissionCustomFields(deps, project, custom, (fieldId, value) =>
        setTicketCustomValue(deps.db, created.id, fieldId, value),
      );
      warnings.push(...notCreated);
      return created;
    })(),
  );
  const ticket = toTicket(deps, project, row, true);
  return warnings.length > 0 ? { ...ticket, warnings } : ticket;
}
