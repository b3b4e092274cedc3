// The player's own word that this report is a problem already reported (the widget's "Same problem", the custom
// field glitchbox_same_as, docs/widget.md#already-reported): a link to that report, beside the similar issues.
import { projectPath, type Api } from './api.ts';
import { toHash } from './route.ts';
import type { Issue } from './types.ts';
import { useAsync } from './use-async.ts';

export const SAME_AS_FIELD = 'glitchbox_same_as';

export function SameAs(props: { api: Api; projectId: string; issue: Issue }) {
  const { api, projectId, issue } = props;
  const value = issue.custom_fields.find((f) => f.ident === SAME_AS_FIELD)?.value;
  const id = typeof value === 'string' && /^g-\d+$/.test(value) ? value : null;
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
    </section>
  );
}
