// The inbox proper: the live list of reports beside the open report (on a phone, one at a time with a way back),
// with the triage keys, multi-select bulk changes, copy link and export of the current filter.
import { useEffect, useRef, useState } from 'preact/hooks';
import { projectPath, type Api } from './api.ts';
import { BulkBar } from './bulk-bar.tsx';
import { collectExport, download, toCsv } from './export.ts';
import { FeatureRequestView } from './feature-request-view.tsx';
import { EMPTY_FILTERS, FiltersBar } from './filters-bar.tsx';
import { errorText } from './format.ts';
import { IssueView } from './issue-view.tsx';
import { KeySheet } from './key-sheet.tsx';
import { useProjectInfo } from './project-info.ts';
import { ReportList } from './report-list.tsx';
import { navigate, toHash, type Route } from './route.ts';
import { settableIssueStatuses, statusLabel } from './status-options.ts';
import { TicketView } from './ticket-view.tsx';
import { KIND_LABEL, type Filters, type IssueTag, type Release, type ReportItem } from './types.ts';
import { useAsync } from './use-async.ts';
import { useReports } from './use-reports.ts';
import { useTriageKeys } from './use-triage-keys.ts';
import { MergeUndo, useMerge } from './use-merge.tsx';
import { copyLink, SourceNotes } from './report-page-parts.tsx';
import { TICKET_STATUSES } from '../../../widget/src/protocol/statuses.ts';

const STREAM_TEXT = {
  connecting: 'Connecting…',
  live: 'Live',
  offline: 'Reconnecting…',
  refused: 'Live updates refused',
} as const;

/** The address of a report, for "copy link". */
export const reportLink = (projectId: string, item: Pick<ReportItem, 'kind' | 'pathId'>) =>
  `${location.origin}${location.pathname}${toHash({ view: 'reports', projectId, kind: item.kind, id: item.pathId })}`;

