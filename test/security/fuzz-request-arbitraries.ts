// fast-check arbitraries for the OpenAPI fuzz pass: values shaped by an operation's JSON schema
// with junk mixed in, path ids that exist or not, every credential scheme, and bodies in every
// encoding (JSON, form, multipart, raw junk, and JSON nested thousands of levels deep).
import fc from 'fast-check';
import { OTHER_PROJECT_ID, PATS, PROJECT_ID, PUBLIC_PROJECT_ID, TOKENS } from '../helpers/seed.ts';

type Schema = Record<string, any>;

const junkString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '%',
    '%zz',
    '%00',
    '..',
    '../../etc/passwd',
    '<script>',
    'null',
    'true',
    '-1',
    '1e309',
    'NaN',
    '\u0000',
    'g-',
    'g-99999999999999999999',
  ),
);
const junk = fc.oneof(
  junkString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(junkString, { maxLength: 3 }),
  fc.dictionary(junkString, junkString, { maxKeys: 3 }),
);

/** A value for the schema, or (one time in five) junk of any shape. */
export function fromSchema(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return junk;
  const shaped = shapedBy(schema, depth);
  return fc.oneof({ arbitrary: shaped, weight: 4 }, { arbitrary: junk, weight: 1 });
}

function shapedBy(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants) && variants.length)
    return fc.oneof(...variants.map((v: Schema) => fromSchema(v, depth + 1)));
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fc.oneof(
        fc.string({ maxLength: 60 }),
        fc.constantFrom('1', 'true', 'g-1', '2026-01-01T00:00:00.000Z', 'a@b.c', '1h'),
      );
    case 'integer':
      return fc.oneof(fc.integer({ min: -5, max: 60 }), fc.integer());
    case 'number':
      return fc.oneof(fc.double(), fc.integer({ min: 0, max: 100 }));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items, depth + 1), { maxLength: 4 });
    case 'object': {
      const properties = Object.entries<Schema>(schema.properties ?? {});
      if (!properties.length) return fc.dictionary(junkString, junk, { maxKeys: 3 });
      return fc.record(Object.fromEntries(properties.map(([name, s]) => [name, fromSchema(s, depth + 1)])), {
        requiredKeys: [],
      });
    }
    default:
      return junk;
  }
}

/** A path parameter: an id that exists, one that does not, or junk (percent-encoded, or raw). */
export function pathParam(name: string): fc.Arbitrary<string> {
  const known: Record<string, string[]> = {
    project_id: [PROJECT_ID, PUBLIC_PROJECT_ID, OTHER_PROJECT_ID, 'pr-424242'],
    issue_id: ['g-1', '1', '2', 'g-2', 'g-3', 'g-999999', '0'],
    media: ['screenshots', 'log_files', 'binary_files', 'video_clips'],
    media_id: ['1', '2', '999999'],
    id: ['1', '2', 'fr-1', 'g-1', '999999'],
    release_id: ['1', 'rel-1', 'rel-2', '999999'],
    playtime_session_id: ['00000000-0000-4000-8000-000000000000'],
    key: ['unknown-key'],
    token: [TOKENS.all, TOKENS.none],
  };
  const encodedJunk = junkString.map((s) => encodeURIComponent(s) || 'x');
  return fc.oneof(
    { arbitrary: fc.constantFrom(...(known[name] ?? ['1'])), weight: 3 },
    { arbitrary: encodedJunk, weight: 1 },
    { arbitrary: fc.constantFrom('%', '%zz', 'a%2Fb', '..%2F..'), weight: 1 },
  );
}

export const authorization = fc.constantFrom(
  undefined,
  'FormUser anonymous',
  `FormUser ${TOKENS.all}`,
  `FormUser ${TOKENS.none}`,
  `FormUser ${TOKENS.public}`,
  `FormUser ${TOKENS.all},email:fuzz@players.test`,
  `FormUser ${TOKENS.all},discord_id:123`,
  `FormUser ${TOKENS.all},not-a.jwt.at-all`,
  `Bearer ${PATS.owner}`,
  `Bearer ${PATS.tester}`,
  `Bearer ${PATS.support}`,
  'Bearer a.b.c',
  'Bearer ',
  'Basic Zm9vOmJhcg==',
  'FormUser ',
  'FormUser tkn-unknown',
  'FormUser anonymous,email:',
  '\u00ff\u00fe',
);

export interface FuzzBody {
  contentType?: string;
  body?: BodyInit;
  label: string;
}

function formEntries(value: unknown, prefix = ''): Array<[string, string]> {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
      formEntries(v, prefix ? `${prefix}[${Array.isArray(value) ? '' : k}]` : k),
    );
  }
  return [[prefix || 'x', String(value)]];
}

const deep = (depth: number, inner: string) => `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;

/** A request body in one of the encodings the API takes, or one it does not. */
export function requestBody(schema: Schema | undefined): fc.Arbitrary<FuzzBody> {
  const value = fromSchema(schema);
  return fc.oneof(
    {
      weight: 4,
      arbitrary: value.map((v) => ({
        label: 'json',
        contentType: 'application/json',
        body: JSON.stringify(v) ?? 'null',
      })),
    },
    {
      weight: 2,
      arbitrary: value.map((v) => ({
        label: 'form',
        contentType: 'application/x-www-form-urlencoded',
        body: new URLSearchParams(formEntries(v)).toString(),
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          value,
          fc.uint8Array({ maxLength: 64 }),
          fc.constantFrom('image/png', 'text/html', 'video/mp4', '', 'image/png,text/html'),
        )
        .map(([v, bytes, type]) => {
          const form = new FormData();
          for (const [k, s] of formEntries(v)) form.append(k, s);
          form.append('screenshot[image]', new Blob([bytes], { type }), 'f.png');
          return { label: 'multipart', body: form };
        }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          junkString,
          fc.constantFrom(
            'text/plain',
            'application/xml',
            'application/json',
            '',
            'multipart/form-data',
            'application/x-www-form-urlencoded',
          ),
        )
        .map(([text, type]) => ({ label: `raw ${type}`, contentType: type || undefined, body: text })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.integer({ min: 60, max: 9000 }), value).map(([depth, v]) => ({
        label: `json ${depth} deep`,
        contentType: 'application/json',
        body: `{"issue":${deep(depth, JSON.stringify(v) ?? 'null')}}`,
      })),
    },
    { weight: 1, arbitrary: fc.constant({ label: 'none' }) },
  );
}
