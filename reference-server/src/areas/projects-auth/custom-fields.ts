// Custom field definitions as clients read them; testers and players see only the fields
// that are player-viewable.
import type { z } from 'zod';
import {
  CUSTOM_FIELD_PAGE_SIZE,
  type CustomFieldDefinition,
  type CustomFieldListResponse,
} from '../../../../widget/src/protocol/custom-fields.ts';
import type { Deps } from '../../deps.ts';
import { listCustomFields, type CustomFieldRow } from './custom-fields-repository.ts';
import type { ProjectRow } from './repository.ts';
import { isTeam } from './access.ts';
import type { Caller } from './caller.ts';

export function toCustomFieldDefinition(row: CustomFieldRow): CustomFieldDefinition {
  return {
    id: row.id,
    ident: row.ident,
    name: row.name,
    field_type: row.field_type,
    required: row.required === 1,
    options: JSON.parse(row.options) as string[],
    applies_to: row.applies_to,
    tester_settable: row.tester_settable === 1,
  };
}

export function listCustomFieldDefinitions(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  appliesTo: 'issue' | 'feature_request' | 'ticket',
  page = 1,
): z.infer<typeof CustomFieldListResponse> {
  const team = isTeam(deps, caller, project);
  const rows = listCustomFields(deps.db, project.id, appliesTo).filter((row) => team || row.player_viewable === 1);
  const size = CUSTOM_FIELD_PAGE_SIZE;
  return {
    custom_fields: rows.slice((page - 1) * size, page * size).map(toCustomFieldDefinition),
    pagination: {
      current_page: page,
      per_page: size,
      // An empty result has 0 pages, as in every list (docs/api-choices.md#pagination).
      total_pages: Math.ceil(rows.length / size),
      total_count: rows.length,
    },
  };
}
