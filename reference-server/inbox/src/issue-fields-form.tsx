// Status, priority and assignee of an issue, changed through the update operation (PATCH issue[...]). Every
// status the issue can hold is listed; those the update operation refuses are shown disabled with the reason.
import { useEffect, useRef, useState } from 'preact/hooks';
import { projectPath, type Api } from './api.ts';
import { errorText, humanize } from './format.ts';
import type { ProjectInfo } from './project-info.ts';
import { issuePriorityChoices, issueStatusChoices, statusLabel, type Choice } from './status-options.ts';
import type { Issue } from './types.ts';

const NOT_SETTABLE = ' (not settable)';

function Options(props: { choices: Choice[] }) {
  return (
    <>
      {props.choices.map((c) => (
        <option key={c.value} value={c.value} disabled={!c.settable}>
          {c.label}
          {c.settable ? '' : NOT_SETTABLE}
        </option>
      ))}
    </>
  );
}

export function IssueFieldsForm(props: {
  api: Api;
  projectId: string;
  issue: Issue;
  info: ProjectInfo;
  onSaved(): void;
}) {
  const { issue, info } = props;
  const assignee =
    issue.assigned_to?.id === null || issue.assigned_to?.id === undefined ? '' : String(issue.assigned_to.id);
  const [status, setStatus] = useState(issue.status);
  const [priority, setPriority] = useState(issue.priority);
  const [assignTo, setAssignTo] = useState(assignee);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // A newer issue (saved here, or changed elsewhere) moves the choices the user has not touched; a choice being
  // made stays (a late live event must not undo it). The last message stays too.
  const seen = useRef({ status: issue.status, priority: issue.priority, assignee });
  useEffect(() => {
    const was = seen.current;
    seen.current = { status: issue.status, priority: issue.priority, assignee };
    setStatus((s) => (s === was.status ? issue.status : s));
    setPriority((p) => (p === was.priority ? issue.priority : p));
    setAssignTo((a) => (a === was.assignee ? assignee : a));
  }, [issue.updated_at]);
  const changed = status !== issue.status || priority !== issue.priority || assignTo !== assignee;
  const statuses = issueStatusChoices(info);
  const known = [...statuses.settable, ...statuses.custom, ...statuses.fixed].some((c) => c.value === issue.status);
  const members = info.members.some((m) => String(m.id) === assignee)
    ? info.members
    : [...info.members, ...(assignee ? [{ id: Number(assignee), name: issue.assigned_to.name, role: '' }] : [])];

  const save = async (event: Event) => {
    event.preventDefault();
    const patch: Record<string, string> = {};
    const said: string[] = [];
    if (status !== issue.status) {
      patch.status = status;
      said.push(`status ${statusLabel(status, info).toLowerCase()}`);
    }
    if (priority !== issue.priority) {
      patch.priority = priority;
      said.push(`priority ${priority}`);
    }
    if (assignTo !== assignee) {
      patch.assigned_to_id = assignTo;
      said.push(`assigned to ${members.find((m) => String(m.id) === assignTo)?.name ?? 'nobody'}`);
    }
    setBusy(true);
    try {
      const path = `${projectPath(props.projectId)}/issues/g-${issue.id}.json`;
      const answer = await props.api.send<Issue | null>('PATCH', path, { issue: patch });
      // A value the caller may not change (priority, for support) is dropped with a warning, not refused.
      const warnings = answer?.warnings ?? [];
      setMessage(
        warnings.length
          ? { ok: false, text: `Saved with warnings: ${warnings.join(' ')}` }
          : { ok: true, text: `Saved: ${said.join(', ')}.` },
      );
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
          {!known && <option value={issue.status}>{issue.status_display || humanize(issue.status)}</option>}
          <Options choices={statuses.settable} />
          {statuses.custom.length > 0 && (
            <optgroup label="This project's statuses">
              <Options choices={statuses.custom} />
            </optgroup>
          )}
          <optgroup label="Not settable through the API">
            <Options choices={statuses.fixed} />
          </optgroup>
        </select>
      </div>
      <div class="field">
        <label for="issue-priority">Priority</label>
        <select
          id="issue-priority"
          value={priority}
          onChange={(e) => setPriority((e.target as HTMLSelectElement).value)}
        >
          <Options choices={issuePriorityChoices()} />
        </select>
      </div>
      <div class="field">
        <label for="issue-assignee">Assigned to</label>
        <select
          id="issue-assignee"
          value={assignTo}
          onChange={(e) => setAssignTo((e.target as HTMLSelectElement).value)}
        >
          <option value="">Nobody</option>
          {members.map((m) => (
            <option key={m.id} value={String(m.id)}>
              {m.name ?? `User ${m.id}`}
              {m.role ? ` (${m.role})` : ''}
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
