// One value of a custom field by the rules of docs/api/issues.md#custom-field-rules, for issues,
// feature requests and tickets alike: the ident of a new field's name, the 4096-character count, and
// each type's conversion (text, 1/0 form booleans, exact select values, coordinates), 422 naming the field.
import { unprocessable } from '../../errors.ts';
import type { CustomFieldRow } from '../projects-auth/custom-fields-repository.ts';

export const CUSTOM_VALUE_MAX = 4096;

/** How a value was sent, and whether select checks wait for publish (drafts, rule 5). */
export interface ValueContext {
  encoding: 'json' | 'form';
  deferValidation: boolean;
}

/**
 * Characters of a value for the 4096 cap (docs/api/issues.md#custom-field-rules, rule 8): a text's own characters (code
 * points, not its JSON escaping), a multi-select's items together, coordinates as JSON.
 */
export function charactersOf(value: unknown): number {
  if (typeof value === 'string') return [...value].length;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + charactersOf(String(item)), 0);
  return typeof value === 'boolean' ? 0 : [...JSON.stringify(value)].length;
}
export const blank = (v: unknown) =>
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

export function findField(fields: readonly CustomFieldRow[], key: string): CustomFieldRow | undefined {
  return (
    fields.find((f) => f.ident === key) ??
    fields.find((f) => f.name === key) ??
    fields.find((f) => f.name.toLowerCase() === key.toLowerCase())
  );
}

export function assertSelect(field: CustomFieldRow, values: string[]): void {
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
export function normalize(field: CustomFieldRow, raw: unknown, input: ValueContext): unknown {
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
