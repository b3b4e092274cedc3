// Changes to every selected issue at once: status, priority, assignee, archive. The API has no bulk operation,
// so each issue gets its own update (or archive) call, four at a time (docs/inbox.md#what-the-api-cannot-do).
import { useState } from 'preact/hooks';
import { projectPath, type Api } from './api.ts';
import { errorText } from './format.ts';
import { may, type ProjectInfo } from './project-info.ts';
import { issuePriorityChoices, settableIssueStatuses, statusLabel } from './status-options.ts';
import type { ReportItem } from './types.ts';

export interface BulkChange {
  status?: string;
  priority?: string;
  assignee?: string;
  archive?: 'archive' | 'unarchive';
}

/** Applies one change to each issue; answers the issues the server refused, with why. */
export async function applyBulk(
  api: Api,
  projectId: string,
  issues: ReportItem[],
  change: BulkChange,
  onProgress: (done: number) => void,
): Promise<string[]> {
  const patch: Record<string, string> = {};
  if (change.status) patch.status = change.status;
  if (change.priority) patch.priority = change.priority;
  if (change.assignee !== undefined) patch.assigned_to_id = change.assignee;
  const failures: string[] = [];
  let done = 0;
  const queue = [...issues];
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const base = `${projectPath(projectId)}/issues/${item.pathId}`;
      try {
        if (Object.keys(patch).length) {
          const answer = await api.send<{ warnings?: string[] } | null>('PATCH', `${base}.json`, { issue: patch });
          // Dropped values (priority from a non-developer) are failures for the count, with the server's words.
          if (answer?.warnings?.length) failures.push(`#${item.scopedId}: ${answer.warnings.join(' ')}`);
        }
        if (change.archive) await api.send('POST', `${base}/${change.archive}`);
      } catch (error) {
        failures.push(`#${item.scopedId}: ${errorText(error)}`);
      }
      onProgress(++done);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return failures;
}

export function BulkBar(props: {
  api: Api;
  projectId: string;
  info: ProjectInfo;
  selected: ReportItem[];
  archivedView: boolean;
  onDone(): void;
  onClear(): void;
}) {
  const [change, setChange] = useState<BulkChange>({});
  const [state, setState] = useState<{ busy: boolean; text: string; ok: boolean }>({ busy: false, text: '', ok: true });
  const issues = props.selected.filter((i) => i.kind === 'issue');
  const others = props.selected.length - issues.length;
  const archive = props.archivedView ? 'unarchive' : 'archive';
  const run = async (next: BulkChange) => {
    setState({ busy: true, text: `Updating 0 of ${issues.length}…`, ok: true });
    const failures = await applyBulk(props.api, props.projectId, issues, next, (done) =>
      setState({ busy: true, text: `Updating ${done} of ${issues.length}…`, ok: true }),
    );
    const updated = issues.length - failures.length;
    const refused = failures.length ? ` Refused: ${failures.join('; ')}` : '';
    setState({
      busy: false,
      ok: failures.length === 0,
      text: `Updated ${updated} of ${issues.length} issues.${refused}`,
    });
    setChange({});
    props.onDone();
  };
  const pick = (key: keyof BulkChange) => (e: Event) =>
    setChange((c) => ({ ...c, [key]: (e.target as HTMLSelectElement).value || undefined }));
  return (
    <section class="bulk" aria-labelledby="bulk-heading">
      <h2 id="bulk-heading" class="bulk-title">
        {props.selected.length} selected{others ? ` (${others} not issues: left as they are)` : ''}
      </h2>
      <div class="bulk-row">
        <div class="field">
          <label for="bulk-status">Set status</label>
          <select id="bulk-status" value={change.status ?? ''} onChange={pick('status')}>
            <option value="">Keep</option>
            {settableIssueStatuses(props.info).map((s) => (
              <option key={s} value={s}>
                {statusLabel(s, props.info)}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="bulk-priority">Set priority</label>
          <select id="bulk-priority" value={change.priority ?? ''} onChange={pick('priority')}>
            <option value="">Keep</option>
            {issuePriorityChoices().map((p) => (
              <option key={p.value} value={p.value} disabled={!p.settable}>
                {p.label}
                {p.settable ? '' : ' (not settable)'}
              </option>
            ))}
          </select>
        </div>
        {props.info.members.length > 0 && (
          <div class="field">
            <label for="bulk-assignee">Assign to</label>
            <select
              id="bulk-assignee"
              value={change.assignee ?? 'keep'}
              onChange={(e) => {
                const v = (e.target as HTMLSelectElement).value;
                setChange((c) => ({ ...c, assignee: v === 'keep' ? undefined : v }));
              }}
            >
              <option value="keep">Keep</option>
              <option value="">Nobody</option>
              {props.info.members.map((m) => (
                <option key={m.id} value={String(m.id)}>
                  {m.name ?? `User ${m.id}`}
                </option>
              ))}
            </select>
          </div>
        )}
        <button
          type="button"
          disabled={
            state.busy || !issues.length || !(change.status || change.priority || change.assignee !== undefined)
          }
          onClick={() => void run(change)}
        >
          Apply to {issues.length} issues
        </button>
        {may(props.info, 'bugs.archive') && (
          <button
            type="button"
            class="secondary"
            disabled={state.busy || !issues.length}
            onClick={() => void run({ archive })}
          >
            {archive === 'archive' ? 'Archive' : 'Unarchive'} {issues.length}
          </button>
        )}
        <button type="button" class="secondary" onClick={props.onClear}>
          Clear selection
        </button>
      </div>
      <p class={state.ok ? 'ok' : 'error'} role="status">
        {state.text}
      </p>
    </section>
  );
}
