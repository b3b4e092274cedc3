// The release state table of docs/api/releases.md#states: publish (draft → published, idempotent on
// published), archive (published → archived while another published release remains),
// restore (archived → published) and delete (not the only published release, no issues).
// Moves the table does not list are refused with 422 naming the allowed move.
import type { Release } from '../../../../widget/src/protocol/releases.ts';
import type { Deps } from '../../deps.ts';
import { unprocessable } from '../../errors.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import {
  countIssuesOfRelease,
  countPublishedReleases,
  deleteReleaseRow,
  listReleaseAttachments,
  updateReleaseFields,
  findRelease,
  type ReleaseRow,
} from './repository.ts';
import type { Caller } from '../projects-auth/caller.ts';
import { assertCanManageReleases, findVisibleRelease, releaseViewer } from './access.ts';
import { deleteStoredFiles } from './files.ts';
import { notifyReleasePublished } from './publish-notice.ts';
import { toRelease } from './render.ts';

function setStatus(deps: Deps, release: ReleaseRow, status: ReleaseRow['status']): ReleaseRow {
  return updateReleaseFields(deps.db, release.id, { status, updated_at: deps.clock.now().toISOString() });
}

function managedRelease(deps: Deps, caller: Caller, project: ProjectRow, pathId: string) {
  assertCanManageReleases(deps, caller, project);
  const viewer = releaseViewer(deps, caller, project);
  return { viewer, release: findVisibleRelease(deps, viewer, project, pathId) };
}

export function publishRelease(deps: Deps, caller: Caller, project: ProjectRow, pathId: string): Release {
  const { viewer, release } = managedRelease(deps, caller, project, pathId);
  if (release.status === 'published') return toRelease(deps, viewer, release);
  if (release.status === 'archived')
    throw unprocessable('An archived release is brought back with restore, not publish.');
  const published = deps.db.transaction(() => setStatus(deps, release, 'published'))();
  notifyReleasePublished(deps, project, published, caller);
  return toRelease(deps, viewer, published);
}

export function archiveRelease(deps: Deps, caller: Caller, project: ProjectRow, pathId: string): Release {
  const { viewer, release } = managedRelease(deps, caller, project, pathId);
  const archived = deps.db.transaction(() => {
    const current = findRelease(deps.db, project.id, release.id)!;
    if (current.status !== 'published')
      throw unprocessable(`Only a published release can be archived; this one is ${current.status}.`);
    if (countPublishedReleases(deps.db, project.id) < 2)
      throw unprocessable('At least one other published release must remain; this is the only published release.');
    return setStatus(deps, current, 'archived');
  })();
  return toRelease(deps, viewer, archived);
}

export function restoreRelease(deps: Deps, caller: Caller, project: ProjectRow, pathId: string): Release {
  const { viewer, release } = managedRelease(deps, caller, project, pathId);
  if (release.status !== 'archived')
    throw unprocessable(`Only an archived release can be restored; this one is ${release.status}.`);
  return toRelease(deps, viewer, setStatus(deps, release, 'published'));
}

/** Deletes the release with its download links and attachments; answers {success, message}. */
export async function deleteRelease(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  pathId: string,
): Promise<{ success: true; message: string }> {
  const { release } = managedRelease(deps, caller, project, pathId);
  const keys = deps.db.transaction(() => {
    const current = findRelease(deps.db, project.id, release.id)!;
    if (current.status === 'published' && countPublishedReleases(deps.db, project.id) < 2) {
      throw unprocessable('The only published release cannot be deleted.', { success: false });
    }
    const issues = countIssuesOfRelease(deps.db, current.id);
    if (issues > 0)
      throw unprocessable(`The release has ${issues} issue${issues === 1 ? '' : 's'} assigned and cannot be deleted.`, {
        success: false,
      });
    const attachmentKeys = listReleaseAttachments(deps.db, current.id).map((a) => a.storage_key);
    deleteReleaseRow(deps.db, current.id);
    return attachmentKeys;
  })();
  await deleteStoredFiles(deps, keys);
  return { success: true, message: `Release ${release.label} was deleted.` };
}
