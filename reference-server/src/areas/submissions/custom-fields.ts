// Custom field values sent with a feature request or a ticket (`[custom]` or `[custom_fields]`),
// checked against the project's definitions for that entity by docs/api/issues.md#custom-field-rules:
// types, 1/0 form booleans, exact select values, required fields (deferred for drafts),
// auto-created text fields on the SDK and Discord paths (up to 32), 4096 characters per value.
import type { Deps } from '../../deps.ts';
import { unprocessable } from '../../errors.ts';
import {
  countCustomFields,
  insertCustomField,
  listCustomFields,
  type CustomFieldRow,
} from '../projects-auth/custom-fields-repository.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';

export type Entity = 'feature_request' | 'ticket';
export const MAX_CUSTOM_VALUE_LENGTH = 4096;
export const MAX_AUTO_CREATED_FIELDS = 32;

export interface ResolvedValue {
  field: CustomFieldRow;
  value: unknown;
}
export interface ResolveOptions {
  encoding: 'json' | 'form';
  /** Drafts: required and select checks wait for publish (docs/api/issues.md#custom-field-rules, rule 5). */
  defer: boolean;
  /** Unknown idents become text fields on these paths; elsewhere they are dropped with a warning. */
  autoCreate: 'sdk' | 'discord' | null;
  now: string;
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

function toIdent(key: string): string {
  return (
    key
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 64) || 'field'
  );
}

function coerce(
  field: CustomFieldRow,
  raw: unknown,
  options: ResolveOptions,
): { value: unknown } | { warning: string } {
  const options_ = JSON.parse(field.options) as string[];
  const label = `Custom field ${field.ident}`;
  switch (field.field_type) {
    case 'boolean': {
      if (typeof raw === 'boolean' && options.encoding === 'json') return { value: raw };
      if (raw === '1' || raw === 1) return { value: true };
      if (raw === '0' || raw === 0) return { value: false };
      throw unprocessable(
        `${label} is a boolean: send 1 or 0${options.encoding === 'json' ? ' (or true/false in JSON)' : ''}.`,
      );
    }
    case 'single_select': {
      const value = String(raw);
      if (!options.defer && !options_.includes(value))
        throw unprocessable(`${label} must be one of: ${options_.join(', ')}.`);
      return { value };
    }
    case 'multi_select': {
      const values = (Array.isArray(raw) ? raw : [raw]).map(String);
      const bad = values.find((v) => !options_.includes(v));
      if (!options.defer && bad !== undefined)
        throw unprocessable(`${label} must hold values among: ${options_.join(', ')}.`);
      return { value: values };
    }
    case 'coordinates': {
      const c = raw as Record<string, unknown> | null;
      const x = Number(c?.x),
        y = Number(c?.y);
      if (
        typeof c !== 'object' ||
        c === null ||
        c.client_map_id === undefined ||
        !Number.isFinite(x) ||
        !Number.isFinite(y)
      ) {
        throw unprocessable(`${label} must be an object {client_map_id, x, y}.`);
      }
      return { value: { client_map_id: c.client_map_id, x, y } };
    }
    default: {
      if (typeof raw === 'object' && raw !== null) throw unprocessable(`${label} is a text field: send a string.`);
      const value = String(raw);
      // The cap counts characters (code points), so an emoji is one, as for issues.
      if ([...value].length > MAX_CUSTOM_VALUE_LENGTH)
        return { warning: `${label} was dropped: longer than ${MAX_CUSTOM_VALUE_LENGTH} characters.` };
      return { value };
    }
  }
}

/**
 * Values of `[custom]` and `[custom_fields]` merged (docs/api-choices.md#custom-field-spellings accepts both), checked;
 * warnings for what was dropped.
 */
export function resolveCustomValues(
  deps: Pick<Deps, 'db'>,
  project: ProjectRow,
  entity: Entity,
  input: Record<string, unknown>,
  options: ResolveOptions,
): { values: ResolvedValue[]; warnings: string[] } {
  const fields = listCustomFields(deps.db, project.id, entity);
  const byIdent = new Map(fields.map((f) => [f.ident, f]));
  const byName = new Map(fields.map((f) => [f.name.toLowerCase(), f]));
  const values: ResolvedValue[] = [];
  const warnings: string[] = [];
  for (const [key, raw] of Object.entries(input)) {
    let field = byIdent.get(key) ?? byName.get(key.toLowerCase()) ?? byIdent.get(toIdent(key));
    if (!field) {
      if (!options.autoCreate) {
        warnings.push(`Unknown custom field ${key} was ignored.`);
        continue;
      }
      if (typeof raw === 'object' && raw !== null) {
        warnings.push(`Custom field ${key} could not be created: only text values create a field.`);
        continue;
      }
      if (countCustomFields(deps.db, project.id, entity) >= MAX_AUTO_CREATED_FIELDS) {
        warnings.push(
          `Custom field ${key} was not created: the project has ${MAX_AUTO_CREATED_FIELDS} ${entity} fields.`,
        );
        continue;
      }
      field = insertCustomField(deps.db, {
        project_id: project.id,
        applies_to: entity,
        ident: toIdent(key),
        name: key.slice(0, 100),
        field_type: 'text',
        options: '[]',
        required: 0,
        player_viewable: options.autoCreate === 'discord' ? 1 : 0,
        tester_settable: 1,
        auto_created: 1,
        created_at: options.now,
      });
      byIdent.set(field.ident, field);
    }
    if (isBlank(raw)) continue;
    const result = coerce(field, raw, options);
    if ('warning' in result) warnings.push(result.warning);
    else values.push({ field, value: result.value });
  }
  if (!options.defer) assertRequiredPresent(fields, new Set(values.map((v) => v.field.id)));
  return { values, warnings };
}

export function assertRequiredPresent(fields: readonly CustomFieldRow[], present: Set<number>): void {
  const missing = fields.find((f) => f.required === 1 && !present.has(f.id));
  if (missing) throw unprocessable(`Custom field ${missing.name} (${missing.ident}) is required.`);
}

/** At publish: the checks a draft skipped, over its stored values. */
export function assertStoredValuesValid(
  deps: Pick<Deps, 'db'>,
  project: ProjectRow,
  entity: Entity,
  stored: Array<{ field_id: number; value: string }>,
): void {
  const fields = listCustomFields(deps.db, project.id, entity);
  const byId = new Map(fields.map((f) => [f.id, f]));
  for (const { field_id, value } of stored) {
    const field = byId.get(field_id);
    if (field && (field.field_type === 'single_select' || field.field_type === 'multi_select')) {
      coerce(field, JSON.parse(value), { encoding: 'json', defer: false, autoCreate: null, now: '' });
    }
  }
  assertRequiredPresent(fields, new Set(stored.map((s) => s.field_id)));
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
