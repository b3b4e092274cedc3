// The live report list: issues (100 a page, more on demand) and feature requests from their list or search
// operations, tickets from the event stream's replay (no ticket list exists) read through the show operation,
// all kept current by the report event stream. A live arrival joins the list only when it matches the filters.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiError, projectPath, type Api } from './api.ts';
import { fromFeatureRequest, fromIssue, fromTicket, matchesFilters, reportKey, sortItems } from './report-items.ts';
import { wantsKind, type FeatureRequestLine } from './report-items.ts';
import { followEvents, type StreamState } from './sse.ts';
import { KIND_LABEL, type Filters, type Issue, type ReportEvent, type ReportItem, type ReportKind } from './types.ts';
import type { Ticket } from './types.ts';

const EPOCH = '1970-01-01T00:00:00.000Z';
export const ISSUE_PAGE = 100;

export interface ReportsState {
  items: ReportItem[];
  loading: boolean;
  /** Issues the current filter matches on the server, when the list operation told. */
  issueTotal: number | null;
  /** Whether more issues wait on the server; loadMore() asks for the next page. */
  hasMore: boolean;
  loadMore(): Promise<void>;
  /** Why a kind of report is missing from the list (refused or not served). */
  notes: Partial<Record<ReportKind, string>>;
  stream: StreamState;
  streamDetail?: string;
  /** Reports that arrived live since the page opened. */
  fresh: ReadonlySet<string>;
  /** Bumped whenever a report changes, so an open report view reloads. */
  revisions: Readonly<Record<string, number>>;
  announcement: string;
  tickets: ReadonlyMap<number, Ticket>;
  /** Reads the first page again, keeping the later ones loaded. */
  reload(): void;
}

const describe = (error: unknown) =>
  error instanceof ApiError ? `${error.message} (HTTP ${error.status})` : String(error);

/** The query of the issue list (or search) operation for these filters. */
export function issueQuery(f: Filters, page: number): { path: string; query: Record<string, string | number> } {
  const query = f.query.trim();
  if (query) return { path: 'issues/search.json', query: { query, page } };
  const q: Record<string, string | number> = { per_page: ISSUE_PAGE, page, raw: 'any' };
  if (f.status) q.status = f.status;
  if (f.priority) q.priority = f.priority;
  if (f.release) q.release_id = f.release;
  if (f.tag) q.tag_ids = f.tag;
  if (f.archived) q.archived = 'true';
  return { path: 'issues.json', query: q };
}

interface IssueLines {
  /** In the server's order, page after page. */
  items: ReportItem[];
  pages: number;
  total: number | null;
  last: number;
  /** How many of `items` came from page 1: a refresh replaces those and keeps the rest. */
  firstSize: number;
}

interface IssuePage {
  issues: Issue[];
  pagination?: { total_pages: number; total_count: number };
}

