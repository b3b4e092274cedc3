// The nine custom field rules of docs/api/issues.md#custom-field-rules: types, form booleans (1/0 only),
// multi-select in form and JSON, required and select checks (deferred to publish for drafts),
// ident-then-name lookup, auto-creation on the SDK and Discord paths up to 32 fields, the
// 4096-character cap, and a warning for every value dropped.
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

export const CUSTOM_VALUE_MAX = 4096;
export const AUTO_CREATE_LIMIT = 32;

export type CustomFieldPath = 'sdk' | 'discord' | 'user';

export interface CustomFieldInput {
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
  set: Array<{ field: CustomFieldRow; value: unknown }>;
  create: Array<{ ident: string; name: string; value: string }>;
  warnings: string[];
}

/**
 * Characters of a value for the 4096 cap (docs/api/issues.md#custom-field-rules, rule 8): a text's own characters (code
 * points, not its JSON escaping), a multi-select's items together, coordinates as JSON.
 */
function charactersOf(value: unknown): number {
  if (typeof value === 'string') return [...value].length;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + charactersOf(String(item)), 0);
  return typeof value === 'boolean' ? 0 : [...JSON.stringify(value)].length;
}
const blank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
const optionsOf = (field: CustomFieldRow) => JSON.parse(field.options) as string[];

export function toIdent(key: string): string {
  return (
    key
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_')
      .replace(/_+/g, '_')
      .slice(0, 100) || 'field'
  );
}

function findField(fields: readonly CustomFieldRow[], key: string): CustomFieldRow | undefined {
  return (
    fields.find((f) => f.ident === key) ??
    fields.find((f) => f.name === key) ??
    fields.find((f) => f.name.toLowerCase() === key.toLowerCase())
  );
}

function assertSelect(field: CustomFieldRow, values: string[]): void {
  const options = optionsOf(field);
  const bad = values.find((v) => !options.includes(v));
  if (bad !== undefined) {
    throw unprocessable(
      `Custom field "${field.name}" has an invalid value ${JSON.stringify(bad)}: allowed values are ` +
        `${options.map((o) => JSON.stringify(o)).join(', ')}.`,
      { field: field.ident },
    );
  }
}

/** Converts one submitted value to its stored form, or throws 422; null means "blank". */
function normalize(field: CustomFieldRow, raw: unknown, input: CustomFieldInput): unknown {
  const name = field.name;
  switch (field.field_type) {
    case 'text':
      if (blank(raw)) return null;
      if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
      throw unprocessable(`Custom field "${name}" must be text.`, { field: field.ident });
    case 'boolean': {
      if (blank(raw)) return null;
      if (input.encoding === 'form') {
        if (raw === '1' || raw === '0') return raw === '1';
        if (raw === 'true' || raw === 'false' || raw === 'True' || raw === 'False') {
          throw unprocessable(
            `Custom field "${name}" is a boolean: in form encoding send 1 or 0, not ${JSON.stringify(raw)}.`,
            { field: field.ident },
          );
        }
        throw unprocessable(`Custom field "${name}" must be a boolean (1 or 0).`, { field: field.ident });
      }
      if (typeof raw === 'boolean') return raw;
      if (raw === 1 || raw === 0 || raw === '1' || raw === '0') return raw === 1 || raw === '1';
      if (raw === 'true' || raw === 'false') return raw === 'true';
      throw unprocessable(`Custom field "${name}" must be a boolean.`, { field: field.ident });
    }
    case 'single_select':
      if (blank(raw)) return null;
      if (typeof raw !== 'string' && typeof raw !== 'number')
        throw unprocessable(`Custom field "${name}" must be one of its allowed values.`, { field: field.ident });
      if (!input.deferValidation) assertSelect(field, [String(raw)]);
      return String(raw);
    case 'multi_select': {
      if (blank(raw)) return null;
      const list = Array.isArray(raw) ? raw : [raw];
      if (list.some((v) => typeof v !== 'string' && typeof v !== 'number'))
        throw unprocessable(`Custom field "${name}" must be a list of allowed values.`, { field: field.ident });
      const values = list.map(String).filter((v) => v !== '');
      if (!input.deferValidation) assertSelect(field, values);
      return values.length ? values : null;
    }
    case 'coordinates': {
      if (blank(raw)) return null;
      const point = raw as Record<string, unknown>;
      const x = Number(point?.x);
      const y = Number(point?.y);
      if (
        typeof raw !== 'object' ||
        Array.isArray(raw) ||
        point.client_map_id === undefined ||
        point.x === '' ||
        point.y === '' ||
        !Number.isFinite(x) ||
        !Number.isFinite(y)
      ) {
        throw unprocessable(`Custom field "${name}" must be coordinates {client_map_id, x, y}.`, {
          field: field.ident,
        });
      }
      return { client_map_id: String(point.client_map_id), x, y };
    }
  }
}

