// "Also reported by N players" on the canonical issue: each report whose glitchbox_same_as names it, archived
// (merged) ones included and marked, with the one-click merge or its undo (docs/inbox.md#same-problem-and-merge).
import type { Api } from './api.ts';
import { errorText, humanize } from './format.ts';
import { MergeButton, MergeNote } from './merge-button.tsx';
import { EMPTY_PROJECT_INFO, may, type ProjectInfo } from './project-info.ts';
import { toHash } from './route.ts';
import { findSameProblemReports } from './same-problem.ts';
import type { Issue } from './types.ts';
import { useAsync } from './use-async.ts';
import type { MergeControl } from './use-merge.tsx';

export function AlsoReported(props: {
  api: Api;
  projectId: string;
  issue: Issue;
  info: ProjectInfo;
  merge: MergeControl;
  revision: number;
  /** How many loaded list lines name this issue: one arriving live reads the reports again. */
  namedInList: number;
}) {
  const { api, projectId, issue, merge } = props;
  // The aggregation needs bugs.merge; without it the list alone is read (a few pages). The project detail says
  // which, so nothing is asked before it is in.
  const ready = props.info !== EMPTY_PROJECT_INFO;
  const mayAggregate = may(props.info, 'bugs.merge');
  const found = useAsync(
    () => (ready ? findSameProblemReports(api, projectId, issue, mayAggregate) : Promise.resolve(undefined)),
    [
      api,
      projectId,
      issue.id,
      issue.created_at,
      ready,
      mayAggregate,
      merge.revision,
      props.revision,
      props.namedInList,
    ],
  );
  const into = `g-${issue.id}`;
  if (found.error)
    return (
      <section aria-labelledby="also-reported-heading">
        <h3 id="also-reported-heading">Also reported by</h3>
        <p class="muted">Reports that name this one could not be read: {errorText(found.error)}</p>
      </section>
    );
  const reports = found.data?.reports ?? [];
  // Most issues are named by nobody: the section appears only when a player pointed here.
  if (!reports.length && found.data?.complete !== false) return null;
  const n = reports.length;
  return (
    <section aria-labelledby="also-reported-heading">
      <h3 id="also-reported-heading">
        Also reported by {n} {n === 1 ? 'player' : 'players'}
      </h3>
      <p class="muted">
        Reports whose player chose “Same problem” on this issue in the widget.
        {found.data?.complete === false &&
          ' Only the most recent reports filed since this one were read; there may be more.'}
      </p>
      <ul class="similar also-reported">
        {reports.map(({ issue: r, archived }) => (
          <li key={r.id}>
            <a href={toHash({ view: 'reports', projectId, kind: 'issue', id: `g-${r.id}` })}>
              #{r.scoped_id} {r.title || '(no title)'}
            </a>
            <span class="muted"> {humanize(r.status)}</span> {archived && <span class="badge archived">Archived</span>}{' '}
            <MergeButton
              control={merge}
              report={{ id: r.id, scopedId: r.scoped_id }}
              into={into}
              archived={archived}
              noteId="also-reported-note"
            />
          </li>
        ))}
      </ul>
      {merge.allowed && <MergeNote id="also-reported-note" />}
    </section>
  );
}
