// Reads a request body in any of the three encodings the reference allows (JSON, form,
// multipart) into one nested object, so a service never cares how it was sent. Bracketed form
// keys nest: issue[custom][tags][]=a → {issue: {custom: {tags: ['a']}}}.
import type { Context } from 'hono';
import { badRequest, payloadTooLarge } from '../errors.ts';

export type Body = Record<string, unknown>;

/** Splits `issue[custom][tags][]` into ['issue', 'custom', 'tags', '']. */
export function splitKey(key: string): string[] {
  const first = key.indexOf('[');
  if (first === -1) return [key];
  const parts = [key.slice(0, first)];
  for (const match of key.slice(first).matchAll(/\[([^\]]*)\]/g)) parts.push(match[1]);
  return parts;
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Builds the nested object from form entries; `[]` (or a repeated key) makes an array. */
export function nestEntries(entries: Iterable<[string, unknown]>): Body {
  const root: Body = Object.create(null);
  for (const [key, value] of entries) {
    const parts = splitKey(key);
    if (parts.some((part) => FORBIDDEN_KEYS.has(part))) continue;
    let node: any = root;
    for (let i = 0; i < parts.length; i += 1) {
      const part = parts[i];
      const last = i === parts.length - 1;
      const nextIsArray = !last && parts[i + 1] === '';
      if (part === '') {
        if (!Array.isArray(node)) break;
        if (last) node.push(value);
        else {
          // issue[steps][][text]: a new object per entry.
          const child = Object.create(null);
          node.push(child);
          node = child;
        }
        continue;
      }
      if (last) {
        if (part in node) node[part] = Array.isArray(node[part]) ? [...node[part], value] : [node[part], value];
        else node[part] = value;
      } else {
        if (!(part in node) || typeof node[part] !== 'object' || node[part] === null || node[part] instanceof Blob) node[part] = nextIsArray ? [] : Object.create(null);
        node = node[part];
      }
    }
  }
  return root;
}

export function mediaTypeOf(c: Context): string {
  return (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
}

/** Hard cap on a non-upload body before parsing (decisions §1: 413). */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

export async function readBody(c: Context, options: { maxBytes?: number } = {}): Promise<Body> {
  const max = options.maxBytes ?? MAX_BODY_BYTES;
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > max) throw payloadTooLarge(`The request body is larger than ${Math.round(max / 1024 / 1024)} MB.`);
  const type = mediaTypeOf(c);
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return Object.create(null);
  if (type === 'application/json' || type.endsWith('+json')) {
    const text = await c.req.text();
    if (text.length > max) throw payloadTooLarge('The request body is too large.');
    if (text.trim() === '') return Object.create(null);
    let parsed: unknown;
    try { parsed = JSON.parse(text); } catch { throw badRequest('The request body is not valid JSON.'); }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badRequest('The JSON body must be an object.');
    return parsed as Body;
  }
  if (type === 'application/x-www-form-urlencoded') {
    const text = await c.req.text();
    return nestEntries(new URLSearchParams(text).entries());
  }
  if (type === 'multipart/form-data') {
    let form: FormData;
    try { form = await c.req.formData(); } catch { throw badRequest('The multipart body could not be parsed.'); }
    return nestEntries(form.entries());
  }
  if (type === '') {
    const text = await c.req.text();
    if (text.length === 0) return Object.create(null);
    throw badRequest('A request body needs a Content-Type: application/json, application/x-www-form-urlencoded or multipart/form-data.');
  }
  throw badRequest(`Unsupported Content-Type ${type}: send application/json, application/x-www-form-urlencoded or multipart/form-data.`);
}

/** Query parameters as one nested object (`status[]=a&status[]=b` → {status: ['a', 'b']}). */
export function readQuery(c: Context): Body {
  return nestEntries(new URL(c.req.url).searchParams.entries());
}

/** A single or array query value as a list: `status=a` or `status[]=a&status[]=b`. */
export function listParam(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.map(String).filter((v) => v !== '');
  return [String(value)];
}
