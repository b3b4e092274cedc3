// The Release object of docs/api/releases.md#the-release-object (`rel-<n>` ids, `active` = published, links, attachment
// count). Disabled download links are shown to release managers only.
import type { Release } from '../../../../widget/src/protocol/releases.ts';
import type { Deps } from '../../deps.ts';
import { countReleaseAttachments, listDownloadLinks, type ReleaseRow } from './repository.ts';
import type { ReleaseViewer } from './access.ts';

export function releasePublicId(release: Pick<ReleaseRow, 'id'>): string {
  return `rel-${release.id}`;
}

export function toRelease(deps: Pick<Deps, 'db'>, viewer: ReleaseViewer, release: ReleaseRow): Release {
  const links = listDownloadLinks(deps.db, release.id).filter((link) => viewer.manage || link.link_enabled === 1);
  return {
    id: releasePublicId(release),
    label: release.label,
    summary: release.summary,
    description: release.description,
    status: release.status,
    active: release.status === 'published',
    release_type: release.release_type,
    created_at: release.created_at,
    updated_at: release.updated_at,
    download_links: links.map((link) => ({
      id: link.id,
      platform: link.platform,
      url: link.url,
      link_enabled: link.link_enabled === 1,
    })),
    attachments_count: countReleaseAttachments(deps.db, release.id),
  };
}
