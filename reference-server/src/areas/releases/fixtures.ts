// The releases of a fixture project with their download links; issues later in the load refer to them by key or
// label.
import type { Deps } from '../../deps.ts';
import { type ProjectFixture, unique } from '../fixture-context.ts';
import { insertDownloadLink, insertRelease } from './repository.ts';

export function loadReleasesFixture(deps: Deps, f: ProjectFixture): void {
  const { project, fixture: p, path: at, now } = f;
  p.releases?.forEach((r, j) => {
    const release = unique(`${at}.releases[${j}]`, () =>
      insertRelease(deps.db, {
        id: r.id ?? null,
        project_id: project.id,
        label: r.label,
        summary: r.summary,
        description: r.description,
        status: r.status,
        created_at: r.created_at ?? new Date(Date.parse(now) + j).toISOString(),
      }),
    );
    r.download_links?.forEach((link) => {
      insertDownloadLink(deps.db, {
        release_id: release.id,
        platform: link.platform,
        url: link.url,
        link_enabled: link.link_enabled ?? true,
      });
    });
    f.remember('release', r.label, release.id);
    if (r.key) f.remember('release', r.key, release.id);
    f.answer('releases', r.key ?? r.label, `rel-${release.id}`, `${at}.releases[${j}]`);
  });
}
