// Type, status, priority, release and tag filters and the search box of the report list.
import { useEffect, useState } from 'preact/hooks';
import { ISSUE_PRIORITIES, ISSUE_STATUSES } from '../../../widget/src/protocol/issues.ts';
import { FEATURE_REQUEST_STATUSES } from '../../../widget/src/protocol/feature-requests.ts';
import { TICKET_STATUSES } from '../../../widget/src/protocol/tickets.ts';
import { humanize } from './format.ts';
import type { Filters, IssueTag, Release } from './types.ts';

const STATUSES: Record<Filters['type'], readonly string[]> = {
  all: [...new Set([...ISSUE_STATUSES, ...FEATURE_REQUEST_STATUSES, ...TICKET_STATUSES])],
  issue: ISSUE_STATUSES,
  feature_request: FEATURE_REQUEST_STATUSES,
  ticket: TICKET_STATUSES,
};

export const EMPTY_FILTERS: Filters = {
  type: 'all',
  status: '',
  priority: '',
  release: '',
  tag: '',
  archived: false,
  query: '',
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
  onChange(filters: Filters): void;
}) {
  const { filters, onChange } = props;
  const [query, setQuery] = useState(filters.query);
  useEffect(() => setQuery(filters.query), [filters.query]);
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
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
        {select(
          'filter-status',
          'Status',
          filters.status,
          [['', 'Any status'], ...STATUSES[filters.type].map((s): [string, string] => [s, humanize(s)])],
          'status',
        )}
        {select(
          'filter-priority',
          'Priority',
          filters.priority,
          [['', 'Any priority'], ...ISSUE_PRIORITIES.map((p): [string, string] => [p, humanize(p)])],
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
      </div>
    </div>
  );
}
