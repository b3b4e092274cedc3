// Notifications and emails the service would have sent; read back at /__admin/notifications.
import { stmt, type Db } from '../../db/database.ts';

export interface NotificationRow {
  id: number;
  kind: 'email' | 'notification';
  event: string;
  project_id: number | null;
  recipient_user_id: number | null;
  recipient_email: string | null;
  subject: string;
  body: string;
  data: string;
  created_at: string;
}

export function insertNotification(db: Db, notification: Omit<NotificationRow, 'id'>): NotificationRow {
  return stmt(
    db,
    `INSERT INTO notifications (kind, event, project_id, recipient_user_id, recipient_email, subject, body, data, ` +
      `created_at)
    VALUES (@kind, @event, @project_id, @recipient_user_id, @recipient_email, @subject, @body, @data, @created_at) ` +
      `RETURNING *`,
  ).get(notification) as NotificationRow;
}

export function listNotifications(db: Db): NotificationRow[] {
  return stmt(db, 'SELECT * FROM notifications ORDER BY created_at DESC, id DESC').all() as NotificationRow[];
}
