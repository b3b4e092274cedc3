// The notifications area: records every email and in-app notification the real service would send, for any area
// that sends one. It has no routes of its own: the admin area answers them at /__admin/notifications.
import type { Deps } from '../../deps.ts';
import type { NotificationRecord } from '../../../../widget/src/protocol/fixtures.ts';
import { insertNotification, listNotifications } from './repository.ts';

export interface NotificationInput {
  kind: 'email' | 'notification';
  event: string;
  projectId?: number | null;
  recipientUserId?: number | null;
  recipientEmail?: string | null;
  subject: string;
  body: string;
  data?: Record<string, unknown>;
}

export function notify(deps: Pick<Deps, 'db' | 'clock'>, input: NotificationInput): void {
  insertNotification(deps.db, {
    kind: input.kind,
    event: input.event,
    project_id: input.projectId ?? null,
    recipient_user_id: input.recipientUserId ?? null,
    recipient_email: input.recipientEmail ?? null,
    subject: input.subject,
    body: input.body,
    data: JSON.stringify(input.data ?? {}),
    created_at: deps.clock.now().toISOString(),
  });
}

/** Every recorded notification, oldest first, as /__admin/notifications answers it. */
export function listNotificationRecords(deps: Pick<Deps, 'db'>): NotificationRecord[] {
  return listNotifications(deps.db).map(
    (n): NotificationRecord => ({
      id: n.id,
      kind: n.kind,
      event: n.event,
      project_id: n.project_id,
      recipient_user_id: n.recipient_user_id,
      recipient_email: n.recipient_email,
      subject: n.subject,
      body: n.body,
      data: JSON.parse(n.data),
      created_at: n.created_at,
    }),
  );
}
