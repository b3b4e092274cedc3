// Custom field values sent with a feature request or a ticket (`[custom]` or `[custom_fields]`) and
// those a submission token carries: planned and written by the one implementation of the custom
// field rules (areas/issues/custom-fields.ts), so a name makes the same ident on every entity.
import type { Deps } from '../../deps.ts';
import type { CustomFieldRow } from '../projects-auth/custom-fields-repository.ts';
import { listCustomFields } from '../projects-auth/custom-fields-repository.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { isTeam } from '../projects-auth/access.ts';
import type { Caller } from '../projects-auth/caller.ts';
import {
  applyCustomFieldPlan,
  assertStoredCustomValues,
  planCustomFields,
  type CustomFieldPath,
  type CustomFieldPlan,
} from '../issues/custom-fields.ts';

export type Entity = 'feature_request' | 'ticket';

export interface SubmissionCustomFields {
  plan: CustomFieldPlan;
  path: CustomFieldPath;
}

/**
 * Checks the values of `[custom]` and `[custom_fields]` (docs/api-choices.md#custom-field-spellings
 * accepts both) and the caller's submission-token values, before anything is written; every 422 here.
 */
export function planSubmissionCustomFields(
  deps: Pick<Deps, 'db'>,
  caller: Caller,
  project: ProjectRow,
  entity: Entity,
  record: { custom?: Record<string, unknown>; custom_fields?: Record<string, unknown> },
  options: { encoding: 'json' | 'form'; draft: boolean; discordBot: boolean },
): SubmissionCustomFields {
  const path: CustomFieldPath = options.discordBot ? 'discord' : caller.token ? 'sdk' : 'user';
  const submission = caller.submission?.projectPublicId === project.public_id ? caller.submission : null;
  const plan = planCustomFields(deps, project, {
    entity,
    values: { ...record.custom_fields, ...record.custom },
    trusted: submission?.custom,
    encoding: options.encoding,
    deferValidation: options.draft,
    checkRequired: true,
    path,
    team: isTeam(deps, caller, project),
  });
  return { plan, path };
}

/** Writes the planned values of one new record (inside its transaction); answers the warnings of fields not created. */
export function writeSubmissionCustomFields(
  deps: Pick<Deps, 'db' | 'clock'>,
  project: ProjectRow,
  planned: SubmissionCustomFields,
  write: (fieldId: number, value: unknown) => void,
): string[] {
  return applyCustomFieldPlan(deps, project, planned.plan, planned.path, write);
}

/** At publish: the checks a draft skipped, over its stored values. */
export function assertStoredValuesValid(
  deps: Pick<Deps, 'db'>,
  project: ProjectRow,
  entity: Entity,
  stored: Array<{ field_id: number; value: string }>,
): void {
  assertStoredCustomValues(deps, project, entity, stored);
}

/** `custom_fields` entries of a record; fields that are not player-viewable only for the team. */
export function toCustomFieldEntries(
  deps: Pick<Deps, 'db'>,
  project: ProjectRow,
  entity: Entity,
  stored: Array<{ field_id: number; value: string }>,
  team: boolean,
) {
  const fields = new Map(listCustomFields(deps.db, project.id, entity).map((f) => [f.id, f]));
  return stored
    .map(({ field_id, value }) => ({ field: fields.get(field_id), value }))
    .filter(
      (e): e is { field: CustomFieldRow; value: string } =>
        e.field !== undefined && (team || e.field.player_viewable === 1),
    )
    .sort((a, b) => a.field.id - b.field.id)
    .map(({ field, value }) => ({
      id: field.id,
      ident: field.ident,
      name: field.name,
      field_type: field.field_type,
      value: JSON.parse(value) as unknown,
    }));
}
