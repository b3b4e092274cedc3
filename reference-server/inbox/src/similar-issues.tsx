// Similar issues from find_similar (developer personal access tokens only; others see why not). A similar issue
// whose player named an issue ("Same problem") gets the one-click merge into it (docs/inbox.md#same-problem-and-merge).
import { projectPath, type Api } from './api.ts';
import { errorText, humanize } from './format.ts';
import { MergeButton, MergeNote } from './merge-button.tsx';
import { toHash } from './route.ts';
import { sameAsOf } from './same-problem.ts';
import type { Issue, SimilarIssue } from './types.ts';
import { useAsync } from './use-async.ts';
import type { MergeControl } from './use-merge.tsx';

/** find_similar answers no custom fields: each similar issue's own show tells what its player named. */
function namedBy(api: Api, projectId: string, issues: readonly SimilarIssue[] | undefined) {
  if (!issues?.length) return Promise.resolve(new Map<number, string>());
  return Promise.all(
    issues.map((s) =>
      api
        .get<Issue>(`${projectPath(projectId)}/issues/g-${s.id}.json`)
        .then((issue): [number, string | null] => [s.id, sameAsOf(issue)])
        .catch((): [number, null] => [s.id, null]),
    ),
  ).then((pairs) => new Map(pairs.filter((p): p is [number, string] => p[1] !== null)));
}

export function SimilarIssues(props: {
  api: Api;
  projectId: string;
  pathId: string;
  revision: number;
  merge: MergeControl;
}) {
  const { api, projectId, pathId, merge } = props;
  const similar = useAsync(
    () =>
      api
        .get<{ issues: SimilarIssue[] }>(
          `${projectPath(projectId)}/issues/${encodeURIComponent(pathId)}/find_similar.json`,
          { limit: 5 },
        )
        .then((body) => body.issues),
    [api, projectId, pathId, props.revision, merge.revision],
  );
  // Asked only of a caller who may merge: the links matter for nothing else here.
  const links = useAsync(
    () => namedBy(api, projectId, merge.allowed ? similar.data : undefined),
    [api, projectId, similar.data, merge.allowed],
  );
  const sameAs = (s: SimilarIssue) => {
    const named = links.data?.get(s.id);
    return named && named !== `g-${s.id}` ? named : null;
  };
  const mergeable = merge.allowed && !!similar.data?.some(sameAs);
  return (
    <section aria-labelledby="similar-heading">
      <h3 id="similar-heading">Similar issues</h3>
      {similar.loading && !similar.data && <p role="status">Looking for similar issues…</p>}
      {similar.error ? <p class="muted">Similar issues are not available: {errorText(similar.error)}</p> : null}
      {similar.data &&
        (similar.data.length ? (
          <ul class="similar">
            {similar.data.map((s) => (
              <li key={s.id}>
                <a href={toHash({ view: 'reports', projectId, kind: 'issue', id: `g-${s.id}` })}>
                  #{s.scoped_id} {s.title}
                </a>
                <span class="muted">
                  {' '}
                  {humanize(s.status)} · {Math.round(s.similarity_score * 100)}% similar
                  {sameAs(s) ? ` · its player says: same problem as ${sameAs(s)}` : ''}
                </span>{' '}
                {sameAs(s) && (
                  <MergeButton
                    control={merge}
                    report={{ id: s.id, scopedId: s.scoped_id }}
                    into={sameAs(s) as string}
                    noteId="similar-merge-note"
                  />
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p class="muted">No similar issues found.</p>
        ))}
      {mergeable && <MergeNote id="similar-merge-note" />}
    </section>
  );
}
