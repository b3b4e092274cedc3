// Custom field definitions (docs/api-choices.md#operation-paths) and the value shapes of issue custom fields.
import { z } from 'zod';
import { DateFilter, ListPagination, PageNumber } from './common.ts';
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

/** Definitions per page of GET …/custom_fields.json (docs/api/projects-auth.md#custom-field-definitions). */
export const CUSTOM_FIELD_PAGE_SIZE = 100;

export const CustomFieldListQuery = z.object({
  applies_to: z.preprocess((v) => (v === '' ? undefined : v), AppliesTo.default('issue')),
  page: z.preprocess((v) => (v === '' ? undefined : v), PageNumber.default(1)),
});

export const CustomFieldListResponse = z.object({
  custom_fields: z.array(CustomFieldDefinition),
  pagination: ListPagination,
});

/**
 * The Unity plugin's start-up check reads `{custom_issue_fields: [{name, field_type, tester_settable}]}` and
 * matches `name` against the key it will send in `issue[custom_fields][<key>]`: so `name` is the ident here,
 * and the display name is `label` (a superset: readers of either field work).
 */
export const CustomIssueField = z.object({
  name: z.string(),
  ident: z.string(),
  label: z.string(),
  field_type: FieldType,
  tester_settable: z.boolean(),
  required: z.boolean(),
});
export const CustomIssueFieldsResponse = z.object({ custom_issue_fields: z.array(CustomIssueField) });

export const CUSTOM_FIELD_AGGREGATION_MAX = 500;
const blank = (v: unknown) => (v === '' ? undefined : v);

/** Query of custom_field_aggregations: group bugs and suggestions by one field's value. */
export const CustomFieldAggregationQuery = z.object({
  field: z.string({ error: 'field is required' }).trim().min(1, 'field is required'),
  types: z.preprocess(blank, z.enum(['bugs', 'suggestions']).optional()),
  from: DateFilter,
  to: DateFilter,
  status: z.preprocess(blank, z.string().max(100).optional()),
  limit: z.preprocess(blank, z.coerce.number().int().min(1).max(CUSTOM_FIELD_AGGREGATION_MAX).default(50)),
});
export type CustomFieldAggregationQuery = z.infer<typeof CustomFieldAggregationQuery>;

export const CustomFieldAggregationResponse = z.object({
  results: z.array(
    z.object({
      value: z.string(),
      count: z.number().int(),
      by_type: z.object({ bugs: z.number().int(), suggestions: z.number().int() }),
    }),
  ),
});
export type CustomFieldAggregationResponse = z.infer<typeof CustomFieldAggregationResponse>;

export const customFieldOperations = {
  listCustomIssueFields: defineOperation({
    id: 'listCustomIssueFields',
    ...paths.listCustomIssueFields,
    tag: 'Projects',
    summary:
      'Issue custom fields as the Unity plugin checks them at start-up (name = ident, field_type, tester_settable).',
    response: CustomIssueFieldsResponse,
  }),
  aggregateCustomField: defineOperation({
    id: 'aggregateCustomField',
    ...paths.aggregateCustomField,
    tag: 'Projects',
    summary: 'Bugs and suggestions grouped by one custom field value, most frequent first (developer access).',
    query: CustomFieldAggregationQuery,
    response: CustomFieldAggregationResponse,
  }),
  listCustomFields: defineOperation({
    id: 'listCustomFields',
    ...paths.listCustomFields,
    tag: 'Projects',
    summary: 'Custom field definitions of one entity type; testers see only player-viewable fields.',
    query: CustomFieldListQuery,
    response: CustomFieldListResponse,
  }),
} as const;
