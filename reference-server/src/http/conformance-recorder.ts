// The conformance report: while the server runs, every API request's non-canonical shapes
// (conformance-rules.ts) are noted on the request, then kept per client (User-Agent and credential
// kind), once per rule with a count and an example. --strict turns a noted shape into a 400.
import type { Context, MiddlewareHandler } from 'hono';
import type { ConformanceClient, ConformanceReport } from '../../../widget/src/protocol/conformance.ts';
import type { Clock } from '../clock.ts';
import type { Deps } from '../deps.ts';
import { ServiceError } from '../errors.ts';
import { CONFORMANCE_RULES, type ConformanceRuleId } from './conformance-rules.ts';
import type { AppEnv } from './env.ts';
import { requestUrl } from './request-url.ts';

export interface Finding {
  rule: ConformanceRuleId;
  detail: string;
  outcome: 'tolerated' | 'refused';
}

/** What the conformance middleware puts on each request. */
export interface RequestConformance {
  strict: boolean;
  findings: Finding[];
}

/** Marks the 400 of a strict refusal so the recorder can tell it from other 400s. */
class StrictRefusal extends ServiceError {}

/**
 * Notes a non-canonical shape on this request. Under --strict it is refused: a 400 naming the rule.
 * Requests the conformance middleware did not see (no API route) are not noted.
 */
export function noteShape(c: Context, rule: ConformanceRuleId, detail: string): void {
  const state = (c as Context<AppEnv>).get('conformance');
  if (!state) return;
  const strict = state.strict;
  state.findings.push({ rule, detail, outcome: strict ? 'refused' : 'tolerated' });
  if (!strict) return;
  const { rule: text, fix } = CONFORMANCE_RULES[rule];
  throw new StrictRefusal(
    'bad_request',
    `${detail}: refused by strict mode (docs/api-choices.md#strict-mode), rule "${rule}". ${text} Fix: ${fix}`,
  );
}

export function isStrictRefusal(error: unknown): boolean {
  return error instanceof StrictRefusal;
}

