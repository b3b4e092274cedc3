// One feature request: text, status, votes, the suggestion its player said it is the same as, files and custom
// fields; publish when hidden.
import { useState } from 'preact/hooks';
import { projectPath, type Api } from './api.ts';
import { CustomFields } from './details-list.tsx';
import { errorText, formatBytes, formatDate, humanize } from './format.ts';
import { SameAsRequest } from './same-as.tsx';
import type { FeatureRequest } from './types.ts';
import { useAsync } from './use-async.ts';

export function FeatureRequestView(props: {
  api: Api;
  projectId: string;
  pathId: string;
  revision: number;
  onChanged(): void;
}) {
  const base = `${projectPath(props.projectId)}/feature_requests/${encodeURIComponent(props.pathId)}`;
  const state = useAsync(() => props.api.get<FeatureRequest>(`${base}.json`), [props.api, base, props.revision]);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  if (state.error)
    return (
      <p class="error" role="alert">
        This feature request could not be loaded: {errorText(state.error)}
      </p>
    );
  if (!state.data) return <p role="status">Loading the feature request…</p>;
  const fr = state.data;
  const suggester = fr.user?.name ?? 'an anonymous player';
  const publish = async () => {
    try {
      await props.api.send('POST', `${base}/publish`);
      setResult({ ok: true, text: 'Published.' });
      props.onChanged();
    } catch (error) {
      setResult({ ok: false, text: `Publish refused: ${errorText(error)}` });
    }
  };
  return (
    <article class="report" aria-labelledby="report-title">
      <header class="report-head">
        <p class="eyebrow">Feature request #{fr.scoped_id}</p>
        <h2 id="report-title">{fr.title || '(no title)'}</h2>
        <p class="muted">
          Suggested {formatDate(fr.created_at)} by {suggester} · {fr.votes} votes · status {humanize(fr.status)}
        </p>
      </header>
      <section aria-labelledby="description-heading">
        <h3 id="description-heading">Description</h3>
        <p class="prose">{fr.description}</p>
      </section>
      <SameAsRequest api={props.api} projectId={props.projectId} request={fr} />
      <CustomFields fields={fr.custom_fields ?? []} />
      <section aria-labelledby="files-heading">
        <h3 id="files-heading">Files ({fr.files?.length ?? 0})</h3>
        {fr.files?.length ? (
          <ul class="files">
            {fr.files.map((f) => (
              <li key={f.id}>
                <a href={f.url} download={f.filename}>
                  {f.filename}
                </a>{' '}
                <span class="muted">
                  {f.content_type} · {formatBytes(f.size_bytes)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p class="muted">No files.</p>
        )}
      </section>
      {fr.status === 'hidden' && (
        <section aria-labelledby="actions-heading" class="actions">
          <h3 id="actions-heading">Actions</h3>
          <button type="button" onClick={publish}>
            Publish draft
          </button>
        </section>
      )}
      <p class={result?.ok === false ? 'error' : 'ok'} role="status">
        {result?.text ?? ''}
      </p>
    </article>
  );
}