export function useReports(api: Api, projectId: string, filters: Filters): ReportsState {
  const [issues, setIssues] = useState<IssueLines>({
    items: [],
    pages: 0,
    total: null,
    last: 1,
    firstSize: 0,
  });
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
  const pagesRef = useRef(1);
  const sequence = useRef({ issue: 0, feature_request: 0, ticket: 0, refresh: 0 });
  const timers = useRef<Partial<Record<ReportKind, ReturnType<typeof setTimeout>>>>({});
  const base = projectPath(projectId);
  const note = (kind: ReportKind, message?: string) => setNotes((n) => ({ ...n, [kind]: message }));

  /**
   * `reset` reads page 1 alone (a new filter); `more` reads the next page and appends it; `refresh` reads page 1
   * again and keeps the later pages already loaded (a live change: one request, however many pages are shown).
   */
  const loadIssues = useCallback(
    async (mode: 'reset' | 'more' | 'refresh' = 'refresh') => {
      const f = filtersRef.current;
      // A reset (new filter) outdates every answer in flight; a refresh outdates older refreshes only, so a
      // live event does not swallow a "Load more" on its way.
      const run = mode === 'reset' ? ++sequence.current.issue : sequence.current.issue;
      const refresh = mode === 'refresh' ? ++sequence.current.refresh : 0;
      const current = () => run === sequence.current.issue && (!refresh || refresh === sequence.current.refresh);
      if (!wantsKind(f, 'issue')) return setIssues({ items: [], pages: 0, total: 0, last: 1, firstSize: 0 });
      const page = mode === 'more' ? pagesRef.current + 1 : 1;
      try {
        const { path, query } = issueQuery(f, page);
        const body = await api.get<IssuePage>(`${base}/${path}`, query);
        if (!current()) return;
        const fresh = body.issues.map(fromIssue).filter((i) => !f.query.trim() || matchesFilters(i, f));
        const keys = new Set(fresh.map((i) => i.key));
        setIssues((prev) => {
          const later = mode === 'reset' ? [] : mode === 'more' ? prev.items : prev.items.slice(prev.firstSize);
          const kept = later.filter((i) => !keys.has(i.key));
          const pages = mode === 'more' ? page : mode === 'reset' ? 1 : Math.max(prev.pages, 1);
          pagesRef.current = pages;
          return {
            items: mode === 'more' ? [...kept, ...fresh] : [...fresh, ...kept],
            pages,
            total: body.pagination?.total_count ?? null,
            last: body.pagination?.total_pages ?? 1,
            firstSize: mode === 'more' ? prev.firstSize : fresh.length,
          };
        });
        note('issue');
      } catch (error) {
        if (!current()) return;
        if (mode !== 'more') setIssues({ items: [], pages: 0, total: null, last: 1, firstSize: 0 });
        note('issue', describe(error));
      }
    },
    [api, base],
  );

  const loadMore = useCallback(() => loadIssues('more'), [loadIssues]);
  /**
   * A live change to an issue maybe on a later page (which a refresh does not read again): dropped when it left
   * the filter or the project, else its line takes the event's status, title and time.
   */
  const touch = (event: ReportEvent, gone: boolean) =>
    setIssues((prev) => {
      const key = reportKey('issue', event.scoped_id);
      const at = prev.items.findIndex((i) => i.key === key);
      if (at === -1) return prev;
      const items = [...prev.items];
      if (gone) items.splice(at, 1);
      else items[at] = { ...items[at], status: event.status, title: event.title, updatedAt: event.updated_at };
      return { ...prev, items, firstSize: gone && at < prev.firstSize ? prev.firstSize - 1 : prev.firstSize };
    });

  const loadFeatureRequests = useCallback(async () => {
    const f = filtersRef.current;
    const run = ++sequence.current.feature_request;
    if (!wantsKind(f, 'feature_request')) return setFeatureRequests([]);
    try {
      const query = f.query.trim();
      type Body = { feature_requests: FeatureRequestLine[] };
      const list = query
        ? (await api.get<Body>(`${base}/feature_requests/search.json`, { query })).feature_requests
        : // `all` is the team's view with hidden and moderated requests; `new` is everyone's.
          await api
            .get<Body>(`${base}/feature_requests.json`, { sort: 'all' })
            .catch(() => api.get<Body>(`${base}/feature_requests.json`, { sort: 'new' }))
            .then((b) => b.feature_requests);
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
    if (!query || !wantsKind(f, 'ticket')) return setTicketHits(null);
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

  const reload = useCallback(
    (mode: 'reset' | 'refresh' = 'refresh') => {
      setLoading(true);
      void Promise.all([loadIssues(mode), loadFeatureRequests(), searchTickets()]).finally(() => setLoading(false));
    },
    [loadIssues, loadFeatureRequests, searchTickets],
  );

  const { type, status, priority, release, tag, archived, query } = filters;
  useEffect(() => reload('reset'), [reload, type, status, priority, release, tag, archived, query]);

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
        // The event carries kind and status; the reload below applies every other filter on the server.
        const line = { kind: event.kind, status: event.status } as ReportItem;
        const f = filtersRef.current;
        if (event.type === 'report.created' && !event.replayed && matchesFilters(line, { ...f, priority: '' })) {
          setFresh((s) => new Set(s).add(key));
          setAnnouncement(`New ${KIND_LABEL[event.kind].toLowerCase()} #${event.scoped_id}: ${event.title}`);
        }
        if (event.kind === 'ticket') void loadTicket(event.path_id, event.scoped_id, event.type === 'report.deleted');
        else {
          if (event.kind === 'issue')
            touch(event, event.type === 'report.deleted' || !matchesFilters(line, { ...f, priority: '' }));
          schedule(event.kind);
        }
      },
    });
    return () => {
      stop();
      for (const t of Object.values(timers.current)) clearTimeout(t);
    };
  }, [api, base]);

  // Sorted once per change of the data or the view, not on each render (a `j` step renders nothing here).
  const items = useMemo(() => {
    const ticketItems = wantsKind(filters, 'ticket')
      ? [...tickets.values()]
          .filter((t) => !ticketHits || ticketHits.has(String(t.id)) || ticketHits.has(String(t.scoped_id)))
          .map(fromTicket)
          .filter((i) => matchesFilters(i, filters))
      : [];
    return sortItems([...issues.items, ...featureRequests, ...ticketItems], filters.sort);
  }, [issues, featureRequests, tickets, ticketHits, filters]);
  return {
    items,
    loading,
    issueTotal: issues.total,
    hasMore: issues.pages > 0 && issues.pages < issues.last,
    loadMore,
    notes,
    stream: stream.state,
    streamDetail: stream.detail,
    fresh,
    revisions,
    announcement,
    tickets,
    reload,
  };
}
