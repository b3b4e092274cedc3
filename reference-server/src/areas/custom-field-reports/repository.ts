// SQL of the custom-field reports: a field's stored values over bugs and suggestions, counted.
import { stmt, type Db } from '../../db/database.ts';

export interface ValueCount {
  value: string;
  count: number;
}

export interface AggregationFilter {
  fieldId: number;
  from?: string;
  until?: string;
  status?: string;
}

const where = (alias: string, f: AggregationFilter): { sql: string; params: unknown[] } => {
  const parts = ['v.field_id = ?'];
  const params: unknown[] = [f.fieldId];
  if (f.from) {
    parts.push(`${alias}.created_at >= ?`);
    params.push(f.from);
  }
  if (f.until) {
    parts.push(`${alias}.created_at < ?`);
    params.push(f.until);
  }
  if (f.status) {
    parts.push(`${alias}.status = ?`);
    params.push(f.status);
  }
  return { sql: parts.join(' AND '), params };
};

/** Stored values (JSON text) of one issue field with their counts; drafts and raw issues left out. */
export function countIssueValues(db: Db, f: AggregationFilter): ValueCount[] {
  const w = where('i', f);
  return stmt(
    db,
    `SELECT v.value, count(*) AS count FROM issue_custom_values v JOIN issues i ON i.id = v.issue_id
    WHERE ${w.sql} AND i.status != 'hidden' AND i.raw = 0 GROUP BY v.value`,
  ).all(...w.params) as ValueCount[];
}

/** The same over feature requests (drafts left out). */
export function countFeatureRequestValues(db: Db, f: AggregationFilter): ValueCount[] {
  const w = where('fr', f);
  return stmt(
    db,
    `SELECT v.value, count(*) AS count FROM feature_request_custom_values v
    JOIN feature_requests fr ON fr.id = v.feature_request_id
    WHERE ${w.sql} AND fr.status != 'hidden' GROUP BY v.value`,
  ).all(...w.params) as ValueCount[];
}
