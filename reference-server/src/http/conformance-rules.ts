// The shapes real clients send that the API does not make canonical (docs/clients.md#the-conformance-report):
// each with the rule it bends and how a client author fixes it. The default mode tolerates them and
// records them in the conformance report; --strict refuses them with 400 naming the rule.
export const CONFORMANCE_RULES = {
  'raw-project-token': {
    title: 'Project token sent raw: `Authorization: tkn-…`',
    rule: 'Authentication: a project token is sent as `Authorization: FormUser tkn-<token>`.',
    fix: 'Send `Authorization: FormUser tkn-…`.',
  },
  'project-header-missing': {
    title: 'No `Service-Project-ID` header on a project operation',
    rule: "General rule 5: every operation takes the header `Service-Project-ID`, equal to the path's project_id.",
    fix: 'Send `Service-Project-ID: <project id>` on every /projects/{project_id} call.',
  },
  'project-header-alias': {
    title: 'Project header sent as `BetaHub-Project-ID`',
    rule: 'General rule 5: the project header is named `Service-Project-ID`.',
    fix: 'Rename the header to `Service-Project-ID` (same value).',
  },
  'json-less-path': {
    title: 'Path without `.json` and no `Accept: application/json`',
    rule:
      'General rule 2: JSON is rendered when the path ends in `.json` ' +
      'or the request sends `Accept: application/json`.',
    fix: 'Append `.json` to the path or send `Accept: application/json`.',
  },
  'form-boolean-spelling': {
    title: 'Form boolean spelled `True`/`False` (or another non-canonical value)',
    rule: 'Custom field rule 2: the top-level form booleans are `1`, `0`, `true` or `false`.',
    fix: 'Send `true`/`false` (C#: `value ? "true" : "false"` instead of `bool.ToString()`).',
  },
  'custom-fields-wrapper': {
    title: 'Custom field values under `issue[custom_fields][…]`',
    rule: 'Issue create: custom field values are sent as `issue[custom][FIELD_IDENT]`.',
    fix: 'Send `issue[custom][<ident>]` (JSON: `{"issue": {"custom": {…}}}`).',
  },
  'unknown-parameter': {
    title: 'Parameter the operation does not take',
    rule: 'Each operation of the reference lists its parameters; the service silently ignores any other.',
    fix: 'Drop the parameter, or check its spelling and where it goes (query or body, inside the wrapper or not).',
  },
} as const;

export type ConformanceRuleId = keyof typeof CONFORMANCE_RULES;
