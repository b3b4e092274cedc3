// Fixture entries that name each other by key (docs/api-choices.md#fixture-format): an issue's release, tags,
// custom values and reporter resolve across the areas that load them, keys stay within their project, and a key that
// names nothing is a 422 at its path with nothing kept.
import { beforeEach, describe, expect, it } from 'vitest';
import { stmt } from '../../../reference-server/src/db/database.ts';
import { serveFile, server } from '../../helpers/file-server.ts';
import { PATS, seedDocument } from '../../helpers/seed.ts';
import { itLocal } from '../../helpers/local-only.ts';

serveFile({ seed: false });
beforeEach(async () => {
  await server.request('POST', '/__admin/reset');
});

const count = (table: string) => stmt(server.deps.db, `SELECT count(*) FROM ${table}`).pluck().get() as number;

/** The seed document with `first` merged into its first project and `second` into its second. */
function documentWith(first: Record<string, unknown>, second: Record<string, unknown> = {}) {
  const doc = seedDocument({ project: first }) as any;
  Object.assign(doc.projects[1], second);
  return doc;
}

const load = (doc: unknown) => server.request('POST', '/__admin/fixtures', { json: doc });

describe('fixture keys across areas', () => {
  itLocal(
    'links an issue to its release (by key and by label), tags, custom value and reporter',
    'reads the database',
    async () => {
      const r = await load(
        documentWith({
          custom_fields: [{ ident: 'level', name: 'Level', field_type: 'text' }],
          releases: [{ key: 'beta', label: '0.9.0' }, { label: '1.0.0' }],
          tags: [{ name: 'gfx' }, { name: 'shaders', parent: 'gfx' }],
          issues: [
            { key: 'a', title: 'Flicker', description: 'The sky flickers', release: 'beta', tags: ['shaders'] },
            { key: 'b', title: 'Crash', description: 'Crashes on load', release: '1.0.0', reporter: 'tester' },
            { key: 'c', title: 'Typo', description: 'A typo in the menu', custom: { level: 'menu' } },
          ],
        }),
      );
      expect(r.status).toBe(201);
      const release = (key: string) =>
        stmt(server.deps.db, 'SELECT r.label FROM issues i JOIN releases r ON r.id = i.release_id WHERE i.id = ?')
          .pluck()
          .get(r.body.issues[key].id);
      expect(release('a')).toBe('0.9.0');
      expect(release('b')).toBe('1.0.0');
      const reporter = 'SELECT u.public_id FROM issues i JOIN users u ON u.id = i.reporter_user_id WHERE i.id = ?';
      expect(stmt(server.deps.db, reporter).pluck().get(r.body.issues.b.id)).toBe(r.body.users.tester);
      expect(r.body.releases).toEqual({ beta: expect.stringMatching(/^rel-\d+$/), '1.0.0': expect.any(String) });
      const tagged = stmt(
        server.deps.db,
        'SELECT t.name FROM issue_tags x JOIN tags t ON t.id = x.tag_id WHERE x.issue_id = ?',
      )
        .pluck()
        .all(r.body.issues.a.id);
      expect(tagged).toEqual(['shaders']);
      const values = stmt(server.deps.db, 'SELECT value FROM issue_custom_values').pluck().all() as string[];
      expect(values.map((v) => JSON.parse(v))).toEqual(['menu']);
    },
  );

  itLocal(
    'keeps release keys within their project: another project cannot name them',
    'reads the database',
    async () => {
      const r = await load(
        documentWith(
          { releases: [{ key: 'beta', label: '0.9.0' }] },
          { issues: [{ title: 'Elsewhere', description: 'In the other game', release: 'beta' }] },
        ),
      );
      expect(r.status).toBe(422);
      expect(r.body.error).toBe('Invalid fixture at projects[1].issues[0].release: unknown release key "beta"');
      expect(count('releases')).toBe(0);
    },
  );

  itLocal(
    'answers 422 at the path of a tag parent, a tag and a custom field that name nothing',
    'reads the database',
    async () => {
      const parent = await load(documentWith({ tags: [{ name: 'shaders', parent: 'gfx' }] }));
      expect(parent.body.error).toBe('Invalid fixture at projects[0].tags.shaders.parent: unknown tag key "gfx"');
      const tag = await load(documentWith({ issues: [{ title: 'Flicker', description: 'The sky', tags: ['gfx'] }] }));
      expect(tag.body.error).toBe('Invalid fixture at projects[0].issues[0].tags[0]: unknown tag key "gfx"');
      const field = await load(
        documentWith({ issues: [{ title: 'Flicker', description: 'The sky', custom: { level: 'menu' } }] }),
      );
      expect(field.body.error).toBe(
        'Invalid fixture at projects[0].issues[0].custom.level: unknown custom field key "level"',
      );
      expect([parent.status, tag.status, field.status]).toEqual([422, 422, 422]);
      expect(count('issues')).toBe(0);
    },
  );
});

describe('what a fixture load answers when projects share keys', () => {
  it('answers two projects\' release "1.0" and issue "crash" each under its project, and neither flat', async () => {
    const both = {
      releases: [{ label: '1.0' }],
      issues: [{ key: 'crash', title: 'Crash', description: 'Crashes on load', release: '1.0' }],
    };
    const r = await load(documentWith({ ...both, releases: [{ label: '1.0' }, { label: '1.1' }] }, both));
    expect(r.status).toBe(201);
    const { game, open } = r.body.releases_by_project;
    expect(game['1.0']).not.toBe(open['1.0']);
    // A release is shown under its own project only, so each one's project is read over the API.
    const shown = async (project: string, release: string) =>
      (
        await server.request('GET', `/projects/${project}/releases/${release}.json`, {
          auth: `Bearer ${PATS.siteAdmin}`,
        })
      ).status;
    const { game: gameId, open: openId } = r.body.projects;
    expect([await shown(gameId, game['1.0']), await shown(openId, open['1.0'])]).toEqual([200, 200]);
    expect([await shown(openId, game['1.0']), await shown(gameId, open['1.0'])]).toEqual([404, 404]);
    // A key one project alone uses stays in the flat map; a shared one would name either project, so it is left out.
    expect(r.body.releases).toEqual({ '1.1': game['1.1'] });
    expect(r.body.issues).toEqual({});
    const crashes = [r.body.issues_by_project.game.crash, r.body.issues_by_project.open.crash];
    expect(crashes.map((c) => c.path_id)).toEqual([`g-${crashes[0].id}`, `g-${crashes[1].id}`]);
    expect(crashes[0].id).not.toBe(crashes[1].id);
    expect(r.body.issues_by_project.other).toEqual({});
  });

  itLocal(
    'answers 422 for a key used twice in one list or one project, with nothing kept',
    'reads the database',
    async () => {
      const doc = documentWith({});
      doc.projects[2].key = 'game';
      const project = await load(doc);
      expect(project.body.error).toBe('Invalid fixture at projects[2].key: key "game" is already used by projects[0]');
      const release = await load(documentWith({ releases: [{ key: 'next', label: '2.0' }, { label: 'next' }] }));
      expect(release.body.error).toBe(
        'Invalid fixture at projects[0].releases[1]: key "next" is already used by another of this project\'s releases',
      );
      expect([project.status, release.status]).toEqual([422, 422]);
      expect([count('projects'), count('releases')]).toEqual([0, 0]);
    },
  );
});
