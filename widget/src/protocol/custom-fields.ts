// Custom field definitions (docs/api-choices.md#operation-paths) and the value shapes of issue custom fields.
import { z } from 'zod';
import { ListPagination } from './common.ts';
import { defineOperation } from './operation.ts';
import { paths } from './paths.ts';

export const FIELD_TYPES = ['text', 'boolean', 'single_select', 'multi_select', 'coordinates'] as const;
export const FieldType = z.enum(FIELD_TYPES);
export const AppliesTo = z.enum(['issue', 'feature_request', 'ticket']);

export const CustomFieldDefinition = z.object({
  id: z.number().int(),
  ident: z.string(),
  name: z.string(),
  field_type: FieldType,
  required: z.boolean(),
  options: z.array(z.string()),
  applies_to: AppliesTo,
  tester_settable: z.boolean(),
});
export type CustomFieldDefinition = z.infer<typeof CustomFieldDefinition>;

export const CustomFieldListResponse = z.object({
  custom_fields: z.array(CustomFieldDefinition),
  pagination: ListPagination,
});

export const customFieldOperations = {
  listCustomFields: defineOperation({
    id: 'listCustomFields', ...paths.listCustomFields, tag: 'Projects',
    summary: 'Custom field definitions of one entity type; testers see only player-viewable fields.',
    query: z.object({ applies_to: AppliesTo.default('issue') }),
    response: CustomFieldListResponse,
  }),
} as const;
