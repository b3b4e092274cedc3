// The reports whose player said "Same problem" about an issue (custom field glitchbox_same_as = its `g-` id,
// docs/widget.md#already-reported), through public operations only: the field check, the custom-field aggregation's
// count, then the issue list (archived and not) from the issue's creation day on.
import { ApiError, projectPath, type Api } from './api.ts';
import type { Issue } from './types.ts';

export const SAME_AS_FIELD = 'glitchbox_same_as';

/** The `g-<id>` a report (an issue, or a feature request naming one of its kind) names as its "Same problem". */
export function sameAsOf(report: { custom_fields?: ReadonlyArray<{ ident: string; value: unknown }> }): string | null {
  const value = report.custom_fields?.find((f) => f.ident === SAME_AS_FIELD)?.value;
  return typeof value === 'string' && /^g-\d+$/.test(value) ? value : null;
}

export interface SameProblemReport {
  issue: Issue;
  archived: boolean;
}

export interface SameProblemReports {
  reports: SameProblemReport[];
  /** How many the aggregation counted (drafts and raw reports aside), when the caller may ask it. */
  counted: number | null;
  /** False when the page cap stopped the reading before every report filed since was read. */
  complete: boolean;
}

const PAGE = 100;
/** Pages read per list (archived, not archived) when the aggregation could not say how many to look for. */
const BLIND_PAGES = 5;
/** The same with a count to reach: enough for any playtest, bounded so one page view stays cheap. */
const COUNTED_PAGES = 30;
/** The aggregation operation's largest `limit`. */
const AGGREGATION_LIMIT = 500;

/** Whether the project has the field at all (the widget's first "Same problem" report creates it). */
async function hasField(api: Api, projectId: string): Promise<boolean> {
  try {
    const body = await api.get<{ custom_issue_fields: Array<{ ident: string }> }>(
      `${projectPath(projectId)}/custom_issue_fields.json`,
    );
    return body.custom_issue_fields.some((f) => f.ident === SAME_AS_FIELD);
  } catch {
    return true; // not told: look anyway
  }
}

/**
 * How many published reports name `id`, from the aggregation over reports filed since `day`; null when the caller
 * may not aggregate (it needs bugs.merge) or the value is not among the most frequent 500.
 */
async function countNaming(api: Api, projectId: string, id: string, day: string): Promise<number | null> {
  try {
    const body = await api.get<{ results: Array<{ value: string; count: number }> }>(
      `${projectPath(projectId)}/custom_field_aggregations.json`,
      { field: SAME_AS_FIELD, types: 'bugs', from: day, limit: AGGREGATION_LIMIT },
    );
    const hit = body.results.find((r) => r.value === id);
    if (hit) return hit.count;
    return body.results.length < AGGREGATION_LIMIT ? 0 : null;
  } catch (error) {
    // 422: no such field (a service that lists it but does not aggregate it).
    if (error instanceof ApiError && error.status === 422) return 0;
    return null;
  }
}

export async function findSameProblemReports(
  api: Api,
  projectId: string,
  canonical: Pick<Issue, 'id' | 'created_at'>,
  mayAggregate: boolean,
): Promise<SameProblemReports> {
  const id = `g-${canonical.id}`;
  // A report can name an issue only once that issue exists, and the field is set only at create.
  const day = canonical.created_at.slice(0, 10);
  // Asking for the field first keeps a project without it free of refused (422) aggregation calls.
  if (!(await hasField(api, projectId))) return { reports: [], counted: 0, complete: true };
  const counted = mayAggregate ? await countNaming(api, projectId, id, day) : null;
  if (counted === 0) return { reports: [], counted, complete: true };
  const reports: SameProblemReport[] = [];
  const published = () => reports.filter((r) => r.issue.status !== 'hidden' && !r.issue.raw).length;
  const cap = counted === null ? BLIND_PAGES : COUNTED_PAGES;
  let complete = true;
  for (const archived of [false, true]) {
    for (let page = 1; ; page++) {
      if (counted !== null && published() >= counted) break;
      if (page > cap) {
        complete = false;
        break;
      }
      const body = await api.get<{ issues: Issue[]; pagination?: { total_pages: number } }>(
        `${projectPath(projectId)}/issues.json`,
        { per_page: PAGE, page, created_after: day, archived: String(archived) },
      );
      for (const issue of body.issues) if (sameAsOf(issue) === id) reports.push({ issue, archived });
      if (page >= (body.pagination?.total_pages ?? 1) || body.issues.length < PAGE) break;
    }
  }
  // Newest first, as the list shows them, whichever list each came from.
  reports.sort((a, b) => b.issue.id - a.issue.id);
  return { reports, counted, complete: complete || (counted !== null && published() >= counted) };
}
