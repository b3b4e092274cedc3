// The actions the API offers on an issue: publish a draft, archive or unarchive, and ask the
// reporter for details (each its own operation; the answers are shown as they come).
import { useState } from 'preact/hooks';
import { ASK_FOR_DETAILS_WHAT } from '../../../widget/src/protocol/statuses.ts';
import { projectPath, type Api } from './api.ts';
import { errorText, humanize } from './format.ts';
import { may, type ProjectInfo } from './project-info.ts';
import type { Issue } from './types.ts';

export function IssueActions(props: {
  api: Api;
  projectId: string;
  issue: Issue;
  info: ProjectInfo;
  /** The Issue object has no archived member: the list's archived view tells which of the two applies. */
  archived: boolean;
  onDone(): void;
}) {
  const { api, issue } = props;
  const base = `${projectPath(props.projectId)}/issues/g-${issue.id}`;
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [what, setWhat] = useState<string>('steps');
  const [comment, setComment] = useState('');

  const run = async (label: string, path: string, body?: unknown) => {
    setBusy(true);
    try {
      const answer = await api.send<{ message?: string } | null>('POST', path, body);
      setResult({
        ok: true,
        text: `${label}: ${answer && typeof answer.message === 'string' ? answer.message : 'done.'}`,
      });
      props.onDone();
    } catch (error) {
      setResult({ ok: false, text: `${label} refused: ${errorText(error)}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="actions-heading" class="actions">
      <h3 id="actions-heading">Actions</h3>
      <div class="action-row">
        {issue.status === 'hidden' && (
          <button
            type="button"
            disabled={busy}
            onClick={() => run('Publish', `${base}/publish`, { email_my_report: false })}
          >
            Publish draft
          </button>
        )}
        {may(props.info, 'bugs.archive') &&
          (props.archived ? (
            <button
              type="button"
              class="secondary"
              disabled={busy}
              onClick={() => run('Unarchive', `${base}/unarchive`)}
            >
              Unarchive
            </button>
          ) : (
            <button type="button" class="secondary" disabled={busy} onClick={() => run('Archive', `${base}/archive`)}>
              Archive
            </button>
          ))}
      </div>
      <form
        class="ask"
        onSubmit={(e) => {
          e.preventDefault();
          void run('Ask for details', `${base}/ask_for_details`, {
            what,
            ...(comment.trim() ? { comment: comment.trim() } : {}),
          });
        }}
      >
        <fieldset>
          <legend>Ask the reporter for details</legend>
          <div class="field">
            <label for="ask-what">What is missing</label>
            <select id="ask-what" value={what} onChange={(e) => setWhat((e.target as HTMLSelectElement).value)}>
              {ASK_FOR_DETAILS_WHAT.map((w) => (
                <option key={w} value={w}>
                  {humanize(w)}
                </option>
              ))}
            </select>
          </div>
          <div class="field grow">
            <label for="ask-comment">Comment (optional)</label>
            <textarea
              id="ask-comment"
              rows={2}
              value={comment}
              onInput={(e) => setComment((e.target as HTMLTextAreaElement).value)}
            />
          </div>
          <button type="submit" disabled={busy}>
            Send request
          </button>
        </fieldset>
      </form>
      <p class={result?.ok === false ? 'error' : 'ok'} role="status">
        {result?.text ?? ''}
      </p>
    </section>
  );
}
