// The player's own word that this report is a problem already reported (the widget's "Same problem", the custom
// field glitchbox_same_as, docs/widget.md#already-reported): a link to that report, beside the similar issues,
// and the one-click merge into it (docs/inbox.md#same-problem-and-merge).
import { projectPath, type Api } from './api.ts';
import { humanize } from './format.ts';
import { MergeButton, MergeNote } from './merge-button.tsx';
import { toHash } from './route.ts';
import { sameAsOf } from './same-problem.ts';
import type { FeatureRequest, Issue } from './types.ts';
import { useAsync } from './use-async.ts';
import type { MergeControl } from './use-merge.tsx';

/** What a "Same problem" names: the widget matches a bug among issues and a suggestion among feature requests. */
type NamedKind = 'issue' | 'feature_request';
const COLLECTION: Record<NamedKind, string> = { issue: 'issues', feature_request: 'feature_requests' };

/** The report a `g-<id>` names, loaded from its own kind's collection: issue and feature request ids may overlap. */
function useNamedReport(api: Api, projectId: string, kind: NamedKind, id: string | null) {
  return useAsync(
    () =>
      id
        ? api.get<Issue | FeatureRequest>(`${projectPath(projectId)}/${COLLECTION[kind]}/${id}.json`)
        : Promise.resolve(null),
    [api, projectId, kind, id],
  );
}

const statusOf = (report: Issue | FeatureRequest) =>
  'status_display' in report ? report.status_display : humanize(report.status);

function SameAsLink(props: { projectId: string; kind: NamedKind; id: string; target?: Issue | FeatureRequest | null }) {
  const { target } = props;
  return (
    <p>
      <a href={toHash({ view: 'reports', projectId: props.projectId, kind: props.kind, id: props.id })}>
        {target ? `#${target.scoped_id} ${target.title}` : props.id}
      </a>
      {target ? <span class="muted"> · {statusOf(target)}</span> : null}
    </p>
  );
}

/** On a feature request: the feature request its player said theirs is the same as (no merge: issues only). */
export function SameAsRequest(props: { api: Api; projectId: string; request: FeatureRequest }) {
  const id = sameAsOf(props.request);
  const target = useNamedReport(props.api, props.projectId, 'feature_request', id);
  if (!id) return null;
  return (
    <section aria-labelledby="same-as-heading">
      <h3 id="same-as-heading">The player says: same suggestion as</h3>
      <SameAsLink projectId={props.projectId} kind="feature_request" id={id} target={target.data} />
    </section>
  );
}

export function SameAs(props: { api: Api; projectId: string; issue: Issue; merge: MergeControl; archived: boolean }) {
  const { api, projectId, issue } = props;
  const id = sameAsOf(issue);
  const target = useNamedReport(api, projectId, 'issue', id);
  if (!id) return null;
  return (
    <section aria-labelledby="same-as-heading">
      <h3 id="same-as-heading">The player says: same problem as</h3>
      <SameAsLink projectId={projectId} kind="issue" id={id} target={target.data} />
      {/* Only into an issue that is there to list it (not a deleted one); in the archived view the actions'
       Unarchive is the undo. */}
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
