// Releases: list, create, show and update (docs/api/releases.md). State transitions and
// deletion are in transitions.ts, download info in downloads.ts.
import type { z } from 'zod';
import {
  RELEASE_LIMITS,
  type Release,
  type ReleaseCreateBody,
  type ReleaseListQuery,
  type ReleaseUpdateBody,
} from '../../../../widget/src/protocol/releases.ts';
import type { Deps } from '../../deps.ts';
import { unprocessable } from '../../errors.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import {
  deleteDownloadLink,
  deleteReleaseAttachment,
  insertDownloadLink,
  insertReleaseAttachment,
  insertReleaseWithOptions,
  listDownloadLinks,
  listReleaseAttachments,
  listReleasesByStatus,
  updateDownloadLink,
  updateReleaseFields,
  findReleaseByLabel,
  type ReleaseRow,
} from './repository.ts';
import type { Caller } from '../projects-auth/caller.ts';
import { assertCanManageReleases, assertCanReadReleases, findVisibleRelease, releaseViewer } from './access.ts';
import { deleteStoredFiles, storeReleaseFiles, type StoredFile } from './files.ts';
import { notifyReleasePublished } from './publish-notice.ts';
import { toRelease } from './render.ts';

type ListQuery = z.infer<typeof ReleaseListQuery>;

/** Published releases; drafts with show_drafts for developers, archived with show_archived for the team. */
export function listReleases(deps: Deps, caller: Caller, project: ProjectRow, query: ListQuery): Release[] {
  assertCanReadReleases(caller, project);
  const viewer = releaseViewer(deps, caller, project);
  if (project.hide_release_versions === 1 && !viewer.team) return [];
  const statuses: ReleaseRow['status'][] = ['published'];
  if (query.show_drafts && viewer.drafts) statuses.push('draft');
  if (query.show_archived && viewer.team) statuses.push('archived');
  return listReleasesByStatus(deps.db, project.id, statuses, query.sort).map((release) =>
    toRelease(deps, viewer, release),
  );
}

export function showRelease(deps: Deps, caller: Caller, project: ProjectRow, pathId: string): Release {
  assertCanReadReleases(caller, project);
  const viewer = releaseViewer(deps, caller, project);
  return toRelease(deps, viewer, findVisibleRelease(deps, viewer, project, pathId));
}

function assertLabelFree(deps: Deps, project: ProjectRow, label: string, exceptId?: number): void {
  const existing = findReleaseByLabel(deps.db, project.id, label);
  if (existing && existing.id !== exceptId)
    throw unprocessable(`release.label: ${label} has already been taken in this project.`);
}

function assertDistinctPlatforms(platforms: string[]): void {
  const seen = new Set<string>();
  for (const platform of platforms) {
    const key = platform.toLowerCase();
    if (seen.has(key))
      throw unprocessable(
        `release.download_links_attributes: the platform ${platform} has more than one download link.`,
      );
    seen.add(key);
  }
}

/** Runs the database part; on failure the files stored for it are removed again. */
async function withStoredFiles<T>(deps: Deps, files: File[], write: (stored: StoredFile[]) => T): Promise<T> {
  const stored = await storeReleaseFiles(deps, files);
  try {
    return write(stored);
  } catch (error) {
    await deleteStoredFiles(
      deps,
      stored.map((file) => file.storage_key),
    );
    throw error;
  }
}

function attachStored(deps: Deps, releaseId: number, stored: StoredFile[]): void {
  const now = deps.clock.now().toISOString();
  for (const file of stored) insertReleaseAttachment(deps.db, { release_id: releaseId, ...file, created_at: now });
}

