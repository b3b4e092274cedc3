// Asynchronous duplicate detection: the create answer still shows `open`; the job marks a
// report of a known bug `duplicate` with `potential_duplicate`, leaves a different bug alone,
// skips raw issues and projects without detection, and points a chain at its original.
import { describe, expect, it } from 'vitest';
import { Issue } from '../../../widget/src/protocol/issues.ts';
import { serveFixtures, server } from '../../helpers/file-server.ts';
import { OTHER_PROJECT_ID, PATS, PROJECT_ID, seedDocument, TOKENS } from '../../helpers/seed.ts';
import { itLocal } from '../../helpers/local-only.ts';

const dev = `Bearer ${PATS.developer}`;
let ids: Record<string, { id: number; scoped_id: number; path_id: string }>;

/** The standard seed with duplicate detection on in the main project, and the same crash in another project. */
function duplicatesSeed() {
  const seed = seedDocument({
    project: {
      duplicate_detection: true,
      duplicate_threshold: 0.75,
      issues: [
        {
          key: 'original',
          title: 'Game crashes when opening the galaxy map',
          description: 'Opening the galaxy map crashes the game to desktop with an access violation.',
        },
        {
          key: 'audio',
          title: 'Sound cuts out after alt-tab',
          description: 'After switching windows with alt-tab all game audio stops until restart.',
        },
      ],
    },
  });
  seed.projects[2].issues = [
    {
      key: 'elsewhere',
      title: 'Game crashes when opening the galaxy map',
      description: 'Opening the galaxy map crashes the game to desktop with an access violation.',
    },
  ];
  return seed;
}
serveFixtures(duplicatesSeed, (result) => {
  ids = result.issues;
});

const create = (issue: Record<string, unknown>, project = PROJECT_ID, token: string = TOKENS.all) =>
  server.request('POST', `/projects/${project}/issues.json`, { auth: `FormUser ${token}`, json: { issue } });
const show = (scopedId: number, project = PROJECT_ID, auth = dev) =>
  server.request('GET', `/projects/${project}/issues/${scopedId}.json`, { auth });

describe('duplicate detection', () => {
  it('marks a second report of the same bug a duplicate once the job runs; the create answer shows open', async () => {
    const created = await create({
      title: 'Galaxy map crashes the game',
      description: 'The game crashes to desktop with an access violation when opening the galaxy map.',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'open', potential_duplicate: null });
    expect((await show(created.body.scoped_id)).body.status).toBe('open');

    expect(await server.runJobs()).toBeGreaterThanOrEqual(1);
    const after = Issue.parse((await show(created.body.scoped_id)).body);
    expect(after.status).toBe('duplicate');
    expect(after.potential_duplicate).toMatchObject({
      id: ids.original.id,
      scoped_id: ids.original.scoped_id,
      title: 'Game crashes when opening the galaxy map',
    });
    expect((await show(ids.original.scoped_id)).body.status).toBe('open');
  });

  it('leaves a report of a different bug open', async () => {
    const created = await create({
      title: 'Fuel gauge shows full when the tank is empty',
      description: 'The HUD fuel gauge reads full while the ship has run out of fuel.',
    });
    await server.runJobs();
    expect((await show(created.body.scoped_id)).body).toMatchObject({ status: 'open', potential_duplicate: null });
  });

  it('points a duplicate of a duplicate at the original', async () => {
    const first = await create({
      title: 'Sound cuts out after alt tab',
      description: 'After switching windows with alt-tab the game audio stops until I restart.',
    });
    await server.runJobs();
    expect((await show(first.body.scoped_id)).body.potential_duplicate.id).toBe(ids.audio.id);
    const second = await create({
      title: 'Sound cuts out after alt-tab',
      description: 'After switching windows with alt tab, all game audio stops until restart.',
    });
    await server.runJobs();
    expect((await show(second.body.scoped_id)).body.potential_duplicate.id).toBe(ids.audio.id);
  });

  it('does not run for raw issues', async () => {
    const raw = await create({
      title: 'Game crashes when opening the galaxy map',
      description: 'Opening the galaxy map crashes the game to desktop with an access violation.',
      raw: true,
    });
    expect(raw.status).toBe(201);
    await server.runJobs();
    expect((await show(raw.body.scoped_id)).body.status).toBe('open');
  });

  itLocal('does not run on a project with detection off', 'reads the job queue in the database', async () => {
    const created = await create(
      {
        title: 'Game crashes when opening the galaxy map',
        description: 'Opening the galaxy map crashes the game to desktop with an access violation.',
      },
      OTHER_PROJECT_ID,
      TOKENS.other,
    );
    expect(created.status).toBe(201);
    const pending = server.deps.db
      .prepare("SELECT count(*) FROM jobs WHERE kind = 'search.detect_duplicate' AND done_at IS NULL")
      .pluck()
      .get();
    expect(pending).toBe(0);
    await server.runJobs();
    expect((await show(created.body.scoped_id, OTHER_PROJECT_ID, `Bearer ${PATS.siteAdmin}`)).body.status).toBe('open');
  });

  it('runs when a draft is published, not when it is created hidden', async () => {
    const draft = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
      auth: `FormUser ${TOKENS.all}`,
      json: {
        draft: true,
        issue: {
          title: 'Galaxy map crash',
          description: 'Opening the galaxy map crashes the game to desktop, access violation.',
        },
      },
    });
    expect(draft.body.status).toBe('hidden');
    await server.runJobs();
    expect((await show(draft.body.scoped_id)).body.status).toBe('hidden');
    const published = await server.request('POST', `/projects/${PROJECT_ID}/issues/g-${draft.body.id}/publish`, {
      auth: `Bearer ${draft.body.token}`,
    });
    expect(published.status).toBe(200);
    await server.runJobs();
    expect((await show(draft.body.scoped_id)).body.status).toBe('duplicate');
  });
});