/** The credential kind of an Authorization header, read from its shape only (never resolved). */
export function credentialKind(header: string | undefined): string {
  const value = header?.trim() ?? '';
  if (!value) return 'none';
  if (/^tkn-/i.test(value)) return 'raw_project_token';
  const bearer = /^Bearer\s+(\S+)/i.exec(value);
  if (bearer) return bearer[1].startsWith('pat-') ? 'personal_access_token' : 'bearer_jwt';
  const formUser = /^FormUser\s+([^,]*)(?:,(.*))?$/i.exec(value);
  if (!formUser) return 'other';
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

function rememberedKind(header: string | undefined): string {
  if (header === undefined) return credentialKind(header);
  let kind = kinds.get(header);
  if (kind === undefined) {
    kind = credentialKind(header);
    if (kinds.size >= MAX_KINDS) kinds.clear();
    kinds.set(header, kind);
  }
  return kind;
}

interface Entry {
  count: number;
  first_seen: string;
  last_seen: string;
  example: { method: string; path: string; detail: string };
}
interface ClientState {
  user_agent: string;
  credential: string;
  requests: number;
  refused: number;
  first_seen: string;
  findings: Map<string, Entry>;
}

/** Bounds of the in-memory report (a client sets its own User-Agent). */
const MAX_CLIENTS = 200;
const MAX_USER_AGENT = 300;

export interface ConformanceRecorder {
  record(c: Context, findings: Finding[]): void;
  report(): ConformanceReport;
  clear(): void;
}

const recorders = new WeakMap<Deps, ConformanceRecorder>();

/** The report of one server (its deps): written by the middleware, read by GET /__admin/conformance. */
export function conformanceRecorderOf(deps: Deps): ConformanceRecorder {
  let recorder = recorders.get(deps);
  if (!recorder) {
    recorder = createConformanceRecorder(deps.clock, deps.config.strict);
    recorders.set(deps, recorder);
  }
  return recorder;
}

export function createConformanceRecorder(clock: Clock, strict: boolean): ConformanceRecorder {
  const clients = new Map<string, ClientState>();
  let since = clock.now().toISOString();
  return {
    record(c, findings) {
      // The time is read only when something is stamped with it (a new client, a finding).
      let stamp: string | undefined;
      const now = () => (stamp ??= clock.now().toISOString());
      let userAgent = (c.req.header('user-agent')?.trim() || '(no User-Agent)').slice(0, MAX_USER_AGENT);
      let credential = rememberedKind(c.req.header('authorization'));
      // A bounded report: past MAX_CLIENTS distinct clients, the rest share one entry.
      if (clients.size >= MAX_CLIENTS && !clients.has(`${userAgent}\u0000${credential}`)) {
        userAgent = '(other clients)';
        credential = 'any';
      }
      const key = `${userAgent}\u0000${credential}`;
      let client = clients.get(key);
      if (!client) {
        client = { user_agent: userAgent, credential, requests: 0, refused: 0, first_seen: now(), findings: new Map() };
        clients.set(key, client);
      }
      client.requests += 1;
      if (findings.some((f) => f.outcome === 'refused')) client.refused += 1;
      const path = requestUrl(c).pathname;
      for (const finding of findings) {
        const id = `${finding.outcome}\u0000${finding.rule}`;
        const entry = client.findings.get(id);
        const example = { method: c.req.method, path, detail: finding.detail };
        if (entry) Object.assign(entry, { count: entry.count + 1, last_seen: now(), example });
        else client.findings.set(id, { count: 1, first_seen: now(), last_seen: now(), example });
      }
    },
    report() {
      const list: ConformanceClient[] = [...clients.values()].map((client) => ({
        user_agent: client.user_agent,
        credential: client.credential,
        requests: client.requests,
        refused: client.refused,
        first_seen: client.first_seen,
        findings: [...client.findings].map(([id, entry]) => {
          const [outcome, rule] = id.split('\u0000') as ['tolerated' | 'refused', ConformanceRuleId];
          const { title, rule: ruleText, fix } = CONFORMANCE_RULES[rule];
          return { rule, outcome, title, rule_text: ruleText, fix, ...entry };
        }),
      }));
      return { mode: strict ? 'strict' : 'default', since, generated_at: clock.now().toISOString(), clients: list };
    },
    clear() {
      clients.clear();
      since = clock.now().toISOString();
    },
  };
}

/** API paths whose requests the report covers (not the CDN, storage, docs, inbox or /__admin). */
const API_PATH = /^\/(projects|auth|device_auth)(\/|\.json$|$)/;

/**
 * Sets up the request's findings, notes what can be read from the request line and headers (a raw
 * project token; a path without `.json` and no JSON Accept), and records the request once answered.
 * `isApiRoute` tells whether a route handler answers (unknown routes are not a client's shape).
 */
export function conformanceMiddleware(
  recorder: ConformanceRecorder,
  strict: boolean,
  isApiRoute: (c: Context) => boolean,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = requestUrl(c).pathname;
    if (!API_PATH.test(path) || c.req.method === 'OPTIONS' || !isApiRoute(c)) return next();
    const state: RequestConformance = { strict, findings: [] };
    c.set('conformance', state);
    try {
      const authorization = c.req.header('authorization')?.trim();
      if (authorization && /^tkn-/i.test(authorization)) {
        noteShape(c, 'raw-project-token', 'Authorization: tkn-… (no FormUser scheme)');
      }
      const acceptsJson = (c.req.header('accept') ?? '').toLowerCase().includes('application/json');
      if (!path.endsWith('.json') && !acceptsJson && !isPage(c)) {
        noteShape(c, 'json-less-path', `${c.req.method} ${path} without .json or Accept: application/json`);
      }
      await next();
    } finally {
      recorder.record(c, state.findings);
    }
  };
}

/** The device sign-in approval page is HTML for a browser, not an API answer. */
function isPage(c: Context): boolean {
  return c.req.method === 'GET' && /^\/device_auth\/[^/]+\/authorize$/.test(requestUrl(c).pathname);
}
