// The live report list: issues and feature requests from their list (or search) operations,
// tickets from the event stream's replay (tickets have no list operation: docs/api-choices.md#operation-paths)
// read one by one
// through the show operation, all kept current by the report event stream.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, projectPath, type Api } from './api.ts';
import { followEvents, type StreamState } from './sse.ts';
import {
  KIND_LABEL,
  type FeatureRequest,
  type Filters,
  type Issue,
  type ReportEvent,
  type ReportItem,
  type ReportKind,
  type Ticket,
} from './types.ts';

const EPOCH = '1970-01-01T00:00:00.000Z';

export interface ReportsState {
  items: ReportItem[];
  loading: boolean;
  /** Why a kind of report is missing from the list (refused or not served). */
  notes: Partial<Record<ReportKind, string>>;
  stream: StreamState;
  streamDetail?: string;
  /** Reports that arrived live since the page opened. */
  fresh: ReadonlySet<string>;
  /** Bumped whenever a report changes, so an open report view reloads. */
  revisions: Readonly<Record<string, number>>;
  announcement: string;
  reload(): void;
}

export const reportKey = (kind: ReportKind, scopedId: number) => `${kind}:${scopedId}`;

export const fromIssue = (i: Issue): ReportItem => ({
  key: reportKey('issue', i.scoped_id),
  kind: 'issue',
  pathId: `g-${i.id}`,
  scopedId: i.scoped_id,
  title: i.title,
  status: i.status,
  priority: i.priority,
  createdAt: i.created_at,
  raw: i.raw,
});
const fromFeatureRequest = (f: Pick<FeatureRequest, 'scoped_id' | 'title' | 'status' | 'created_at'>): ReportItem => ({
  key: reportKey('feature_request', f.scoped_id),
  kind: 'feature_request',
  pathId: String(f.scoped_id),
  scopedId: f.scoped_id,
  title: f.title,
  status: f.status,
  createdAt: f.created_at,
});
const fromTicket = (t: Ticket): ReportItem => ({
  key: reportKey('ticket', t.scoped_id),
  kind: 'ticket',
  pathId: String(t.scoped_id),
  scopedId: t.scoped_id,
  title: t.title,
  status: t.status,
  priority: t.priority,
  createdAt: t.created_at,
});

/** The filters the list operations cannot apply (search results, feature requests, tickets). */
export function matchesFilters(item: ReportItem, f: Filters): boolean {
  if (f.type !== 'all' && f.type !== item.kind) return false;
  if (f.status && item.status !== f.status) return false;
  if (f.priority && item.priority !== f.priority) return false;
  if ((f.release || f.tag) && item.kind !== 'issue') return false;
  return true;
}

const wants = (f: Filters, kind: ReportKind) =>
  (f.type === 'all' || f.type === kind) &&
  !((f.release || f.tag) && kind !== 'issue') &&
  !(f.priority && kind === 'feature_request');
const describe = (error: unknown) =>
  error instanceof ApiError ? `${error.message} (HTTP ${error.status})` : String(error);

