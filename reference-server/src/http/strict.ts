// Parameter checks of every API request against the operation's declared schemas (widget/src/protocol,
// the same schemas the OpenAPI document is built from): query or body keys the operation does not
// take (top level, and one level inside a wrapper such as `issue[...]`, all named in one finding), form
// booleans other than `1`, `0`, `true`, `false`, custom values under `issue[custom_fields]`, image and
// video parts labelled `application/octet-stream`, and a JSON body labelled as a form. Each is noted for
// the conformance report, which --strict turns into a 400 naming the rule (conformance-rules.ts;
// see docs/api-choices.md#strict-mode).
import type { Context } from 'hono';
import { operations, type Operation } from '../../../widget/src/protocol/index.ts';
import { noteShape } from './conformance-recorder.ts';
import { clip } from './conformance-store.ts';
import { requestUrl } from './request-url.ts';
import { checkFileTypes, refuseJsonAsForm } from './strict-bodies.ts';

/** Allowed keys of an object schema: null means "anything" (not an object, a record, a union of non-objects). */
interface KeySet {
  keys: Map<string, KeySet | null>;
}

/** The parts of a zod schema's definition read here. */
interface SchemaDef {
  type?: string;
  shape?: Record<string, AnySchema>;
  innerType?: AnySchema;
  in?: AnySchema;
  out?: AnySchema;
  getter?: () => AnySchema;
  options?: AnySchema[];
}
type AnySchema = { _zod?: { def?: SchemaDef } } | undefined;

/** The object shapes a schema accepts after unwrapping optional/default/pipe/union; null when it is not an object. */
function shapesOf(schema: AnySchema, depth = 0): Record<string, AnySchema>[] | null {
  const def = schema?._zod?.def;
  if (!def || depth > 12) return null;
  switch (def.type) {
    case 'object':
      return [def.shape!];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return shapesOf(def.innerType, depth + 1);
    case 'pipe':
      return shapesOf(def.in?._zod?.def?.type === 'transform' ? def.out : def.in, depth + 1);
    case 'lazy':
      return shapesOf(def.getter!(), depth + 1);
    case 'union': {
      const all: Record<string, AnySchema>[] = [];
      for (const option of def.options!) {
        const shapes = shapesOf(option, depth + 1);
        if (shapes) all.push(...shapes);
      }
      return all.length > 0 ? all : null;
    }
    default:
      return null;
  }
}

function keySetOf(schema: AnySchema, level: number): KeySet | null {
  const shapes = shapesOf(schema);
  if (!shapes) return null;
  const keys = new Map<string, KeySet | null>();
  for (const shape of shapes) {
    for (const [key, child] of Object.entries(shape)) {
      // Only the wrapper level is checked (issue[...], ticket[...]); deeper values are free-form
      // (custom field idents, device info, debug trace steps).
      const nested = level === 0 ? keySetOf(child, 1) : null;
      const existing = keys.get(key);
      if (existing === undefined) keys.set(key, nested);
      else if (existing && nested) for (const [k, v] of nested.keys) existing.keys.set(k, v);
      else keys.set(key, null);
    }
  }
  return { keys };
}

/** Wrappers whose keys are free-form (docs/api/playtime.md): any `playtime_session[<key>]=<value>` is a tag. */
const FREE_FORM_WRAPPERS = new Set(['playtime_session']);

interface StrictOperation {
  op: Operation;
  methods: readonly string[];
  pattern: RegExp;
  params: number;
  query: KeySet | null;
  body: KeySet | null;
}

function compile(): StrictOperation[] {
  const list: StrictOperation[] = [];
  for (const op of Object.values(operations) as Operation[]) {
    if (!op.path.startsWith('/projects') && !op.path.startsWith('/auth')) continue;
    const source = op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+');
    const params = (op.path.match(/\{\w+\}/g) ?? []).length;
    const query = op.query ? keySetOf(op.query as AnySchema, 0) : { keys: new Map() };
    // A search POST without its own body schema takes the query parameters in the body.
    const body = op.body
      ? keySetOf(op.body as AnySchema, 0)
      : op.methods.includes('POST') && op.query
        ? query
        : { keys: new Map() };
    if (body) for (const wrapper of FREE_FORM_WRAPPERS) if (body.keys.has(wrapper)) body.keys.set(wrapper, null);
    list.push({ op, methods: op.methods, pattern: new RegExp(`^${source}$`), params, query, body });
  }
  // Literal segments win over placeholders: /issues/search before /issues/{issue_id}.
  return list.sort((a, b) => a.params - b.params);
}

let compiled: StrictOperation[] | null = null;

/**
 * The route a path with a trailing slash meant (`/projects/pr-1/issues.json/` → `/projects/pr-1/issues.json`),
 * when one answers this method; null otherwise.
 */
export function meantRoute(method: string, path: string): string | null {
  if (!/[^/]\/+$/.test(path)) return null;
  const meant = path.replace(/\/+$/, '');
  return operationOf(method, meant) ? meant : null;
}

function operationOf(method: string, path: string): StrictOperation | undefined {
  compiled ??= compile();
  const bare = path.endsWith('.json') ? path.slice(0, -5) : path;
  return compiled.find((o) => o.methods.includes(method as never) && o.pattern.test(bare));
}