/** Decides what to store, create and warn about; every 422 of the rules is thrown here. */
export function planCustomFields(
  deps: Pick<Deps, 'db'>,
  project: ProjectRow,
  input: CustomFieldInput,
): CustomFieldPlan {
  const fields = listCustomFields(deps.db, project.id, 'issue');
  const plan: CustomFieldPlan = { set: [], create: [], warnings: [] };
  const entries: Array<[string, unknown, boolean]> = [
    ...Object.entries(input.values).map(([k, v]): [string, unknown, boolean] => [k, v, false]),
    ...Object.entries(input.trusted ?? {}).map(([k, v]): [string, unknown, boolean] => [k, v, true]),
  ];
  // Trusted values replace submitted ones for the same field.
  const trustedFields = new Set(
    entries
      .filter(([, , t]) => t)
      .map(([k]) => findField(fields, k)?.id)
      .filter((id) => id !== undefined),
  );
  let room = AUTO_CREATE_LIMIT - fields.length;

  for (const [key, raw, trusted] of entries) {
    const field = findField(fields, key);
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
        plan.warnings.push(
          `Custom field "${key}" was not created: the project already has ${AUTO_CREATE_LIMIT} issue custom fields.`,
        );
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

/** Writes the plan for one issue (inside the caller's transaction); new fields are created first. */
export function applyCustomFields(
  deps: Pick<Deps, 'db' | 'clock'>,
  project: ProjectRow,
  issueId: number,
  plan: CustomFieldPlan,
  path: CustomFieldPath,
  blanks: number[] = [],
): string[] {
  const warnings: string[] = [];
  const now = deps.clock.now().toISOString();
  for (const fieldId of blanks)
    stmt(deps.db, 'DELETE FROM issue_custom_values WHERE issue_id = ? AND field_id = ?').run(issueId, fieldId);
  for (const { field, value } of plan.set) setIssueCustomValue(deps.db, issueId, field.id, value);
  for (const pending of plan.create) {
    let field = stmt(
      deps.db,
      "SELECT * FROM custom_fields WHERE project_id = ? AND applies_to = 'issue' AND ident = ?",
    ).get(project.id, pending.ident) as CustomFieldRow | undefined;
    if (!field) {
      // Re-checked here: a concurrent request may have filled the last places.
      if (countCustomFields(deps.db, project.id, 'issue') >= AUTO_CREATE_LIMIT) {
        warnings.push(
          `Custom field "${pending.name}" was not created: ` +
            `the project already has ${AUTO_CREATE_LIMIT} issue custom fields.`,
        );
        continue;
      }
      field = insertCustomField(deps.db, {
        project_id: project.id,
        applies_to: 'issue',
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
    setIssueCustomValue(deps.db, issueId, field.id, pending.value);
  }
  return warnings;
}

/** Publish-time check of a draft: required fields present, select values allowed (rule 5). */
export function assertCustomFieldsComplete(deps: Pick<Deps, 'db'>, project: ProjectRow, issueId: number): void {
  const fields = listCustomFields(deps.db, project.id, 'issue');
  const stored = new Map(
    listIssueCustomValues(deps.db, issueId).map((v) => [v.field_id, JSON.parse(v.value) as unknown]),
  );
  for (const field of fields) {
    const value = stored.get(field.id);
    if (field.required === 1 && blank(value))
      throw unprocessable(`Custom field "${field.name}" is required.`, { field: field.ident });
    if (value === undefined) continue;
    if (field.field_type === 'single_select') assertSelect(field, [String(value)]);
    if (field.field_type === 'multi_select') assertSelect(field, (Array.isArray(value) ? value : [value]).map(String));
  }
}
