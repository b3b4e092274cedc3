// The inbox proper: the live list of reports beside the open report.
import { useState } from 'preact/hooks';
import { projectPath, type Api } from './api.ts';
import { FeatureRequestView } from './feature-request-view.tsx';
import { EMPTY_FILTERS, FiltersBar } from './filters-bar.tsx';
import { humanize } from './format.ts';
import { IssueView } from './issue-view.tsx';
import { toHash, type Route } from './route.ts';
import { TicketView } from './ticket-view.tsx';
import { KIND_LABEL, type Filters, type IssueTag, type Release, type ReportItem } from './types.ts';
import { useAsync } from './use-async.ts';
import { reportKey, useReports, type ReportsState } from './use-reports.ts';

const STREAM_TEXT = {
  connecting: 'Connecting…',
  live: 'Live',
  offline: 'Reconnecting…',
  refused: 'Live updates refused',
} as const;

export function ReportsPage(props: { api: Api; route: Extract<Route, { view: 'reports' }> }) {
  const { api, route } = props;
  const [filters, setFilters] = useState<Filters>(EMPTY_FILTERS);
  const releases = useAsync(
    () => api.get<Release[]>(`${projectPath(route.projectId)}/releases.json`).catch(() => []),
    [api],
  );
  const tags = useAsync(
    () =>
      api
        .get<{ tags: IssueTag[] }>(`${projectPath(route.projectId)}/issue_tags.json`)
        .then((b) => b.tags)
        .catch(() => []),
    [api],
  );
  const reports = useReports(api, route.projectId, filters);
  const selected = route.kind && route.id ? { kind: route.kind, id: route.id } : null;
  const selectedKey = selected
    ? reports.items.find(
        (i) => i.kind === selected.kind && (i.pathId === selected.id || String(i.scopedId) === selected.id),
      )?.key
    : undefined;
  const revision = selectedKey ? (reports.revisions[selectedKey] ?? 0) : 0;

  return (
    <div class="reports">
      <section class="list-pane" aria-labelledby="reports-heading">
        <div class="pane-head">
          <h1 id="reports-heading">Reports</h1>
          <span class={`stream stream-${reports.stream}`} title={reports.streamDetail}>
            <span class="dot" aria-hidden="true" /> {STREAM_TEXT[reports.stream]}
          </span>
        </div>
        <FiltersBar filters={filters} releases={releases.data ?? []} tags={tags.data ?? []} onChange={setFilters} />
        {reports.stream === 'refused' && (
          <p class="error" role="alert">
            Live updates were refused: {reports.streamDetail}
          </p>
        )}
        <SourceNotes notes={reports.notes} />
        <div class="sr-only" aria-live="polite">
          {reports.announcement}
        </div>
        <ReportList reports={reports} projectId={route.projectId} selectedKey={selectedKey} />
      </section>
      <section class="detail-pane" aria-label="Open report">
        {!selected && (
          <p class="placeholder">Choose a report from the list. New reports appear here as players send them.</p>
        )}
        {selected?.kind === 'issue' && (
          <IssueView
            key={selected.id}
            api={api}
            projectId={route.projectId}
            pathId={selected.id}
            revision={revision}
            onChanged={reports.reload}
          />
        )}
        {selected?.kind === 'feature_request' && (
          <FeatureRequestView
            key={selected.id}
            api={api}
            projectId={route.projectId}
            pathId={selected.id}
            revision={revision}
            onChanged={reports.reload}
          />
        )}
        {selected?.kind === 'ticket' && (
          <TicketView
            key={selected.id}
            api={api}
            projectId={route.projectId}
            pathId={selected.id}
            revision={revision}
          />
        )}
      </section>
    </div>
  );
}

function SourceNotes(props: { notes: ReportsState['notes'] }) {
  const entries = Object.entries(props.notes).filter(([, message]) => message);
  if (!entries.length) return null;
  return (
    <ul class="notes" aria-label="Report kinds that could not be loaded">
      {entries.map(([kind, message]) => (
        <li key={kind}>
          {KIND_LABEL[kind as keyof typeof KIND_LABEL]}s: {message}
        </li>
      ))}
    </ul>
  );
}

function ReportList(props: { reports: ReportsState; projectId: string; selectedKey?: string }) {
  const { items, loading, fresh } = props.reports;
  if (loading && !items.length) return <p role="status">Loading reports…</p>;
  if (!items.length) return <p class="empty">No reports match. New ones appear here without a reload.</p>;
  return (
    <ul class="report-list" aria-label={`${items.length} reports`}>
      {items.map((item) => (
        <ReportRow
          key={item.key}
          item={item}
          projectId={props.projectId}
          fresh={fresh.has(item.key)}
          selected={item.key === props.selectedKey}
        />
      ))}
    </ul>
  );
}

function ReportRow(props: { item: ReportItem; projectId: string; fresh: boolean; selected: boolean }) {
  const { item } = props;
  return (
    <li class={`report-row${props.selected ? ' selected' : ''}`} data-key={item.key}>
      <a
        href={toHash({ view: 'reports', projectId: props.projectId, kind: item.kind, id: item.pathId })}
        aria-current={props.selected ? 'true' : undefined}
      >
        <span class="row-top">
          <span class={`kind kind-${item.kind}`}>
            {KIND_LABEL[item.kind]} #{item.scopedId}
          </span>
          {props.fresh && <span class="badge new">New</span>}
          {item.raw && <span class="badge">Raw</span>}
        </span>
        <span class="row-title">{item.title || '(no title)'}</span>
        <span class="row-meta">
          <span class={`pill status-${item.status}`}>{humanize(item.status)}</span>
          {item.priority && <span class={`pill priority-${item.priority}`}>{humanize(item.priority)}</span>}
          <time dateTime={item.createdAt}>
            {new Date(item.createdAt).toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'short' })}
          </time>
        </span>
      </a>
    </li>
  );
}

export { reportKey };