/** A parameter name as the report and a 400 show it: a client may send any length. */
const nameOf = (name: string) => JSON.stringify(clip(name, 100));
/** How many unknown names one finding lists before it only counts the rest. */
const MAX_NAMED = 50;

/** Every key of `value` the operation does not take, as `key` or `key[inner]`. */
function unknownKeys(allowed: KeySet | null, value: Record<string, unknown>): string[] {
  if (!allowed) return [];
  const unknown: string[] = [];
  for (const [key, child] of Object.entries(value)) {
    if (!allowed.keys.has(key)) {
      unknown.push(key);
      continue;
    }
    const nested = allowed.keys.get(key);
    if (nested && child && typeof child === 'object' && !Array.isArray(child) && !(child instanceof Blob)) {
      for (const inner of Object.keys(child)) if (!nested.keys.has(inner)) unknown.push(`${key}[${inner}]`);
    }
  }
  return unknown;
}

/** One finding (one 400 under --strict) naming every unknown parameter of the query or the body. */
function noteUnknown(c: Context, where: 'query' | 'body', unknown: string[], op: Operation): void {
  if (unknown.length === 0) return;
  const named = unknown.slice(0, MAX_NAMED).map(nameOf).join(', ');
  const more = unknown.length > MAX_NAMED ? ` (and ${unknown.length - MAX_NAMED} more)` : '';
  const noun = unknown.length === 1 ? 'parameter' : 'parameters';
  noteShape(c, 'unknown-parameter', `Unknown ${where} ${noun} ${named}${more} for ${op.methods[0]} ${op.path}`);
}

/** Top-level form booleans (docs/api-choices.md#form-booleans; publish; releases). */
const FLAG_KEYS = new Set([
  'draft',
  'skip_description_check',
  'email_my_report',
  'save_draft',
  'process_include_flags',
  'include_screenshot',
  'include_video',
  'include_other',
  'raw',
  'developer_private',
  'send_images_separately',
]);

function checkFlags(c: Context, value: Record<string, unknown>, path: string): void {
  for (const [key, child] of Object.entries(value)) {
    const name = path ? `${path}[${key}]` : key;
    if (typeof child === 'string' && FLAG_KEYS.has(key) && !['1', '0', 'true', 'false'].includes(child)) {
      noteShape(
        c,
        'form-boolean-spelling',
        `The form boolean ${clip(name, 100)}=${clip(child, 100)} is not one of 1, 0, true, false`,
      );
    }
    if (!path && child && typeof child === 'object' && !Array.isArray(child) && !(child instanceof Blob))
      checkFlags(c, child as Record<string, unknown>, name);
  }
}

/** Writes whose route merges the query into the body. */
const QUERY_AND_BODY = new Set(['setFeatureRequestContactInfo']);

/** Checks the query string of a request (run once per request, before the handler). */
export function strictQuery(c: Context): void {
  const op = operationOf(c.req.method, requestUrl(c).pathname);
  if (!op) return;
  const url = requestUrl(c);
  const query: Record<string, unknown> = {};
  for (const key of url.searchParams.keys()) {
    const bracket = key.indexOf('[');
    const top = bracket === -1 ? key : key.slice(0, bracket);
    const inner = bracket === -1 ? null : (/^\[([^\]]*)\]/.exec(key.slice(bracket))?.[1] ?? '');
    query[top] = inner ? { ...(query[top] as object), [inner]: '' } : '';
  }
  // A search POST (and the feature request contact route) read the query beside the body; every
  // other write reads only its body, so a body parameter sent in the query would be ignored.
  const readsQuery = c.req.method === 'POST' && (op.methods.includes('GET' as never) || QUERY_AND_BODY.has(op.op.id));
  noteUnknown(c, 'query', unknownKeys(readsQuery ? mergeKeySets(op.query, op.body) : op.query, query), op.op);
}

function mergeKeySets(a: KeySet | null, b: KeySet | null): KeySet | null {
  if (!a || !b) return null;
  return { keys: new Map([...a.keys, ...b.keys]) };
}

/** Checks a parsed body (readBody calls it on every request). */
export function strictBody(c: Context, body: Record<string, unknown>, encoding: 'json' | 'form'): void {
  const op = operationOf(c.req.method, requestUrl(c).pathname);
  if (!op) return;
  if (encoding === 'form') refuseJsonAsForm(c, body);
  const issue = body.issue;
  if (issue && typeof issue === 'object' && 'custom_fields' in issue) {
    const keys = Object.keys((issue as { custom_fields: object }).custom_fields ?? {});
    noteShape(
      c,
      'custom-fields-wrapper',
      keys
        .slice(0, MAX_NAMED)
        .map((key) => `issue[custom_fields][${clip(key, 100)}]`)
        .join(', ') || 'issue[custom_fields]',
    );
  }
  noteUnknown(c, 'body', unknownKeys(op.body, body), op.op);
  if (encoding === 'form') {
    checkFlags(c, body, '');
    checkFileTypes(c, body);
  }
}
