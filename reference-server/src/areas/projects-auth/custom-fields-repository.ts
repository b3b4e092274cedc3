// Custom field definitions per project and entity type.
import { stmt, type Db } from '../../db/database.ts';
import { rememberedSettings } from '../../db/remembered-rows.ts';

export interface CustomFieldRow {
  id: number;
  project_id: number;
  applies_to: 'issue' | 'feature_request' | 'ticket';
  ident: string;
  name: string;
  field_type: 'text' | 'boolean' | 'single_select' | 'multi_select' | 'coordinates';
  options: string;
  required: number;
  player_viewable: number;
  tester_settable: number;
  auto_created: number;
  created_at: string;
}

export function insertCustomField(db: Db, field: Omit<CustomFieldRow, 'id'>): CustomFieldRow {
  return stmt(
    db,
    `INSERT INTO custom_fields (project_id, applies_to, ident, name, field_type, options, required, player_viewable, ` +
      `tester_settable, auto_created, created_at)
    VALUES (@project_id, @applies_to, @ident, @name, @field_type, @options, @required, @player_viewable, ` +
      `@tester_settable, @auto_created, @created_at) RETURNING *`,
  ).get(field) as CustomFieldRow;
}

/** The project's field definitions for issues or feature requests, in order (frozen: remembered settings rows). */
export function listCustomFields(db: Db, projectId: number, appliesTo: string): readonly CustomFieldRow[] {
  return rememberedSettings(
    db,
    'custom-fields',
    `${projectId}:${appliesTo}`,
    () =>
      stmt(db, 'SELECT * FROM custom_fields WHERE project_id = ? AND applies_to = ? ORDER BY id').all(
        projectId,
        appliesTo,
      ) as CustomFieldRow[],
  )!;
}

export function countCustomFields(db: Db, projectId: number, appliesTo: string): number {
  return stmt(db, 'SELECT count(*) FROM custom_fields WHERE project_id = ? AND applies_to = ?')
    .pluck()
    .get(projectId, appliesTo) as number;
}
