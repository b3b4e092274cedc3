// The conformance report's recording: while the server runs, every API request's non-canonical shapes and
// common mistakes (conformance-rules.ts) are noted on the request, then kept per client with the status
// the request was answered (conformance-store.ts). --strict turns a noted shape into a 400.
import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import type { Deps } from '../deps.ts';
import { STATUS_OF, ServiceError } from '../errors.ts';
import { CONFORMANCE_RULES, type ConformanceRuleId } from './conformance-rules.ts';
import { clip, createConformanceStore, type ConformanceStore, type Finding } from './conformance-store.ts';
import type { AppEnv } from './env.ts';
import { requestUrl } from './request-url.ts';
import { meantRoute } from './strict.ts';

export type { Finding };

/** What the conformance middleware puts on each request. */
export interface RequestConformance {
  strict: boolean;
  findings: Finding[];
}

/** Marks the 400 of a strict refusal so it can be told from other 400s. */
class StrictRefusal extends ServiceError {}

/**
 * Notes a rule bent by this request. Under --strict a `shape` is refused: a 400 naming the rule; a
 * `mistake` is answered as in the default mode. Requests the middleware did not see are not noted.
 */
export function noteShape(c: Context, rule: ConformanceRuleId, detail: string): void {
  const state = (c as Context<AppEnv>).get('conformance');
  if (!state) return;
  state.findings.push({ rule, detail });
  if (!state.strict || CONFORMANCE_RULES[rule].kind !== 'shape') return;
  const { rule: text, fix } = CONFORMANCE_RULES[rule];
  throw new StrictRefusal(
    'bad_request',
    `${detail}: refused by strict mode (docs/api-choices.md#strict-mode), rule "${rule}". ${text} Fix: ${fix}`,
  );
}

/** The credential kind of an Authorization header, read from its shape only (never resolved). */
export function credentialKind(header: string | undefined): string {
  const value = header?.trim() ?? '';
  if (!value) return 'none';
  if (/^tkn-/i.test(value)) return 'raw_project_token';
  const bearer = /^Bearer\s+(\S+)/i.exec(value);
  if (bearer) {
    if (bearer[1].startsWith('pat-')) return 'personal_access_token';
    return /^tkn-/i.test(bearer[1]) ? 'bearer_project_token' : 'bearer_jwt';
  }
  const formUser = /^FormUser\s+([^,]*)(?:,(.*))?$/i.exec(value);
  if (!formUser) return 'other';
  if (/^pat-/i.test(formUser[1].trim())) return 'formuser_personal_access_token';
  const base = formUser[1].trim().toLowerCase() === 'anonymous' ? 'anonymous' : 'project_token';
  const extra = formUser[2]?.trim();
  if (!extra) return base;
  if (extra.startsWith('email:')) return `${base}+email`;
  if (extra.startsWith('discord_id:')) return `${base}+discord_id`;
  return `${base}+jwt`;
}

/** Credential kinds of the Authorization headers seen last (a client sends the same one on every request). */
const kinds = new Map<string, string>();
const MAX_KINDS = 1024;
const MAX_REMEMBERED_HEADER = 4096;

function rememberedKind(header: string | undefined): string {
  if (header === undefined || header.length > MAX_REMEMBERED_HEADER) return credentialKind(header);
  let kind = kinds.get(header);
  if (kind === undefined) {
    kind = credentialKind(header);
    if (kinds.size >= MAX_KINDS) kinds.clear();
    kinds.set(header, kind);
  }
  return kind;
}

