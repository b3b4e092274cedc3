// Download info: with a platform the download is counted and the caller is sent to the link;
// without one, the enabled platforms with their counts. Works for players even when the project
// hides release versions, since neither answer shows the version.
import type { z } from 'zod';
import type { ReleaseDownloadInfo, ReleaseDownloadQuery } from '../../../../widget/src/protocol/releases.ts';
import type { Deps } from '../../deps.ts';
import { notFound, unprocessable } from '../../errors.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { countDownload, listDownloadLinks } from './repository.ts';
import type { Caller } from '../projects-auth/caller.ts';
import { assertCanReadReleases, findVisibleRelease, releaseViewer } from './access.ts';

export type DownloadAnswer = { redirect: string } | { info: z.infer<typeof ReleaseDownloadInfo> };

export function releaseDownload(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  pathId: string,
  query: z.infer<typeof ReleaseDownloadQuery>,
): DownloadAnswer {
  assertCanReadReleases(caller, project);
  const release = findVisibleRelease(deps, releaseViewer(deps, caller, project), project, pathId, {
    ignoreHiddenVersions: true,
  });
  const links = listDownloadLinks(deps.db, release.id);
  if (query.platform === undefined) {
    return {
      info: {
        available_platforms: links
          .filter((l) => l.link_enabled === 1)
          .map((l) => ({ platform: l.platform, download_count: l.download_count })),
      },
    };
  }
  const wanted = query.platform.toLowerCase();
  const link = links.find((l) => l.platform.toLowerCase() === wanted);
  if (!link) throw notFound(`Release ${release.label} has no download for the platform ${query.platform}.`);
  if (link.link_enabled !== 1)
    throw unprocessable(`The ${link.platform} download of release ${release.label} is disabled.`);
  countDownload(deps.db, link.id);
  return { redirect: link.url };
}
