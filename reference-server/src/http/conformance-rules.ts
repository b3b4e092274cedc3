// The shapes real clients send that the API does not make canonical, and the mistakes client authors make
// most (docs/clients.md#the-conformance-report): each with the rule it bends and how to fix it. A
// `shape` is tolerated by default and refused with 400 under --strict; a `mistake` is answered the
// same way in both modes (an error that says what to do, or a hint beside a success).
export const CONFORMANCE_RULES = {
  'raw-project-token': {
    kind: 'shape',
    title: 'Project token sent raw: `Authorization: tkn-…`',
    rule: 'Authentication: a project token is sent as `Authorization: FormUser tkn-<token>`.',
    fix: 'Send `Authorization: FormUser tkn-…`.',
  },
  'credential-scheme': {
    kind: 'mistake',
    title: 'Credential in the wrong scheme: `Bearer tkn-…` or `FormUser pat-…`',
    rule:
      'Authentication: project tokens go in `FormUser` (`FormUser tkn-<token>`), ' +
      'personal access tokens in `Bearer` (`Bearer pat-<token>`).',
    fix: 'Send `Authorization: FormUser tkn-…` for a project token and `Authorization: Bearer pat-…` for a personal access token.',
  },
  'project-header-missing': {
    kind: 'shape',
    title: 'No `Service-Project-ID` header on a project operation',
    rule: "General rule 5: every operation takes the header `Service-Project-ID`, equal to the path's project_id.",
    fix: 'Send `Service-Project-ID: <project id>` on every /projects/{project_id} call.',
  },
  'project-header-misspelled': {
    kind: 'shape',
    title: 'Project header sent under a near-miss name (`Service-Project`, `X-Service-Project-ID`, …)',
    rule: 'General rule 5: the project header is named exactly `Service-Project-ID`; under another name it is not read.',
    fix: 'Rename the header to `Service-Project-ID` (same value).',
  },
  'project-header-alias': {
    kind: 'shape',
    title: 'Project header sent as `BetaHub-Project-ID`',
    rule: 'General rule 5: the project header is named `Service-Project-ID`.',
    fix: 'Rename the header to `Service-Project-ID` (same value).',
  },
  'json-less-path': {
    kind: 'shape',
    title: 'Path without `.json` and no `Accept: application/json`',
    rule:
      'General rule 2: JSON is rendered when the path ends in `.json` ' +
      'or the request sends `Accept: application/json`.',
    fix: 'Append `.json` to the path or send `Accept: application/json`.',
  },
  'trailing-slash': {
    kind: 'mistake',
    title: 'Path with a trailing slash (`issues.json/`, `issues/`)',
    rule: 'Endpoints: paths are written without a trailing slash, e.g. `/projects/{project_id}/issues.json`.',
    fix: 'Drop the trailing `/`.',
  },
  'json-labelled-form': {
    kind: 'mistake',
    title: 'JSON body labelled `Content-Type: application/x-www-form-urlencoded`',
    rule:
      'General rule 2: `Content-Type` describes the request body (`application/json`, ' +
      '`application/x-www-form-urlencoded` or `multipart/form-data`).',
    fix: 'Send a JSON body with `Content-Type: application/json`.',
  },
  'form-boolean-spelling': {
    kind: 'shape',
    title: 'Form boolean spelled `True`/`False` (or another non-canonical value)',
    rule: 'Custom field rule 2: the top-level form booleans are `1`, `0`, `true` or `false`.',
    fix: 'Send `true`/`false` (C#: `value ? "true" : "false"` instead of `bool.ToString()`).',
  },
  'custom-fields-wrapper': {
    kind: 'shape',
    title: 'Custom field values under `issue[custom_fields][…]`',
    rule: 'Issue create: custom field values are sent as `issue[custom][FIELD_IDENT]`.',
    fix: 'Send `issue[custom][<ident>]` (JSON: `{"issue": {"custom": {…}}}`).',
  },
  'unknown-parameter': {
    kind: 'shape',
    title: 'Parameter the operation does not take',
    rule: 'Each operation takes the parameters its section lists; the service silently ignores any other.',
    fix: 'Drop the parameter, or check its spelling and where it goes (query or body, inside the wrapper or not).',
  },
  'media-type-mislabelled': {
    kind: 'shape',
    title: 'Image or video file part labelled `application/octet-stream` (or not labelled)',
    rule:
      'Direct media upload: a screenshot is `image/png`, `image/jpeg` or `image/jpg`, a video clip ' +
      '`video/mp4`, `video/quicktime`, `video/webm`, `video/avi` or `video/mov`.',
    fix: 'Give the file part its real Content-Type (`image/png`, `image/jpeg`, `video/mp4`, …).',
  },
  'raw-id-in-path': {
    kind: 'mistake',
    title: 'Issue `id` put in a path where `g-<id>` was meant',
    rule:
      'General rule 4: the integer `id` inside issue bodies is the raw database key and must not be put ' +
      'into paths; a bare number in a path is a `scoped_id`, and the global form is `g-<id>`.',
    fix: "Put `g-<id>` in the path (or the `scoped_id`, or follow the issue's `url`).",
  },
  'draft-needs-jwt': {
    kind: 'mistake',
    title: 'Draft issue reached with the bare project token',
    rule:
      'Authentication rule 6: the `token` JWT an issue create returns is used as `Bearer <jwt>` for the ' +
      'follow-up draft calls; to anyone else a draft does not exist (404).',
    fix: 'Send `Authorization: Bearer <token of the create>` (or `FormUser tkn-…,<token>`) on the draft calls.',
  },
} as const satisfies Record<string, { kind: 'shape' | 'mistake'; title: string; rule: string; fix: string }>;

export type ConformanceRuleId = keyof typeof CONFORMANCE_RULES;
