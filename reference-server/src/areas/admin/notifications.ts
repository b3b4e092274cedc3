// Records every email and in-app notification the real service would send.
import type { Deps } from '../../deps.ts';
import { insertNotification } from './repository.ts';

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
