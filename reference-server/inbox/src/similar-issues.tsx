// Similar issues from find_similar (developer personal access tokens only; others see why not).
import { projectPath, type Api } from './api.ts';
import { errorText, humanize } from './format.ts';
import { toHash } from './route.ts';
import type { SimilarIssue } from './types.ts';
import { useAsync } from './use-async.ts';

export function SimilarIssues(props: { api: Api; projectId: string; pathId: string; revision: number }) {
  const { api, projectId, pathId } = props;
  const similar = useAsync(
    () =>
      api.get<{ issues: SimilarIssue[] }>(
        `${projectPath(projectId)}/issues/${encodeURIComponent(pathId)}/find_similar.json`,
        { limit: 5 },
      ),
    [api, projectId, pathId, props.revision],
  );
  return (
    <section aria-labelledby="similar-heading">
      <h3 id="similar-heading">Similar issues</h3>
      {similar.loading && !similar.data && <p role="status">Looking for similar issues…</p>}
      {similar.error ? <p class="muted">Similar issues are not available: {errorText(similar.error)}</p> : null}
      {similar.data &&
        (similar.data.issues.length ? (
          <ul class="similar">
            {similar.data.issues.map((s) => (
              <li key={s.id}>
                <a href={toHash({ view: 'reports', projectId, kind: 'issue', id: `g-${s.id}` })}>
                  #{s.scoped_id} {s.title}
                </a>
                <span class="muted">
                  {' '}
                  {humanize(s.status)} · {Math.round(s.similarity_score * 100)}% similar
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p class="muted">No similar issues found.</p>
        ))}
    </section>
  );
}