export function useReports(api: Api, projectId: string, filters: Filters): ReportsState {
  const [issues, setIssues] = useState<ReportItem[]>([]);
  const [featureRequests, setFeatureRequests] = useState<ReportItem[]>([]);
  const [tickets, setTickets] = useState<ReadonlyMap<number, Ticket>>(new Map());
  const [ticketHits, setTicketHits] = useState<ReadonlySet<string> | null>(null);
  const [loading, setLoading] = useState(true);
  const [notes, setNotes] = useState<Partial<Record<ReportKind, string>>>({});
  const [stream, setStream] = useState<{ state: StreamState; detail?: string }>({ state: 'connecting' });
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [revisions, setRevisions] = useState<Record<string, number>>({});
  const [announcement, setAnnouncement] = useState('');
  const filtersRef = useRef(filters);
  filtersRef.current = filters;
  const sequence = useRef({ issue: 0, feature_request: 0, ticket: 0 });
  const timers = useRef<Partial<Record<ReportKind, ReturnType<typeof setTimeout>>>>({});
  const base = projectPath(projectId);

  const note = (kind: ReportKind, message?: string) => setNotes((n) => ({ ...n, [kind]: message }));

  const loadIssues = useCallback(async () => {
    const f = filtersRef.current;
    const run = ++sequence.current.issue;
    if (!wants(f, 'issue')) return setIssues([]);
    try {
      const query = f.query.trim();
      const body = query
        ? await api.get<{ issues: Issue[] }>(`${base}/issues/search.json`, { query })
        : await api.get<{ issues: Issue[] }>(`${base}/issues.json`, {
            per_page: 100,
            status: f.status,
            priority: f.priority,
            release_id: f.release,
            tag_ids: f.tag || undefined,
            archived: f.archived ? 'true' : undefined,
            raw: 'any',
          });
      if (run !== sequence.current.issue) return;
      const items = body.issues.map(fromIssue);
      setIssues(query ? items.filter((i) => matchesFilters(i, { ...f, release: '' })) : items);
      note('issue');
    } catch (error) {
      if (run !== sequence.current.issue) return;
      setIssues([]);
      note('issue', describe(error));
    }
  }, [api, base]);

  const loadFeatureRequests = useCallback(async () => {
    const f = filtersRef.current;
    const run = ++sequence.current.feature_request;
    if (!wants(f, 'feature_request')) return setFeatureRequests([]);
    try {
      const query = f.query.trim();
      let list: Array<Pick<FeatureRequest, 'scoped_id' | 'title' | 'status' | 'created_at'>>;
      if (query)
        list = (
          await api.get<{ feature_requests: FeatureRequest[] }>(`${base}/feature_requests/search.json`, { query })
        ).feature_requests;
      else {
        // `all` is the team's view with hidden and moderated requests; `new` is everyone's.
        list = await api
          .get<{ feature_requests: FeatureRequest[] }>(`${base}/feature_requests.json`, { sort: 'all' })
          .catch(() =>
            api.get<{ feature_requests: FeatureRequest[] }>(`${base}/feature_requests.json`, { sort: 'new' }),
          )
          .then((b) => b.feature_requests);
      }
      if (run !== sequence.current.feature_request) return;
      setFeatureRequests(list.map(fromFeatureRequest).filter((i) => matchesFilters(i, f)));
      note('feature_request');
    } catch (error) {
      if (run !== sequence.current.feature_request) return;
      setFeatureRequests([]);
      note('feature_request', describe(error));
    }
  }, [api, base]);

  const searchTickets = useCallback(async () => {
    const f = filtersRef.current;
    const run = ++sequence.current.ticket;
    const query = f.query.trim();
    if (!query || !wants(f, 'ticket')) return setTicketHits(null);
    try {
      const hits = await api.get<Array<{ id: string; title: string }>>(`${base}/tickets/search.json`, { query });
      if (run === sequence.current.ticket) setTicketHits(new Set(hits.map((h) => String(h.id))));
    } catch (error) {
      if (run === sequence.current.ticket) {
        setTicketHits(new Set());
        note('ticket', describe(error));
      }
    }
  }, [api, base]);

  const loadTicket = useCallback(
    async (pathId: string, scopedId: number, deleted: boolean) => {
      if (deleted)
        return setTickets((m) => {
          const next = new Map(m);
          next.delete(scopedId);
          return next;
        });
      try {
        const ticket = await api.get<Ticket>(`${base}/tickets/${encodeURIComponent(pathId)}.json`);
        setTickets((m) => new Map(m).set(ticket.scoped_id, ticket));
        note('ticket');
      } catch (error) {
        note('ticket', describe(error));
      }
    },
    [api, base],
  );

  const reload = useCallback(() => {
    setLoading(true);
    void Promise.all([loadIssues(), loadFeatureRequests(), searchTickets()]).finally(() => setLoading(false));
  }, [loadIssues, loadFeatureRequests, searchTickets]);

  useEffect(reload, [
    reload,
    filters.type,
    filters.status,
    filters.priority,
    filters.release,
    filters.tag,
    filters.archived,
    filters.query,
  ]);

  const schedule = (kind: 'issue' | 'feature_request') => {
    clearTimeout(timers.current[kind]);
    timers.current[kind] = setTimeout(() => void (kind === 'issue' ? loadIssues() : loadFeatureRequests()), 150);
  };

  useEffect(() => {
    setTickets(new Map());
    let wasOffline = false;
    const stop = followEvents({
      url: `${base}/events?since=${encodeURIComponent(EPOCH)}&replay=ticket`,
      headers: api.headers(),
      onState(state, detail) {
        setStream({ state, detail });
        if (state === 'offline') wasOffline = true;
        if (state === 'live' && wasOffline) {
          wasOffline = false;
          reload();
        }
      },
      onEvent(message) {
        if (!message.event.startsWith('report.')) return;
        const event = JSON.parse(message.data) as ReportEvent;
        const key = reportKey(event.kind, event.scoped_id);
        setRevisions((r) => ({ ...r, [key]: (r[key] ?? 0) + 1 }));
        if (event.type === 'report.created' && !event.replayed) {
          setFresh((s) => new Set(s).add(key));
          setAnnouncement(`New ${KIND_LABEL[event.kind].toLowerCase()} #${event.scoped_id}: ${event.title}`);
        }
        if (event.kind === 'ticket') void loadTicket(event.path_id, event.scoped_id, event.type === 'report.deleted');
        else schedule(event.kind);
      },
    });
    return () => {
      stop();
      for (const t of Object.values(timers.current)) clearTimeout(t);
    };
  }, [api, base]);

  const f = filters;
  const ticketItems = wants(f, 'ticket')
    ? [...tickets.values()]
        .filter((t) => !ticketHits || ticketHits.has(String(t.id)) || ticketHits.has(String(t.scoped_id)))
        .map(fromTicket)
        .filter((i) => matchesFilters(i, f))
    : [];
  const items = [...issues, ...featureRequests, ...ticketItems];
  if (!f.query.trim())
    items.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.scopedId - a.scopedId));
  return {
    items,
    loading,
    notes,
    stream: stream.state,
    streamDetail: stream.detail,
    fresh,
    revisions,
    announcement,
    reload,
  };
}
