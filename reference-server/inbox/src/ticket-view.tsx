// One support ticket: text, reporter, attachments, custom fields; status and priority are
// changed through the ticket update operation.
import { useState } from 'preact/hooks';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../../../widget/src/protocol/statuses.ts';
import { projectPath, type Api } from './api.ts';
import { CustomFields } from './details-list.tsx';
import { errorText, formatBytes, formatDate, humanize } from './format.ts';
import type { Ticket } from './types.ts';
import { useAsync } from './use-async.ts';

export function TicketView(props: { api: Api; projectId: string; pathId: string; revision: number }) {
  const base = `${projectPath(props.projectId)}/tickets/${encodeURIComponent(props.pathId)}`;
  const state = useAsync(() => props.api.get<Ticket>(`${base}.json`), [props.api, base, props.revision]);
  if (state.error)
    return (
      <p class="error" role="alert">
        This ticket could not be loaded: {errorText(state.error)}
      </p>
    );
  if (!state.data) return <p role="status">Loading the ticket…</p>;
  const ticket = state.data;
  return (
    <article class="report" aria-labelledby="report-title">
      <header class="report-head">
        <p class="eyebrow">Ticket #{ticket.scoped_id}</p>
        <h2 id="report-title">{ticket.title || '(no title)'}</h2>
        <p class="muted">
          Opened {formatDate(ticket.created_at)} by {ticket.reporter?.name ?? 'an anonymous player'} · assigned to{' '}
          {ticket.assigned_to?.name ?? 'nobody'}
        </p>
      </header>
      <TicketForm key={ticket.updated_at} api={props.api} path={`${base}.json`} ticket={ticket} />
      <section aria-labelledby="description-heading">
        <h3 id="description-heading">Description</h3>
        <p class="prose">{ticket.description}</p>
      </section>
      <CustomFields fields={ticket.custom_fields ?? []} />
      <section aria-labelledby="attachments-heading">
        <h3 id="attachments-heading">Attachments ({ticket.attachments.length})</h3>
        {ticket.attachments.length ? (
          <ul class="files">
            {ticket.attachments.map((a) => (
              <li key={a.id}>
                {a.filename}{' '}
                <span class="muted">
                  {a.content_type} · {formatBytes(a.size_bytes)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p class="muted">No attachments.</p>
        )}
      </section>
    </article>
  );
}

function TicketForm(props: { api: Api; path: string; ticket: Ticket }) {
  const [status, setStatus] = useState<string>(props.ticket.status);
  const [priority, setPriority] = useState<string>(props.ticket.priority);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const save = async (event: Event) => {
    event.preventDefault();
    try {
      await props.api.send('PATCH', props.path, { ticket: { status, priority } });
      setMessage({ ok: true, text: `Saved: status ${humanize(status).toLowerCase()}, priority ${priority}.` });
    } catch (error) {
      setMessage({ ok: false, text: `Not saved: ${errorText(error)}` });
    }
  };
  return (
    <form class="fields-form" onSubmit={save} aria-label="Ticket status and priority">
      <div class="field">
        <label for="ticket-status">Status</label>
        <select id="ticket-status" value={status} onChange={(e) => setStatus((e.target as HTMLSelectElement).value)}>
          {TICKET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {humanize(s)}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="ticket-priority">Priority</label>
        <select
          id="ticket-priority"
          value={priority}
          onChange={(e) => setPriority((e.target as HTMLSelectElement).value)}
        >
          {TICKET_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {humanize(p)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" disabled={status === props.ticket.status && priority === props.ticket.priority}>
        Save changes
      </button>
      <p class={message?.ok === false ? 'error' : 'ok'} role="status">
        {message?.text ?? ''}
      </p>
    </form>
  );
}
