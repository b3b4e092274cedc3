// The status, priority and "what is missing" values of issues, feature requests and tickets, with no zod: the QA
// inbox imports them without pulling the schemas into its bundle; issues.ts, tickets.ts and feature-requests.ts
// re-export them beside the schemas built on them.

/** Built-in issue statuses (docs/api/issues.md); projects add their own. */
export const ISSUE_STATUSES = [
  'hidden',
  'open',
  'in_progress',
  'resolved',
  'closed',
  'duplicate',
  'pending_moderation',
  'wont_fix',
  'needs_more_info',
] as const;
export const ISSUE_PRIORITIES = ['low', 'medium', 'high', 'critical', 'blocker'] as const;
/** The update operation's enums: narrower than the built-ins. */
export const UPDATE_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export const UPDATE_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export const ASK_FOR_DETAILS_WHAT = ['steps', 'screenshot', 'video', 'logs', 'device'] as const;

/** Statuses a feature request can hold; the search excludes the last six. */
export const FEATURE_REQUEST_STATUSES = [
  'open',
  'planned',
  'in_progress',
  'completed',
  'hidden',
  'pending_moderation',
  'rejected',
  'muted',
  'duplicate',
  'split',
] as const;
export const NON_PUBLIC_FEATURE_REQUEST_STATUSES = [
  'hidden',
  'pending_moderation',
  'rejected',
  'muted',
  'duplicate',
  'split',
] as const;

export const TICKET_STATUSES = ['new', 'open', 'pending', 'solved', 'closed'] as const;
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
