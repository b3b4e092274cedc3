// The shape of one API operation: method, path template and the zod schemas of its wire
// shapes. Every operation of the service is declared once with defineOperation.
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Operation {
  /** Stable camelCase name, used as the OpenAPI operationId and the client method name. */
  id: string;
  /** The first method is the canonical one; the others are accepted aliases (PATCH/PUT). */
  methods: readonly HttpMethod[];
  /** Path template with `{param}` placeholders, without the optional `.json` suffix. */
  path: string;
  summary: string;
  tag: string;
  query?: z.ZodType;
  /** Body schema in its JSON form; form and multipart bodies are normalised to it first. */
  body?: z.ZodType;
  response?: z.ZodType;
  /** Success status, 200 unless said. */
  status?: number;
  /** Auth is not required (CDN, storage, docs). */
  public?: boolean;
}

export function defineOperation<const O extends Operation>(operation: O): O {
  return operation;
}

/** Fills a path template: toPath('/projects/{project_id}', {project_id: 'pr-1'}). */
export function toPath(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${template}`);
    return encodeURIComponent(String(value));
  });
}
