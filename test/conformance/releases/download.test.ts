// Release downloads (docs/api/releases.md#visibility-downloads-and-limits): the counted 302 redirect, the available
// platforms, unknown and disabled platforms, hidden release versions and the token flag.
import { beforeEach, describe, expect, it } from 'vitest';
import { TOKENS } from '../../helpers/seed.ts';
import { as, base, ids, reseed, serveReleases, server } from './fixtures.ts';

serveReleases();

describe('GET /projects/{pid}/releases/{rid}/download.json', () => {
  beforeEach(async () => {
    await reseed({
      releases: [
        {
          label: '1.0.0',
          download_links: [
            { platform: 'windows', url: 'https://cdn.test/game.exe' },
            { platform: 'linux', url: 'https://cdn.test/game.tgz', link_enabled: false },
          ],
        },
      ],
    });
  });

  it('counts the download and redirects with 302 to the link', async () => {
    const r = await server.request('GET', `${base}/${ids['1.0.0']}/download.json?platform=windows`, {
      auth: as('tester'),
    });
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('https://cdn.test/game.exe');
    await server.request('GET', `${base}/${ids['1.0.0']}/download?platform=Windows`, {
      auth: `FormUser ${TOKENS.all}`,
    });
    const info = await server.request('GET', `${base}/${ids['1.0.0']}/download.json`, { auth: as('tester') });
    expect(info.body).toEqual({ available_platforms: [{ platform: 'windows', download_count: 2 }] });
  });

  it('takes an empty platform as left out and answers the available platforms', async () => {
    const r = await server.request('GET', `${base}/${ids['1.0.0']}/download.json?platform=`, { auth: as('tester') });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ available_platforms: [{ platform: 'windows', download_count: 0 }] });
  });

  it('is 404 for a platform without a link and 422 for a disabled one', async () => {
    const unknown = await server.request('GET', `${base}/${ids['1.0.0']}/download.json?platform=amiga`, {
      auth: as('tester'),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/no download for the platform amiga/);
    const disabled = await server.request('GET', `${base}/${ids['1.0.0']}/download.json?platform=linux`, {
      auth: as('tester'),
    });
    expect(disabled.status).toBe(422);
  });

  it('still serves players when the project hides release versions, and needs the read flag for tokens', async () => {
    await reseed({
      hide_release_versions: true,
      releases: [{ label: '1.0.0', download_links: [{ platform: 'windows', url: 'https://cdn.test/game.exe' }] }],
    });
    expect(
      (await server.request('GET', `${base}/${ids['1.0.0']}/download.json?platform=windows`, { auth: as('tester') }))
        .status,
    ).toBe(302);
    expect(
      (await server.request('GET', `${base}/${ids['1.0.0']}/download.json`, { auth: `FormUser ${TOKENS.none}` }))
        .status,
    ).toBe(403);
  });
});
