// Custom-field reports the official clients read: the Unity plugin's start-up field check
// (custom_issue_fields) and the API client's per-value ranking of bugs and suggestions
// (custom_field_aggregations, developer access as the `bugs.merge` scope, the API client's own gate).
import type { z } from 'zod';
import type {
  CustomFieldAggregationQuery,
  CustomFieldAggregationResponse,
  CustomIssueFieldsResponse,
} from '../../../../widget/src/protocol/custom-fields.ts';
import type { Deps } from '../../deps.ts';
import { forbidden, unprocessable } from '../../errors.ts';
import { listCustomFields } from '../projects-auth/custom-fields-repository.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { hasScope, isTeam } from '../projects-auth/access.ts';
import type { Caller } from '../projects-auth/caller.ts';
import { countFeatureRequestValues, countIssueValues, type ValueCount } from './repository.ts';

/**
 * Issue fields with `name` set to the ident (the key a client sends in `issue[custom_fields][…]`).
 * The team sees every field; others the fields they may see or set.
 */
export function listCustomIssueFields(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
): z.infer<typeof CustomIssueFieldsResponse> {
  const team = isTeam(deps, caller, project);
  const rows = listCustomFields(deps.db, project.id, 'issue').filter(
    (row) => team || row.player_viewable === 1 || row.tester_settable === 1,
  );
  return {
    custom_issue_fields: rows.map((row) => ({
      name: row.ident,
      ident: row.ident,
      label: row.name,
      field_type: row.field_type,
      tester_settable: row.tester_settable === 1,
      required: row.required === 1,
    })),
  };
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const startOf = (v: string) => new Date(DATE_ONLY.test(v) ? `${v}T00:00:00.000Z` : v).toISOString();
/** Inclusive upper bound as an exclusive instant: a date-only value covers its whole day. */
const endOf = (v: string) =>
  new Date(
    Date.parse(DATE_ONLY.test(v) ? `${v}T00:00:00.000Z` : v) + (DATE_ONLY.test(v) ? 86_400_000 : 1),
  ).toISOString();

/** A stored value as the bucket(s) it counts in: a multi-select counts once per option. */
function bucketsOf(json: string): string[] {
  const value = JSON.parse(json) as unknown;
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  if (typeof value === 'string') return value.trim() === '' ? [] : [value];
  return [JSON.stringify(value)];
}

export function aggregateCustomField(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  query: CustomFieldAggregationQuery,
): CustomFieldAggregationResponse {
  if (caller.scheme === 'anonymous' || caller.token || !hasScope(deps, caller, project, 'bugs.merge')) {
    throw forbidden('Aggregating custom fields needs developer access to this project (the bugs.merge permission).');
  }
  const issueField = listCustomFields(deps.db, project.id, 'issue').find((f) => f.ident === query.field);
  const requestField = listCustomFields(deps.db, project.id, 'feature_request').find((f) => f.ident === query.field);
  if (!issueField && !requestField)
    throw unprocessable(`field: no custom field with the ident ${JSON.stringify(query.field)} in this project.`);
  const filter = { from: query.from && startOf(query.from), until: query.to && endOf(query.to), status: query.status };
  const buckets = new Map<string, { bugs: number; suggestions: number }>();
  const add = (rows: ValueCount[], kind: 'bugs' | 'suggestions') => {
    for (const row of rows) {
      for (const value of bucketsOf(row.value)) {
        const bucket = buckets.get(value) ?? { bugs: 0, suggestions: 0 };
        bucket[kind] += row.count;
        buckets.set(value, bucket);
      }
    }
  };
  if (issueField && query.types !== 'suggestions')
    add(countIssueValues(deps.db, { fieldId: issueField.id, ...filter }), 'bugs');
  if (requestField && query.types !== 'bugs')
    add(countFeatureRequestValues(deps.db, { fieldId: requestField.id, ...filter }), 'suggestions');
  const results = [...buckets]
    .map(([value, byType]) => ({ value, count: byType.bugs + byType.suggestions, by_type: byType }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
    .slice(0, query.limit);
  return { results };
}
