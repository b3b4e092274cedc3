// The player's own word that this report is a problem already reported (the widget's "Same problem", the custom
// field glitchbox_same_as, docs/widget.md#already-reported): a link to that report, beside the similar issues,
// and the one-click merge into it (docs/inbox.md#same-problem-and-merge).
import { projectPath, type Api } from './api.ts';
import { MergeButton, MergeNote } from './merge-button.tsx';
import { toHash } from './route.ts';
import { sameAsOf } from './same-problem.ts';
import type { Issue } from './types.ts';
import { useAsync } from './use-async.ts';
import type { MergeControl } from './use-merge.tsx';

export function SameAs(props: { api: Api; projectId: string; issue: Issue; merge: MergeControl; archived: boolean }) {
  const { api, projectId, issue } = props;
  const id = sameAsOf(issue);
  const target = useAsync(
    () => (id ? api.get<Issue>(`${projectPath(projectId)}/issues/${id}.json`) : Promise.resolve(null)),
    [api, projectId, id],
  );
  if (!id) return null;
  return (
    <section aria-labelledby="same-as-heading">
      <h3 id="same-as-heading">The player says: same problem as</h3>
      <p>
        <a href={toHash({ view: 'reports', projectId, kind: 'issue', id })}>
          {target.data ? `#${target.data.scoped_id} ${target.data.title}` : id}
        </a>
        {target.data ? <span class="muted"> · {target.data.status_display}</span> : null}
      </p>
      {/* Only into an issue that is there to list it (not a deleted one, nor a feature request's id); in the
       archived view the actions' Unarchive is the undo. */}
      {props.merge.allowed && !props.archived && target.data && id !== `g-${issue.id}` && (
        <>
          <MergeButton
            control={props.merge}
            report={{ id: issue.id, scopedId: issue.scoped_id }}
            into={id}
            self
            noteId="same-as-merge-note"
          />
          <MergeNote id="same-as-merge-note" />
        </>
      )}
    </section>
  );
}
