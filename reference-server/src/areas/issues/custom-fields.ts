// The one implementation of the nine custom field rules (docs/api/issues.md#custom-field-rules) for
// issues, feature requests and tickets: ident-then-name lookup, submission-token values trusted,
// tester_settable, required and select checks (deferred to publish for drafts), auto-creation on
// the SDK and Discord paths up to 32 fields per entity, and a warning for every value dropped.
import type { Deps } from '../../deps.ts';
import { unprocessable } from '../../errors.ts';
import {
  countCustomFields,
  insertCustomField,
  listCustomFields,
  type CustomFieldRow,
} from '../projects-auth/custom-fields-repository.ts';
import { listIssueCustomValues, setIssueCustomValue } from './repository.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { stmt } from '../../db/database.ts';
import {
  assertSelect,
  blank,
  CUSTOM_VALUE_MAX,
  charactersOf,
  findField,
  normalize,
  toIdent,
} from './custom-field-values.ts';

export { CUSTOM_VALUE_MAX, toIdent };
export const AUTO_CREATE_LIMIT = 32;

export type CustomFieldEntity = CustomFieldRow['applies_to'];
export type CustomFieldPath = 'sdk' | 'discord' | 'user';

export interface CustomFieldInput {
  /** Which entity's definitions apply; issues when absent. */
  entity?: CustomFieldEntity;
  values: Record<string, unknown>;
  /** Values from a submission token: trusted, so tester_settable does not apply. */
  trusted?: Record<string, unknown>;
  encoding: 'json' | 'form';
  /** Drafts: required and select checks wait for publish (docs/api/issues.md#custom-field-rules, rule 5). */
  deferValidation: boolean;
  /** Create checks required fields; update changes only what it is given. */
  checkRequired: boolean;
  path: CustomFieldPath;
  team: boolean;
}

export interface CustomFieldPlan {
  entity: CustomFieldEntity;
  set: Array<{ field: CustomFieldRow; value: unknown }>;
  create: Array<{ ident: string; name: string; value: string }>;
  warnings: string[];
}

/** How warnings name an entity's fields: "32 feature request custom fields". */
const NOUN: Record<CustomFieldEntity, string> = {
  issue: 'issue',
  feature_request: 'feature request',
  ticket: 'ticket',
};
const fullMessage = (name: string, entity: CustomFieldEntity) =>
  `Custom field "${name}" was not created: the project already has ${AUTO_CREATE_LIMIT} ${NOUN[entity]} custom fields.`;

/** Decides what to store, create and warn about; every 422 of the rules is thrown here. */
export function planCustomFields(
  deps: Pick<Deps, 'db'>,
  project: ProjectRow,
  input: CustomFieldInput,
): CustomFieldPlan {
  const entity = input.entity ?? 'issue';
  const fields = listCustomFields(deps.db, project.id, entity);
  const plan: CustomFieldPlan = { entity, set: [], create: [], warnings: [] };
  // A key is a field's ident, its name, or a name that makes an existing ident ("Niveau Élevé" → niveau_eleve).
  const lookup = (key: string) => findField(fields, key) ?? fields.find((f) => f.ident === toIdent(key));
  const entries: Array<[string, unknown, boolean]> = [
    ...Object.entries(input.values).map(([k, v]): [string, unknown, boolean] => [k, v, false]),
    ...Object.entries(input.trusted ?? {}).map(([k, v]): [string, unknown, boolean] => [k, v, true]),
  ];
  // Trusted values replace submitted ones for the same field.
  const trustedFields = new Set(
    entries
      .filter(([, , t]) => t)
      .map(([k]) => lookup(k)?.id)
      .filter((id) => id !== undefined),
  );
  let room = AUTO_CREATE_LIMIT - fields.length;

  for (const [key, raw, trusted] of entries) {
    const field = lookup(key);
    if (!field) {
      if (input.path === 'user' && !trusted) throw unprocessable(`Unknown custom field "${key}".`, { field: key });
      if (blank(raw)) continue;
      // A field needs a name to be created: a blank key is dropped (rule 9), not a nameless field.
      if (key.trim() === '') {
        plan.warnings.push('A custom field with a blank name was dropped.');
        continue;
      }
      if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
        plan.warnings.push(`Custom field "${key}" was dropped: a new field takes text only.`);
        continue;
      }
      const value = String(raw);
      if (charactersOf(value) > CUSTOM_VALUE_MAX) {
        plan.warnings.push(`Custom field "${key}" was dropped: values are capped at ${CUSTOM_VALUE_MAX} characters.`);
        continue;
      }
      const ident = toIdent(key);
      const pending = plan.create.find((c) => c.ident === ident);
      if (pending) {
        pending.value = value;
        continue;
      }
      if (room <= 0) {
        plan.warnings.push(fullMessage(key, entity));
        continue;
      }
      room -= 1;
      plan.create.push({ ident, name: key, value });
      continue;
    }
    if (!trusted && trustedFields.has(field.id)) continue;
    if (!trusted && !input.team && field.tester_settable === 0) {
      plan.warnings.push(`Custom field "${field.name}" can only be set by the team; the value was dropped.`);
      continue;
    }
    const value = normalize(field, raw, input);
    if (value !== null && charactersOf(value) > CUSTOM_VALUE_MAX) {
      plan.warnings.push(
        `Custom field "${field.name}" was dropped: values are capped at ${CUSTOM_VALUE_MAX} characters.`,
      );
      continue;
    }
    plan.set = plan.set.filter((s) => s.field.id !== field.id);
    if (value !== null) plan.set.push({ field, value });
  }

  if (input.checkRequired && !input.deferValidation) {
    const missing = fields.find((f) => f.required === 1 && !plan.set.some((s) => s.field.id === f.id));
    if (missing) throw unprocessable(`Custom field "${missing.name}" is required.`, { field: missing.ident });
  }
  return plan;
}

