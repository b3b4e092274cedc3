// Renders one JSON Schema of the OpenAPI document for the /docs page: a table of fields with their types,
// whether they are required, and their descriptions, nested objects inside; `$ref`s followed into components.
import { escapeHtml, markdownInline } from './docs-page.ts';

type Schema = Record<string, unknown>;
const MAX_DEPTH = 4;

function resolve(schema: Schema, components: Record<string, Schema>): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  return components[ref.replace('#/components/schemas/', '')] ?? {};
}

/** The type of a schema in one line: `string (date-time)`, `"open" | "closed"`, `Item[]`, `object`. */
export function typeLabel(schema: Schema, components: Record<string, Schema>, seen = new Set<unknown>()): string {
  if (seen.has(schema)) return 'object (recursive)';
  seen.add(schema);
  if (typeof schema.$ref === 'string') return typeLabel(resolve(schema, components), components, seen);
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(union)) return [...new Set(union.map((s) => typeLabel(s, components, seen)))].join(' | ');
  if (Array.isArray(schema.allOf))
    return (schema.allOf as Schema[]).map((s) => typeLabel(s, components, seen)).join(' & ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type as string | undefined);
  if (type === 'array') {
    const item = typeLabel((schema.items as Schema | undefined) ?? {}, components, seen);
    return `${item.includes(' ') ? `(${item})` : item}[]`;
  }
  if (!type) return 'any';
  return typeof schema.format === 'string' ? `${type} (${schema.format})` : type;
}

/** The object whose fields a schema shows: itself, an array's items, or the object branch of a nullable union. */
function fieldsOf(schema: Schema, components: Record<string, Schema>): Schema | undefined {
  const s = resolve(schema, components);
  if (s.properties) return s;
  if (s.type === 'array' && s.items) return fieldsOf(s.items as Schema, components);
  const union = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  const objects = (union ?? []).map((branch) => fieldsOf(branch, components)).filter(Boolean);
  return objects.length === 1 ? objects[0] : undefined;
}

function constraints(schema: Schema): string {
  const parts: string[] = [];
  for (const [key, label] of [
    ['minLength', 'min length'],
    ['maxLength', 'max length'],
    ['minimum', 'min'],
    ['maximum', 'max'],
    ['maxItems', 'max items'],
    ['pattern', 'pattern'],
    ['default', 'default'],
  ] as const)
    if (schema[key] !== undefined) parts.push(`${label} ${JSON.stringify(schema[key])}`);
  return parts.join(', ');
}

/** The fields table of a schema, or its one-line type when it has no fields. */
export function schemaTable(schema: Schema, components: Record<string, Schema>, depth = 0): string {
  const object = fieldsOf(schema, components);
  if (!object) return `<p>Type: <code>${escapeHtml(typeLabel(schema, components))}</code></p>`;
  const required = new Set((object.required as string[] | undefined) ?? []);
  const rows = Object.entries(object.properties as Record<string, Schema>).map(([name, field]) => {
    const resolved = resolve(field, components);
    const description = [resolved.description ?? field.description, constraints(resolved)].filter(Boolean).join('. ');
    const nested =
      depth < MAX_DEPTH && resolved !== object && fieldsOf(field, components)
        ? `<details><summary>fields</summary>${schemaTable(field, components, depth + 1)}</details>`
        : '';
    return (
      `<tr><td><code>${escapeHtml(name)}</code></td><td><code>${escapeHtml(typeLabel(field, components))}</code></td>` +
      `<td>${required.has(name) ? 'required' : ''}</td><td>${markdownInline(String(description))}${nested}</td></tr>`
    );
  });
  return (
    '<table><thead><tr><th>Field</th><th>Type</th><th></th><th>Description</th></tr></thead>' +
    `<tbody>${rows.join('')}</tbody></table>`
  );
}
