// Issue writes told to the areas that follow them (search indexing, the event stream, duplicate
// detection) through their `onIssueWrite`, so the issue service does not need to know them.
// Called after the write is committed.
import type { Deps } from '../../deps.ts';
import type { IssueRow } from './repository.ts';

export type IssueWriteKind = 'created' | 'updated' | 'published' | 'deleted';
export type IssueWriteHook = (deps: Deps, issue: IssueRow, kind: IssueWriteKind) => void;

/** Extra observers (tests); empty in the server, where areas declare `onIssueWrite` instead. */
export const issueWriteHooks: IssueWriteHook[] = [];

export function emitIssueWrite(deps: Deps, issue: IssueRow, kind: IssueWriteKind): void {
  for (const area of deps.areas) area.onIssueWrite?.(deps, issue, kind);
  for (const hook of issueWriteHooks) hook(deps, issue, kind);
}