/**
 * Writes a plan for one record of its entity (inside the caller's transaction): new fields are
 * created first, then `write` stores each value. Answers the warnings of fields it could not create.
 */
export function applyCustomFieldPlan(
  deps: Pick<Deps, 'db' | 'clock'>,
  project: ProjectRow,
  plan: CustomFieldPlan,
  path: CustomFieldPath,
  write: (fieldId: number, value: unknown) => void,
): string[] {
  const warnings: string[] = [];
  const now = deps.clock.now().toISOString();
  for (const { field, value } of plan.set) write(field.id, value);
  for (const pending of plan.create) {
    let field = stmt(deps.db, 'SELECT * FROM custom_fields WHERE project_id = ? AND applies_to = ? AND ident = ?').get(
      project.id,
      plan.entity,
      pending.ident,
    ) as CustomFieldRow | undefined;
    if (!field) {
      // Re-checked here: a concurrent request may have filled the last places.
      if (countCustomFields(deps.db, project.id, plan.entity) >= AUTO_CREATE_LIMIT) {
        warnings.push(fullMessage(pending.name, plan.entity));
        continue;
      }
      field = insertCustomField(deps.db, {
        project_id: project.id,
        applies_to: plan.entity,
        ident: pending.ident,
        name: pending.name,
        field_type: 'text',
        options: '[]',
        required: 0,
        // Hidden from testers on the SDK path, visible on the Discord path (docs/api/issues.md#custom-field-rules, 7).
        player_viewable: path === 'discord' ? 1 : 0,
        tester_settable: 1,
        auto_created: 1,
        created_at: now,
      });
    }
    write(field.id, pending.value);
  }
  return warnings;
}

/** Writes the plan for one issue; `blanks` are fields an update empties. */
export function applyCustomFields(
  deps: Pick<Deps, 'db' | 'clock'>,
  project: ProjectRow,
  issueId: number,
  plan: CustomFieldPlan,
  path: CustomFieldPath,
  blanks: number[] = [],
): string[] {
  for (const fieldId of blanks)
    stmt(deps.db, 'DELETE FROM issue_custom_values WHERE issue_id = ? AND field_id = ?').run(issueId, fieldId);
  return applyCustomFieldPlan(deps, project, plan, path, (fieldId, value) =>
    setIssueCustomValue(deps.db, issueId, fieldId, value),
  );
}

/** Publish-time check of stored values: required fields present, select values allowed (rule 5). */
export function assertStoredCustomValues(
  deps: Pick<Deps, 'db'>,
  project: ProjectRow,
  entity: CustomFieldEntity,
  storedValues: ReadonlyArray<{ field_id: number; value: string }>,
): void {
  const fields = listCustomFields(deps.db, project.id, entity);
  const stored = new Map(storedValues.map((v) => [v.field_id, JSON.parse(v.value) as unknown]));
  for (const field of fields) {
    const value = stored.get(field.id);
    if (field.required === 1 && blank(value))
      throw unprocessable(`Custom field "${field.name}" is required.`, { field: field.ident });
    if (value === undefined) continue;
    if (field.field_type === 'single_select') assertSelect(field, [String(value)]);
    if (field.field_type === 'multi_select') assertSelect(field, (Array.isArray(value) ? value : [value]).map(String));
  }
}

/** Publish-time check of a draft issue. */
export function assertCustomFieldsComplete(deps: Pick<Deps, 'db'>, project: ProjectRow, issueId: number): void {
  assertStoredCustomValues(deps, project, 'issue', listIssueCustomValues(deps.db, issueId));
}
