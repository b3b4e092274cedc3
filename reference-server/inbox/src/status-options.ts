// The statuses and priorities each kind of report can hold, and which of them the caller can set: the issue
// update operation takes open, in progress, resolved, closed and the project's own statuses; the other built-ins
// (duplicate, won't fix, needs more info…) are shown but cannot be chosen (docs/inbox.md#what-the-api-cannot-do).
import {
  FEATURE_REQUEST_STATUSES,
  ISSUE_PRIORITIES,
  ISSUE_STATUSES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  UPDATE_PRIORITIES,
  UPDATE_STATUSES,
} from '../../../widget/src/protocol/statuses.ts';
import { humanize } from './format.ts';
import type { ProjectInfo } from './project-info.ts';
import type { ReportKind } from './types.ts';

export interface Choice {
  value: string;
  label: string;
  /** False for a value the API holds but the update operation does not take. */
  settable: boolean;
}

const BUILT_IN_LABEL: Record<string, string> = { wont_fix: "Won't fix" };
export const statusLabel = (status: string, info?: ProjectInfo) =>
  info?.statuses.find((s) => s.key === status)?.name ?? BUILT_IN_LABEL[status] ?? humanize(status);

/** Every status a kind of report can hold, for the filter: built-ins first, then the project's own. */
export function filterStatuses(kind: ReportKind, info: ProjectInfo): string[] {
  if (kind === 'feature_request') return [...FEATURE_REQUEST_STATUSES];
  if (kind === 'ticket') return [...TICKET_STATUSES];
  return [...ISSUE_STATUSES, ...info.statuses.map((s) => s.key).filter((k) => !ISSUE_STATUSES.includes(k as never))];
}

export function filterPriorities(kind: ReportKind | 'all'): string[] {
  if (kind === 'ticket') return [...TICKET_PRIORITIES];
  return kind === 'feature_request' ? [] : [...ISSUE_PRIORITIES];
}

const settable = (values: readonly string[]) => new Set<string>(values);
const SETTABLE_STATUSES = settable(UPDATE_STATUSES);
const SETTABLE_PRIORITIES = settable(UPDATE_PRIORITIES);

/** The issue status select: what update takes, the project's statuses, then the built-ins it refuses. */
export function issueStatusChoices(info: ProjectInfo): { settable: Choice[]; custom: Choice[]; fixed: Choice[] } {
  const custom = info.statuses.map((s) => ({ value: s.key, label: s.name, settable: true }));
  const fixed = ISSUE_STATUSES.filter((s) => !SETTABLE_STATUSES.has(s) && !custom.some((c) => c.value === s));
  return {
    settable: UPDATE_STATUSES.map((s) => ({ value: s, label: statusLabel(s), settable: true })),
    custom,
    fixed: fixed.map((s) => ({ value: s, label: statusLabel(s), settable: false })),
  };
}

/** The issue priority select: the filter's five values, `blocker` shown but not settable through update. */
export const issuePriorityChoices = (): Choice[] =>
  ISSUE_PRIORITIES.map((p) => ({ value: p, label: humanize(p), settable: SETTABLE_PRIORITIES.has(p) }));

/** The statuses a status key (1-4) or the bulk bar sets: what update takes, then the project's own. */
export const settableIssueStatuses = (info: ProjectInfo): string[] => [
  ...UPDATE_STATUSES,
  ...info.statuses.map((s) => s.key),
];
