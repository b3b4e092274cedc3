// The releases area owns releases: list, create, show, update, delete, the publish, archive and
// restore transitions, download links and their counts, release files and release notifications.
import { loadReleasesFixture } from './fixtures.ts';
import type { Area } from '../area.ts';
import { releaseRoutes } from './routes.ts';

export const releasesArea: Area = { routes: releaseRoutes, loadFixture: loadReleasesFixture };