/** Published and members notified by default; `save_draft` makes a draft that notifies no one. */
export async function createRelease(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  body: ReleaseCreateBody,
): Promise<Release> {
  assertCanManageReleases(deps, caller, project);
  const input = body.release;
  const draft = body.save_draft ?? input.save_draft ?? false;
  const links = input.download_links_attributes ?? [];
  assertDistinctPlatforms(links.map((link) => link.platform));
  assertLabelFree(deps, project, input.label);
  const release = await withStoredFiles(deps, input.attachments ?? [], (stored) =>
    deps.db.transaction(() => {
      assertLabelFree(deps, project, input.label);
      const row = insertReleaseWithOptions(deps.db, {
        project_id: project.id,
        label: input.label,
        summary: input.summary ?? '',
        description: input.description ?? '',
        status: draft ? 'draft' : 'published',
        send_images_separately: input.send_images_separately ? 1 : 0,
        created_at: deps.clock.now().toISOString(),
      });
      for (const link of links)
        insertDownloadLink(deps.db, {
          release_id: row.id,
          platform: link.platform,
          url: link.url,
          link_enabled: link.link_enabled,
        });
      attachStored(deps, row.id, stored);
      return row;
    })(),
  );
  if (release.status === 'published') notifyReleasePublished(deps, project, release, caller);
  return toRelease(deps, releaseViewer(deps, caller, project), release);
}

type LinkChange = NonNullable<ReleaseUpdateBody['release']['download_links_attributes']>[number];

/** `id` updates (or `_destroy`s) that link of this release; no `id` adds one. */
function applyLinkChanges(deps: Deps, release: ReleaseRow, changes: LinkChange[]): void {
  const existing = new Map(listDownloadLinks(deps.db, release.id).map((link) => [link.id, link]));
  changes.forEach((change, index) => {
    const at = `release.download_links_attributes.${index}`;
    if (change.id !== undefined) {
      if (!existing.has(change.id))
        throw unprocessable(`${at}.id: download link ${change.id} does not belong to this release.`);
      if (change._destroy) deleteDownloadLink(deps.db, change.id);
      else updateDownloadLink(deps.db, change.id, change);
      return;
    }
    if (change._destroy) return;
    if (change.platform === undefined || change.url === undefined)
      throw unprocessable(`${at}: a new download link needs a platform and a url.`);
    insertDownloadLink(deps.db, {
      release_id: release.id,
      platform: change.platform,
      url: change.url,
      link_enabled: change.link_enabled ?? true,
    });
  });
  const links = listDownloadLinks(deps.db, release.id);
  if (links.length > RELEASE_LIMITS.links)
    throw unprocessable(
      `release.download_links_attributes: a release has at most ${RELEASE_LIMITS.links} download links.`,
    );
  assertDistinctPlatforms(links.map((link) => link.platform));
}

export async function updateRelease(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  pathId: string,
  body: ReleaseUpdateBody,
): Promise<Release> {
  assertCanManageReleases(deps, caller, project);
  const viewer = releaseViewer(deps, caller, project);
  const release = findVisibleRelease(deps, viewer, project, pathId);
  const input = body.release;
  if (input.label !== undefined) assertLabelFree(deps, project, input.label, release.id);

  const attachments = listReleaseAttachments(deps.db, release.id);
  const removeIds = [...new Set(input.remove_attachments ?? [])];
  const unknown = removeIds.find((id) => !attachments.some((a) => a.id === id));
  if (unknown !== undefined)
    throw unprocessable(`release.remove_attachments: attachment ${unknown} does not belong to this release.`);
  const added = input.attachments ?? [];
  if (attachments.length - removeIds.length + added.length > RELEASE_LIMITS.attachments) {
    throw unprocessable(`release.attachments: a release has at most ${RELEASE_LIMITS.attachments} attachments.`);
  }

  const updated = await withStoredFiles(deps, added, (stored) =>
    deps.db.transaction(() => {
      if (input.label !== undefined) assertLabelFree(deps, project, input.label, release.id);
      const row = updateReleaseFields(deps.db, release.id, {
        label: input.label,
        summary: input.summary,
        description: input.description,
        send_images_separately:
          input.send_images_separately === undefined ? undefined : input.send_images_separately ? 1 : 0,
        updated_at: deps.clock.now().toISOString(),
      });
      applyLinkChanges(deps, row, input.download_links_attributes ?? []);
      for (const id of removeIds) deleteReleaseAttachment(deps.db, id);
      attachStored(deps, row.id, stored);
      return row;
    })(),
  );
  await deleteStoredFiles(
    deps,
    attachments.filter((a) => removeIds.includes(a.id)).map((a) => a.storage_key),
  );
  return toRelease(deps, viewer, updated);
}
