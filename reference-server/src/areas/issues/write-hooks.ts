// Hooks other areas hang on issue writes (search indexing, embeddings, duplicate detection),
// so the issue service does not need to know them. Called after the write is committed.
import type { Deps } from '../../deps.ts';
import type { IssueRow } from './repository.ts';

export type IssueWriteKind = 'created' | 'updated' | 'published' | 'deleted';
export type IssueWriteHook = (deps: Deps, issue: IssueRow, kind: IssueWriteKind) => void;

export const issueWriteHooks: IssueWriteHook[] = [];

export function emitIssueWrite(deps: Deps, issue: IssueRow, kind: IssueWriteKind): void {
  for (const hook of issueWriteHooks) hook(deps, issue, kind);
}
