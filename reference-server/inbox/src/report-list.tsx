// The list of reports: one row per report with a checkbox for bulk changes, its link (the keyboard cursor is
// the focused link), a "Load more" button while the server holds more issues.
import { humanize } from './format.ts';
import type { ProjectInfo } from './project-info.ts';
import { toHash } from './route.ts';
import { statusLabel } from './status-options.ts';
import { KIND_LABEL, type ReportItem } from './types.ts';
import type { ReportsState } from './use-reports.ts';

export interface ListProps {
  reports: ReportsState;
  projectId: string;
  info: ProjectInfo;
  openKey?: string;
  selection: ReadonlySet<string>;
  onToggle(key: string): void;
  onToggleAll(keys: string[] | null): void;
}

const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'short' });

export function ReportList(props: ListProps) {
  const { items, loading, fresh, issueTotal, hasMore } = props.reports;
  if (loading && !items.length) return <p role="status">Loading reports…</p>;
  if (!items.length) return <p class="empty">No reports match. New ones appear here without a reload.</p>;
  const allSelected = items.every((i) => props.selection.has(i.key));
  return (
    <>
      <div class="list-tools">
        <p class="checkbox">
          <input
            id="select-all"
            type="checkbox"
            checked={allSelected}
            onChange={() => props.onToggleAll(allSelected ? null : items.map((i) => i.key))}
          />
          <label for="select-all">Select all {items.length} shown</label>
        </p>
        <span class="muted count">
          {issueTotal !== null && hasMore
            ? `${items.filter((i) => i.kind === 'issue').length} of ${issueTotal} issues loaded`
            : ''}
        </span>
      </div>
      <ul class="report-list" aria-label={`${items.length} reports`}>
        {items.map((item) => (
          <ReportRow
            key={item.key}
            item={item}
            projectId={props.projectId}
            info={props.info}
            fresh={fresh.has(item.key)}
            open={item.key === props.openKey}
            selected={props.selection.has(item.key)}
            onToggle={props.onToggle}
          />
        ))}
      </ul>
      {hasMore && (
        <button type="button" class="secondary more" onClick={() => void props.reports.loadMore()}>
          Load more issues
        </button>
      )}
    </>
  );
}

function ReportRow(props: {
  item: ReportItem;
  projectId: string;
  info: ProjectInfo;
  fresh: boolean;
  open: boolean;
  selected: boolean;
  onToggle(key: string): void;
}) {
  const { item } = props;
  const name = `${KIND_LABEL[item.kind]} #${item.scopedId}`;
  return (
    <li class={`report-row${props.open ? ' selected' : ''}${props.selected ? ' checked' : ''}`} data-key={item.key}>
      <input
        type="checkbox"
        class="row-check"
        checked={props.selected}
        aria-label={`Select ${name}`}
        onChange={() => props.onToggle(item.key)}
      />
      <a
        href={toHash({ view: 'reports', projectId: props.projectId, kind: item.kind, id: item.pathId })}
        aria-current={props.open ? 'true' : undefined}
      >
        <span class="row-top">
          <span class={`kind kind-${item.kind}`}>{name}</span>
          {props.fresh && <span class="badge new">New</span>}
          {item.raw && <span class="badge">Raw</span>}
        </span>
        <span class="row-title">{item.title || '(no title)'}</span>
        <span class="row-meta">
          <span class={`pill status-${item.status}`}>
            {item.kind === 'issue' ? statusLabel(item.status, props.info) : humanize(item.status)}
          </span>
          {item.priority && <span class={`pill priority-${item.priority}`}>{humanize(item.priority)}</span>}
          <time dateTime={item.createdAt}>{timeFormat.format(new Date(item.createdAt))}</time>
        </span>
      </a>
    </li>
  );
}
