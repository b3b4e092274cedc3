// A release created as published, or a draft being published, notifies every member of the project.
// Drafts, archiving and restoring notify no one (docs/api/admin.md#notifications).
import type { Deps } from '../../deps.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { listProjectMemberUserIds, type ReleaseRow } from './repository.ts';
import type { Caller } from '../projects-auth/caller.ts';
import { notify } from '../notifications/notify.ts';
import { releasePublicId } from './render.ts';

export function notifyReleasePublished(
  deps: Pick<Deps, 'db' | 'clock'>,
  project: ProjectRow,
  release: ReleaseRow,
  actor: Caller,
): void {
  const summary = release.summary || release.description.slice(0, 500);
  for (const userId of listProjectMemberUserIds(deps.db, project.id)) {
    notify(deps, {
      kind: 'notification',
      event: 'release_published',
      projectId: project.id,
      recipientUserId: userId,
      subject: `${project.name}: release ${release.label} is out`,
      body: summary || `Release ${release.label} of ${project.name} has been published.`,
      data: {
        release_id: releasePublicId(release),
        label: release.label,
        send_images_separately: release.send_images_separately === 1,
        published_by: actor.user?.public_id ?? null,
      },
    });
  }
}
