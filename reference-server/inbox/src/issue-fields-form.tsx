// Status and priority of an issue, changed through the update operation (PATCH issue[...]).
import { useState } from 'preact/hooks';
import { UPDATE_PRIORITIES, UPDATE_STATUSES } from '../../../widget/src/protocol/issues.ts';
import { projectPath, type Api } from './api.ts';
import { errorText, humanize } from './format.ts';
import type { Issue } from './types.ts';

/** The update enums, plus the current value when the issue holds another one (hidden, duplicate…). */
const withCurrent = (values: readonly string[], current: string) =>
  values.includes(current) ? values : [current, ...values];

export function IssueFieldsForm(props: { api: Api; projectId: string; issue: Issue; onSaved(): void }) {
  const { issue } = props;
  const [status, setStatus] = useState(issue.status);
  const [priority, setPriority] = useState(issue.priority);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const changed = status !== issue.status || priority !== issue.priority;

  const save = async (event: Event) => {
    event.preventDefault();
    const patch: Record<string, string> = {};
    if (status !== issue.status) patch.status = status;
    if (priority !== issue.priority) patch.priority = priority;
    setBusy(true);
    try {
      await props.api.send('PATCH', `${projectPath(props.projectId)}/issues/g-${issue.id}.json`, { issue: patch });
      setMessage({
        ok: true,
        text: `Saved: ${Object.entries(patch)
          .map(([k, v]) => `${k} ${humanize(v).toLowerCase()}`)
          .join(', ')}.`,
      });
      props.onSaved();
    } catch (error) {
      setMessage({ ok: false, text: `Not saved: ${errorText(error)}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="fields-form" onSubmit={save} aria-label="Status and priority">
      <div class="field">
        <label for="issue-status">Status</label>
        <select id="issue-status" value={status} onChange={(e) => setStatus((e.target as HTMLSelectElement).value)}>
          {withCurrent(UPDATE_STATUSES, issue.status).map((s) => (
            <option key={s} value={s}>
              {humanize(s)}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="issue-priority">Priority</label>
        <select
          id="issue-priority"
          value={priority}
          onChange={(e) => setPriority((e.target as HTMLSelectElement).value)}
        >
          {withCurrent(UPDATE_PRIORITIES, issue.priority).map((p) => (
            <option key={p} value={p}>
              {humanize(p)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" disabled={!changed || busy}>
        {busy ? 'Saving…' : 'Save changes'}
      </button>
      <p class={message?.ok === false ? 'error' : 'ok'} role="status">
        {message?.text ?? ''}
      </p>
    </form>
  );
}