/** A browser client's page: the Origin header, else the origin of the Referer. */
function originOf(c: Context): string | null {
  const origin = c.req.header('origin')?.trim();
  if (origin && origin !== 'null') return origin;
  const referer = c.req.header('referer');
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

export type ConformanceRecorder = ConformanceStore;

const recorders = new WeakMap<Deps, ConformanceRecorder>();

/** The report of one server (its deps): written by the middleware, read by GET /__admin/conformance. */
export function conformanceRecorderOf(deps: Deps): ConformanceRecorder {
  let recorder = recorders.get(deps);
  if (!recorder) {
    recorder = createConformanceStore(deps.clock, deps.config.strict);
    recorders.set(deps, recorder);
  }
  return recorder;
}

/** The status an error thrown past this middleware is answered with (http/error-mapper.ts). */
function statusOfError(error: unknown): number {
  if (error instanceof ServiceError) return STATUS_OF[error.code];
  if (error instanceof ZodError) return 422;
  if (error instanceof HTTPException) return error.status;
  return 500;
}

/** API paths whose requests the report covers (not the CDN, storage, docs, inbox or /__admin). */
const API_PATH = /^\/(projects|auth|device_auth)(\/|\.json$|$)/;

/** After the answer: mistakes only the outcome shows (a draft's 404, a raw id that found an issue). */
export type ExplainAnswer = (request: {
  method: string;
  path: string;
  projectId: number | null;
  authorization: string | undefined;
  status: number;
}) => Finding[];

/**
 * Sets up the request's findings, notes what the request line and headers show (a credential's
 * scheme, a path without `.json` and no JSON Accept), answers a trailing slash with the route it
 * meant, and records the request with its status once answered. `isApiRoute` tells whether a route
 * handler answers (other unknown routes are not a client's shape).
 */
export function conformanceMiddleware(
  recorder: ConformanceRecorder,
  strict: boolean,
  isApiRoute: (c: Context) => boolean,
  explain?: ExplainAnswer,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = requestUrl(c).pathname;
    if (!API_PATH.test(path) || c.req.method === 'OPTIONS' || isOwnPage(c)) return next();
    const meant = isApiRoute(c) ? null : meantRoute(c.req.method, path);
    if (!isApiRoute(c) && !meant) return next();
    const state: RequestConformance = { strict, findings: [] };
    c.set('conformance', state);
    let status = 500;
    try {
      if (meant) {
        noteShape(c, 'trailing-slash', `${c.req.method} ${path}: did you mean ${c.req.method} ${meant}?`);
        status = 404;
        return c.json(
          { error: `No route for ${c.req.method} ${path}: paths have no trailing slash. Did you mean ${meant}?` },
          404,
        );
      }
      noteCredential(c);
      // An event stream (the inbox's live updates) asks for text/event-stream: its answer is no JSON.
      const accept = (c.req.header('accept') ?? '').toLowerCase();
      const acceptsJson = accept.includes('application/json') || accept.includes('text/event-stream');
      if (!path.endsWith('.json') && !acceptsJson) {
        noteShape(c, 'json-less-path', `${c.req.method} ${path} without .json or Accept: application/json`);
      }
      await next();
      status = c.res.status;
      const projectId = c.get('project')?.id ?? null;
      const authorization = c.req.header('authorization');
      if (explain) state.findings.push(...explain({ method: c.req.method, path, projectId, authorization, status }));
    } catch (error) {
      status = statusOfError(error);
      throw error;
    } finally {
      recorder.record(
        {
          method: c.req.method,
          path,
          status,
          userAgent: c.req.header('user-agent')?.trim() || '(no User-Agent)',
          credential: rememberedKind(c.req.header('authorization')),
          origin: originOf(c),
        },
        state.findings,
      );
    }
  };
}

/**
 * No `Service-Project-ID`: when a header of a near-miss name was sent (`Service-Project`,
 * `X-Service-Project-ID`, `Project-ID`…), the finding names it; otherwise the header is missing.
 */
export function noteMissingProjectHeader(c: Context): void {
  const names = Object.keys(c.req.header()).filter((name) => /proj/i.test(name) && name.length <= 100);
  if (names.length === 0) {
    noteShape(c, 'project-header-missing', 'Missing Service-Project-ID header');
    return;
  }
  noteShape(
    c,
    'project-header-misspelled',
    `Sent ${names.map((name) => `${name}: ${clip(c.req.header(name) ?? '', 40)}`).join(', ')} ` +
      'instead of Service-Project-ID',
  );
}

/** A raw project token, or a credential in the other scheme (answered 401 with the fix by the caller check). */
function noteCredential(c: Context): void {
  const authorization = c.req.header('authorization')?.trim();
  if (!authorization) return;
  if (/^tkn-/i.test(authorization)) noteShape(c, 'raw-project-token', 'Authorization: tkn-… (no FormUser scheme)');
  else if (/^Bearer\s+tkn-/i.test(authorization)) noteShape(c, 'credential-scheme', 'Authorization: Bearer tkn-…');
  else if (/^FormUser\s+pat-/i.test(authorization)) noteShape(c, 'credential-scheme', 'Authorization: FormUser pat-…');
}

/**
 * Our own pages are never a client's shape: the device sign-in approval page, whether the browser
 * loads it or posts its form (an API caller posting JSON to the same path is still checked).
 */
function isOwnPage(c: Context): boolean {
  if (!/^\/device_auth\/[^/]+\/authorize$/.test(requestUrl(c).pathname)) return false;
  return c.req.method === 'GET' || !(c.req.header('content-type') ?? '').toLowerCase().includes('json');
}
