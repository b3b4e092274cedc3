// Export of the current filter as CSV or JSON: every issue the list operation answers for the filter (all its
// pages, not only those loaded), the feature requests and tickets shown, in the list's sort order.
import type { Api } from './api.ts';
import { projectPath } from './api.ts';
import { fromIssue, matchesFilters, sortItems } from './report-items.ts';
import type { Filters, Issue, ReportItem } from './types.ts';
import { issueQuery } from './use-reports.ts';

export const EXPORT_COLUMNS = [
  'kind',
  'path_id',
  'scoped_id',
  'title',
  'status',
  'priority',
  'score',
  'created_at',
  'updated_at',
] as const;

export interface ExportRow {
  kind: string;
  path_id: string;
  scoped_id: number;
  title: string;
  status: string;
  priority: string | null;
  score: number | null;
  created_at: string;
  updated_at: string;
}

/** A stop for a server that never says the last page (1,000 pages of 100 issues). */
const MAX_PAGES = 1000;

/** Every issue of the filter, page after page (the list operation's largest page, 100). */
async function allIssues(api: Api, projectId: string, f: Filters): Promise<ReportItem[]> {
  const items: ReportItem[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { path, query } = issueQuery(f, page);
    const body = await api.get<{ issues: Issue[]; pagination?: { total_pages: number } }>(
      `${projectPath(projectId)}/${path}`,
      query,
    );
    items.push(...body.issues.map(fromIssue).filter((i) => !f.query.trim() || matchesFilters(i, f)));
    if (!body.pagination || page >= body.pagination.total_pages || body.issues.length === 0) break;
  }
  return items;
}

export async function collectExport(
  api: Api,
  projectId: string,
  f: Filters,
  shown: readonly ReportItem[],
): Promise<ExportRow[]> {
  const issues = f.type === 'all' || f.type === 'issue' ? await allIssues(api, projectId, f) : [];
  const others = shown.filter((i) => i.kind !== 'issue');
  return sortItems([...issues, ...others], f.sort).map((i) => ({
    kind: i.kind,
    path_id: i.pathId,
    scoped_id: i.scopedId,
    title: i.title,
    status: i.status,
    priority: i.priority ?? null,
    score: i.score ?? null,
    created_at: i.createdAt,
    updated_at: i.updatedAt,
  }));
}

/**
 * RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled; CRLF between records. A player's
 * title starting with = + - @ gets a leading ' so a spreadsheet shows it as text instead of running it (OWASP
 * "CSV injection").
 */
export function toCsv(rows: readonly ExportRow[]): string {
  const cell = (v: unknown) => {
    let text = v === null || v === undefined ? '' : String(v);
    if (typeof v === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [EXPORT_COLUMNS.join(','), ...rows.map((r) => EXPORT_COLUMNS.map((c) => cell(r[c])).join(','))].join('\r\n');
}

/** Hands a file to the browser's download (a blob URL, revoked once the click has read it). */
export function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