export function ReportsPage(props: { api: Api; route: Extract<Route, { view: 'reports' }> }) {
  const { api, route } = props;
  const [filters, setFilters] = useState<Filters>(EMPTY_FILTERS);
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  const [keysOpen, setKeysOpen] = useState(false);
  const [message, setMessage] = useState('');
  const base = projectPath(route.projectId);
  // The list's own requests go first; the filters' data follows once the first page is in, so a busy server
  // answers the rows before the release names (first painted rows: docs/inbox.md#tests-benchmark-and-screenshots).
  const reports = useReports(api, route.projectId, filters);
  const [ready, setReady] = useState(false);
  if (!ready && !reports.loading) setReady(true);
  const releases = useAsync(
    () => (ready ? api.get<Release[]>(`${base}/releases.json`).catch(() => []) : Promise.resolve([])),
    [api, ready],
  );
  const tags = useAsync(
    () =>
      ready
        ? api
            .get<{ tags: IssueTag[] }>(`${base}/issue_tags.json`)
            .then((b) => b.tags)
            .catch(() => [])
        : Promise.resolve([]),
    [api, ready],
  );
  const info = useProjectInfo(api, route.projectId, ready);
  const selected = route.kind && route.id ? { kind: route.kind, id: route.id } : null;
  const openItem = selected
    ? reports.items.find(
        (i) => i.kind === selected.kind && (i.pathId === selected.id || String(i.scopedId) === selected.id),
      )
    : undefined;
  const revision = openItem ? (reports.revisions[openItem.key] ?? 0) : 0;
  // A "Same problem" report arriving live for the open issue makes its "Also reported by" read again.
  const namedInList = selected ? reports.items.filter((i) => i.sameAs === selected.id).length : 0;
  const byKey = (key: string) => reports.items.find((i) => i.key === key);
  const listScroll = useRef(0);

  // On a phone the open report replaces the list: keep where the list was, and come back to it.
  useEffect(() => {
    if (!matchMedia('(max-width: 700px)').matches) return;
    if (selected) scrollTo({ top: 0 });
    else {
      scrollTo({ top: listScroll.current });
      document.querySelector<HTMLElement>('.report-row.selected a, .report-row a')?.focus({ preventScroll: true });
    }
  }, [selected?.kind, selected?.id]);
  useEffect(() => {
    const remember = () => {
      if (!document.querySelector('.reports.has-open')) listScroll.current = scrollY;
    };
    addEventListener('scroll', remember, { passive: true });
    return () => removeEventListener('scroll', remember);
  }, []);

  const merges = useMerge(api, route.projectId, info, {
    say: setMessage,
    changed: reports.reload,
    moveOn: (key) => {
      // The merged report leaves the list: the cursor goes to the one after it (or before, at the end).
      const at = reports.items.findIndex((i) => i.key === key);
      const next = at === -1 ? undefined : (reports.items[at + 1] ?? reports.items[at - 1]);
      if (!next) return;
      if (key === openItem?.key)
        navigate({ view: 'reports', projectId: route.projectId, kind: next.kind, id: next.pathId });
      document.querySelector<HTMLElement>(`.report-row[data-key="${CSS.escape(next.key)}"] a`)?.focus();
    },
  });
  const act = async (label: string, call: () => Promise<unknown>) => {
    try {
      await call();
      setMessage(label);
      reports.reload();
    } catch (error) {
      setMessage(`${label.replace(/\.$/, '')} refused: ${errorText(error)}`);
    }
  };
  useTriageKeys(openItem?.key, {
    open: (key) => {
      const item = byKey(key);
      if (item) navigate({ view: 'reports', projectId: route.projectId, kind: item.kind, id: item.pathId });
    },
    setStatus: (key, index) => {
      const item = byKey(key);
      if (!item) return;
      const name = `${KIND_LABEL[item.kind]} #${item.scopedId}`;
      if (item.kind === 'feature_request') return setMessage(`${name}: feature requests have no update operation.`);
      const statuses = item.kind === 'issue' ? settableIssueStatuses(info) : TICKET_STATUSES;
      const status = statuses[index];
      if (!status) return setMessage(`No status on key ${index + 1}.`);
      const path = `${base}/${item.kind === 'issue' ? 'issues' : 'tickets'}/${item.pathId}.json`;
      void act(`${name}: status ${statusLabel(status, info)}.`, () =>
        api.send('PATCH', path, { [item.kind]: { status } }),
      );
    },
    archive: (key) => {
      const item = byKey(key);
      if (item?.kind !== 'issue') return setMessage('Only issues can be archived.');
      const verb = filters.archived ? 'unarchive' : 'archive';
      void act(`Issue #${item.scopedId}: ${verb}d.`, () => api.send('POST', `${base}/issues/${item.pathId}/${verb}`));
    },
    merge: (key) => merges.mergeItem(byKey(key)),
    toggle: (key) => toggle(key),
    copyLink: (key) => {
      const item = byKey(key);
      if (item) void copyLink(reportLink(route.projectId, item), setMessage);
    },
    back: () => {
      if (keysOpen) return setKeysOpen(false);
      if (selected) navigate({ view: 'reports', projectId: route.projectId });
    },
    showKeys: () => setKeysOpen(true),
    loadMore: () => void reports.loadMore(),
  });
  const toggle = (key: string) =>
    setSelection((s) => {
      const next = new Set(s);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const selectedItems = reports.items.filter((i) => selection.has(i.key));
  const exportAs = async (format: 'csv' | 'json') => {
    setMessage('Exporting…');
    try {
      const rows = await collectExport(api, route.projectId, filters, reports.items);
      if (format === 'csv') download('glitchbox-reports.csv', 'text/csv', toCsv(rows));
      else download('glitchbox-reports.json', 'application/json', JSON.stringify(rows, null, 2));
      setMessage(`Exported ${rows.length} reports as ${format.toUpperCase()}.`);
    } catch (error) {
      setMessage(`Export refused: ${errorText(error)}`);
    }
  };

  return (
    <div class={`reports${selected ? ' has-open' : ''}`}>
      <section class="list-pane" aria-labelledby="reports-heading">
        <div class="pane-head">
          <h1 id="reports-heading">Reports</h1>
          <span class={`stream stream-${reports.stream}`} title={reports.streamDetail}>
            <span class="dot" aria-hidden="true" /> {STREAM_TEXT[reports.stream]}
          </span>
        </div>
        <FiltersBar
          filters={filters}
          releases={releases.data ?? []}
          tags={tags.data ?? []}
          info={info}
          onChange={(next) => {
            setFilters(next);
            setSelection(new Set());
          }}
        />
        <div class="toolbar">
          <button type="button" class="secondary" onClick={() => void exportAs('csv')}>
            Export CSV
          </button>
          <button type="button" class="secondary" onClick={() => void exportAs('json')}>
            Export JSON
          </button>
          <button type="button" class="secondary" onClick={() => setKeysOpen(true)} aria-keyshortcuts="?">
            Keys
          </button>
        </div>
        {reports.stream === 'refused' && (
          <p class="error" role="alert">
            Live updates were refused: {reports.streamDetail}
          </p>
        )}
        <SourceNotes notes={reports.notes} />
        <div class="sr-only" aria-live="polite">
          {reports.announcement}
        </div>
        <p class="toast" role="status">
          {message}
        </p>
        <MergeUndo undo={merges.undo} lastMerged={merges.lastMerged} busy={merges.busy} />
        {selection.size > 0 && (
          <BulkBar
            api={api}
            projectId={route.projectId}
            info={info}
            selected={selectedItems}
            archivedView={filters.archived}
            onDone={reports.reload}
            onClear={() => setSelection(new Set())}
          />
        )}
        <ReportList
          reports={reports}
          projectId={route.projectId}
          info={info}
          openKey={openItem?.key}
          selection={selection}
          onToggle={toggle}
          onToggleAll={(keys) => setSelection(new Set(keys ?? []))}
        />
      </section>
      <section class="detail-pane" aria-label="Open report">
        {!selected && (
          <p class="placeholder">
            Choose a report from the list (<kbd>j</kbd>/<kbd>k</kbd> and <kbd>Enter</kbd>; <kbd>?</kbd> for every key).
            New reports appear as players send them.
          </p>
        )}
        {selected && (
          <div class="detail-tools">
            <a class="back" href={toHash({ view: 'reports', projectId: route.projectId })}>
              ← Back to the list
            </a>
            <button
              type="button"
              class="secondary"
              onClick={() =>
                void copyLink(reportLink(route.projectId, { kind: selected.kind, pathId: selected.id }), setMessage)
              }
            >
              Copy link
            </button>
          </div>
        )}
        {selected?.kind === 'issue' && (
          <IssueView
            key={selected.id}
            api={api}
            projectId={route.projectId}
            pathId={selected.id}
            revision={revision}
            info={info}
            archived={filters.archived}
            merge={merges}
            namedInList={namedInList}
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
      <KeySheet open={keysOpen} onClose={() => setKeysOpen(false)} />
    </div>
  );
}
