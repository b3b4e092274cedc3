// The conformance report's memory: per client (User-Agent, credential kind, browser origin), each
// rule once per outcome with a count and a few distinct examples. Bounded in bytes, because every
// string in it comes from a client: each kept string is clipped, and everything kept is charged to
// one budget; past it, new clients and rules go to a shared `(other clients)` entry and no more
// examples are kept. The JSON report stays under 1 MiB (docs/security.md).
import type { ConformanceClient, ConformanceReport } from '../../../widget/src/protocol/conformance.ts';
import type { Clock } from '../clock.ts';
import { CONFORMANCE_RULES, type ConformanceRuleId } from './conformance-rules.ts';

/** One noted shape or mistake of a request. */
export interface Finding {
  rule: ConformanceRuleId;
  detail: string;
}

/** What the store keeps of one answered API request. */
export interface RecordedRequest {
  method: string;
  path: string;
  status: number;
  userAgent: string;
  credential: string;
  origin: string | null;
}

/** Bounds (docs/security.md): clipped strings, distinct examples per rule, clients, and one byte budget. */
export const CONFORMANCE_BOUNDS = {
  clients: 200,
  examplesPerRule: 5,
  userAgentChars: 300,
  originChars: 200,
  pathChars: 200,
  detailChars: 400,
  /**
   * Everything kept, as JSON bytes. Past it only the shared entry still opens a rule (at most every rule
   * twice, each with one example: under 250 KB even fully escaped), so the report stays under 1 MiB.
   */
  budgetBytes: 768 * 1024,
};
const B = CONFORMANCE_BOUNDS;

/** Cuts client text to `max` characters, saying how long it was. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}

/** The bytes a string costs in the JSON report. */
const bytesOf = (text: string) => Buffer.byteLength(JSON.stringify(text));
/** A finding's fixed texts and counters, the same for every client. */
const ENTRY_BYTES = 900;
const exampleBytes = (e: Example) => bytesOf(e.path) + bytesOf(e.detail) + 60;
const CLIENT_BYTES = 300;

type Outcome = 'tolerated' | 'refused';
type Example = ConformanceClient['findings'][number]['example'];
interface Entry {
  count: number;
  first_seen: string;
  last_seen: string;
  example: Example;
  examples: Example[];
}
interface ClientState {
  user_agent: string;
  credential: string;
  origin: string | null;
  requests: number;
  refused: number;
  statuses: Record<string, number>;
  first_seen: string;
  findings: Map<string, Entry>;
  /** The shared entry may open a rule past the budget (at most every rule twice). */
  shared: boolean;
}

export interface ConformanceStore {
  record(request: RecordedRequest, findings: readonly Finding[]): void;
  report(): ConformanceReport;
  clear(): void;
}

export function createConformanceStore(clock: Clock, strict: boolean): ConformanceStore {
  const clients = new Map<string, ClientState>();
  let shared: ClientState | null = null;
  let spent = 0;
  let since = clock.now().toISOString();
  const afford = (bytes: number) => {
    if (spent + bytes > B.budgetBytes) return false;
    spent += bytes;
    return true;
  };
  const newClient = (user_agent: string, credential: string, origin: string | null, at: string, isShared = false) => ({
    user_agent,
    credential,
    origin,
    requests: 0,
    refused: 0,
    statuses: {},
    first_seen: at,
    findings: new Map(),
    shared: isShared,
  });
  const sharedClient = (at: string) => {
    shared ??= newClient('(other clients)', 'any', null, at, true);
    return shared;
  };

  function clientOf(request: RecordedRequest, now: () => string): ClientState {
    const userAgent = clip(request.userAgent, B.userAgentChars);
    const origin = request.origin === null ? null : clip(request.origin, B.originChars);
    const key = `${userAgent}\u0000${request.credential}\u0000${origin ?? ''}`;
    const known = clients.get(key);
    if (known) return known;
    const cost = CLIENT_BYTES + bytesOf(userAgent) + bytesOf(origin ?? '');
    if (clients.size >= B.clients || spent + cost > B.budgetBytes) return sharedClient(now());
    spent += cost;
    const client = newClient(userAgent, request.credential, origin, now());
    clients.set(key, client);
    return client;
  }

  return {
    record(request, findings) {
      // The time is read only when something is stamped with it (a new client, a finding).
      let stamp: string | undefined;
      const now = () => (stamp ??= clock.now().toISOString());
      const client = clientOf(request, now);
      const outcome: Outcome = request.status >= 400 ? 'refused' : 'tolerated';
      client.requests += 1;
      if (outcome === 'refused') client.refused += 1;
      const statusClass = `${Math.floor(request.status / 100)}xx`;
      client.statuses[statusClass] = (client.statuses[statusClass] ?? 0) + 1;
      const path = clip(request.path, B.pathChars);
      for (const finding of findings) {
        const example = {
          method: request.method,
          path,
          detail: clip(finding.detail, B.detailChars),
          status: request.status,
        };
        const id = `${outcome}\u0000${finding.rule}`;
        let owner = client;
        let entry = client.findings.get(id);
        // A new entry holds the example twice: as the latest, and as the first of its examples.
        if (!entry && !afford(ENTRY_BYTES + 2 * exampleBytes(example))) {
          // No room for another rule on this client: it is counted on the shared entry instead.
          owner = sharedClient(now());
          entry = owner.findings.get(id);
        }
        if (!entry) {
          owner.findings.set(id, { count: 1, first_seen: now(), last_seen: now(), example, examples: [example] });
          continue;
        }
        entry.count += 1;
        entry.last_seen = now();
        // The latest example is replaced when the budget has room for the difference.
        const grows = exampleBytes(example) - exampleBytes(entry.example);
        if (grows <= 0 || afford(grows)) {
          spent += Math.min(grows, 0);
          entry.example = example;
        }
        const distinct = !entry.examples.some(
          (e) => e.method === example.method && e.path === example.path && e.detail === example.detail,
        );
        if (distinct && entry.examples.length < B.examplesPerRule) {
          if (afford(exampleBytes(example))) entry.examples.push(example);
        }
      }
    },
    report() {
      const all = shared ? [...clients.values(), shared] : [...clients.values()];
      const list: ConformanceClient[] = all.map((client) => ({
        user_agent: client.user_agent,
        credential: client.credential,
        origin: client.origin,
        requests: client.requests,
        refused: client.refused,
        statuses: { ...client.statuses },
        first_seen: client.first_seen,
        findings: [...client.findings].map(([id, entry]) => {
          const [outcome, rule] = id.split('\u0000') as [Outcome, ConformanceRuleId];
          const { title, rule: ruleText, fix } = CONFORMANCE_RULES[rule];
          return { rule, outcome, title, rule_text: ruleText, fix, ...entry, examples: [...entry.examples] };
        }),
      }));
      return { mode: strict ? 'strict' : 'default', since, generated_at: clock.now().toISOString(), clients: list };
    },
    clear() {
      clients.clear();
      shared = null;
      spent = 0;
      since = clock.now().toISOString();
    },
  };
}
