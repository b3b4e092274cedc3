// Type, status (each kind its own statuses), priority, release and tag filters, the sort, and the search box
// of the report list.
import { useEffect, useState } from 'preact/hooks';
import { humanize } from './format.ts';
import type { ProjectInfo } from './project-info.ts';
import { filterPriorities, filterStatuses, statusLabel } from './status-options.ts';
import { KIND_LABEL, type Filters, type IssueTag, type Release, type ReportKind, type Sort } from './types.ts';

const KINDS: ReportKind[] = ['issue', 'feature_request', 'ticket'];
const SORT_LABEL: Record<Sort, string> = {
  created: 'Newest first',
  updated: 'Recently updated',
  priority: 'Highest priority',
  score: 'Highest score',
};

export const EMPTY_FILTERS: Filters = {
  type: 'all',
  status: '',
  priority: '',
  release: '',
  tag: '',
  archived: false,
  query: '',
  sort: 'created',
};

/** A tag's option text: a child tag names its parent first. */
function tagLabel(tag: IssueTag, tags: IssueTag[]): string {
  const parent = tag.parent_tag_id === null ? undefined : tags.find((t) => t.id === tag.parent_tag_id);
  return parent ? `${parent.name} › ${tag.name}` : tag.name;
}

export function FiltersBar(props: {
  filters: Filters;
  releases: Release[];
  tags: IssueTag[];
  info: ProjectInfo;
  onChange(filters: Filters): void;
}) {
  const { filters, onChange } = props;
  const [query, setQuery] = useState(filters.query);
  useEffect(() => setQuery(filters.query), [filters.query]);
  const set = (patch: Partial<Filters>) => {
    const next = { ...filters, ...patch };
    // A status belongs to one kind: choosing another kind clears it.
    if (patch.type && patch.type !== filters.type && !patch.status) next.status = '';
    onChange(next);
  };
  const select = (id: string, label: string, value: string, options: Array<[string, string]>, key: keyof Filters) => (
    <div class="field">
      <label for={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => set({ [key]: (e.target as HTMLSelectElement).value } as Partial<Filters>)}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <div class="filters">
      <search>
        <form
          class="search"
          onSubmit={(e) => {
            e.preventDefault();
            set({ query });
          }}
        >
          <label for="search">Search reports</label>
          <div class="search-row">
            <input
              id="search"
              type="search"
              value={query}
              placeholder="Words from a title or description"
              onInput={(e) => setQuery((e.target as HTMLInputElement).value)}
            />
            <button type="submit">Search</button>
            {filters.query && (
              <button type="button" class="secondary" onClick={() => set({ query: '' })}>
                Clear
              </button>
            )}
          </div>
        </form>
      </search>
      <div class="filter-row">
        {select(
          'filter-type',
          'Type',
          filters.type,
          [
            ['all', 'All reports'],
            ['issue', 'Issues'],
            ['feature_request', 'Feature requests'],
            ['ticket', 'Tickets'],
          ],
          'type',
        )}
        <div class="field">
          <label for="filter-status">Status</label>
          {/* Each kind's own statuses; with every kind shown, picking one also picks its kind. */}
          <select
            id="filter-status"
            value={filters.status ? `${filters.type}:${filters.status}` : ''}
            onChange={(e) => {
              const [kind, status] = (e.target as HTMLSelectElement).value.split(':');
              set(status ? { type: kind as ReportKind, status } : { status: '' });
            }}
          >
            <option value="">Any status</option>
            {KINDS.filter((k) => filters.type === 'all' || filters.type === k).map((kind) => (
              <optgroup key={kind} label={`${KIND_LABEL[kind]}s`}>
                {filterStatuses(kind, props.info).map((s) => (
                  <option key={s} value={`${kind}:${s}`}>
                    {statusLabel(s, props.info)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        {filters.type !== 'feature_request' &&
          select(
            'filter-priority',
            'Priority',
            filters.priority,
            [['', 'Any priority'], ...filterPriorities(filters.type).map((p): [string, string] => [p, humanize(p)])],
            'priority',
          )}
        {select(
          'filter-release',
          'Release',
          filters.release,
          [
            ['', 'Any release'],
            ['latest', 'Latest release'],
            ...props.releases.map((r): [string, string] => [String(r.id), r.label]),
          ],
          'release',
        )}
        {props.tags.length > 0 &&
          select(
            'filter-tag',
            'Tag',
            filters.tag,
            [['', 'Any tag'], ...props.tags.map((t): [string, string] => [String(t.id), tagLabel(t, props.tags)])],
            'tag',
          )}
        <div class="field checkbox">
          <input
            id="filter-archived"
            type="checkbox"
            checked={filters.archived}
            onChange={(e) => set({ archived: (e.target as HTMLInputElement).checked })}
          />
          <label for="filter-archived">Archived issues</label>
        </div>
        {select('sort', 'Sort', filters.sort, Object.entries(SORT_LABEL) as Array<[string, string]>, 'sort')}
      </div>
    </div>
  );
}
