// Every email and notification the service recorded (GET /__admin/notifications, the test
// surface of docs/api-choices.md#admin-surface), newest first, like a mail catcher's inbox. Refreshed every 3 s.
import { useEffect, useState } from 'preact/hooks';
import type { Api } from './api.ts';
import { errorText, formatDate, humanize } from './format.ts';
import type { NotificationRecord } from './types.ts';

export function NotificationsPage(props: { api: Api }) {
  const [records, setRecords] = useState<NotificationRecord[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [kind, setKind] = useState<'all' | 'email' | 'notification'>('all');
  useEffect(() => {
    let live = true;
    const load = () =>
      props.api.get<{ notifications: NotificationRecord[] }>('/__admin/notifications').then(
        (body) => {
          if (live) {
            setRecords(body.notifications);
            setError(null);
          }
        },
        (e: unknown) => {
          if (live) setError(e);
        },
      );
    void load();
    const timer = setInterval(load, 3000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [props.api]);

  const shown = (records ?? [])
    .filter((r) => kind === 'all' || r.kind === kind)
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id));
  return (
    <section class="notifications" aria-labelledby="notifications-heading">
      <div class="pane-head">
        <h1 id="notifications-heading">Notifications and emails</h1>
        <div class="field">
          <label for="notification-kind">Show</label>
          <select
            id="notification-kind"
            value={kind}
            onChange={(e) => setKind((e.target as HTMLSelectElement).value as typeof kind)}
          >
            <option value="all">Everything</option>
            <option value="email">Emails</option>
            <option value="notification">In-app notifications</option>
          </select>
        </div>
      </div>
      <p class="muted">
        What the service would have sent, read from the server's <code>/__admin/notifications</code> test surface.
        Nothing leaves this machine.
      </p>
      {error ? (
        <p class="error" role="alert">
          Notifications could not be read: {errorText(error)}
        </p>
      ) : null}
      {!records && !error && <p role="status">Loading notifications…</p>}
      {records && !shown.length && <p class="empty">Nothing recorded yet.</p>}
      <ul class="mail-list">
        {shown.map((n) => (
          <li key={n.id} class="mail">
            <details>
              <summary>
                <span class={`badge kind-${n.kind}`}>{n.kind === 'email' ? 'Email' : 'Notification'}</span>
                <strong class="mail-subject">{n.subject}</strong>
                <span class="muted">
                  to {n.recipient_email ?? (n.recipient_user_id ? `user ${n.recipient_user_id}` : 'nobody')} ·{' '}
                  {humanize(n.event)} · <time dateTime={n.created_at}>{formatDate(n.created_at)}</time>
                </span>
              </summary>
              <pre class="mail-body">{n.body}</pre>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
