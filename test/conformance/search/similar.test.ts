// find_similar (GET /projects/{pid}/issues/{iid}/find_similar): cosine ranking of the local
// embeddings, the description override, limit, include_archived, raw issues left out, vectors
// following edits, developer personal access tokens only, 404 for an unknown issue.
import { describe, expect, it } from 'vitest';
import { FindSimilarResponse } from '../../../widget/src/protocol/search.ts';
import { serveFixtures, server } from '../../helpers/file-server.ts';
import { PATS, PROJECT_ID, seedDocument, TOKENS } from '../../helpers/seed.ts';
import { itLocal } from '../../helpers/local-only.ts';

const dev = `Bearer ${PATS.developer}`;
let ids: Record<string, { id: number; scoped_id: number; path_id: string }>;

serveFixtures(
  () =>
    seedDocument({
      project: {
        issues: [
          {
            key: 'crash',
            title: 'Game crashes when opening the galaxy map',
            description: 'Opening the galaxy map crashes to desktop with an access violation.',
          },
          {
            key: 'crashAgain',
            title: 'Crash to desktop opening galaxy map',
            description: 'Every time I open the galaxy map the game crashes to the desktop.',
          },
          {
            key: 'audio',
            title: 'Sound cuts out after alt-tab',
            description: 'After switching windows all game audio stops until restart.',
          },
          {
            key: 'fuel',
            title: 'Fuel gauge shows full when empty',
            description: 'The fuel gauge on the HUD reads full while the tank is empty.',
          },
          {
            key: 'archivedCrash',
            title: 'Galaxy map crash on open',
            description: 'The galaxy map crashes the game when opened.',
            archived: true,
          },
          {
            key: 'rawCrash',
            title: 'Galaxy map crash telemetry',
            description: 'Galaxy map crashes the game when opening, access violation.',
            raw: true,
          },
          ...Array.from({ length: 8 }, (_, i) => ({
            title: `Cargo rack ${i} shows wrong tonnage`,
            description: `The class ${i} cargo rack adds less space than listed.`,
          })),
        ],
      },
    }),
  (result) => {
    ids = result.issues;
  },
);

const similar = (issue: string, query = '', auth = dev) =>
  server.request('GET', `/projects/${PROJECT_ID}/issues/${issue}/find_similar.json${query}`, { auth });
const idsOf = (body: { issues: Array<{ id: number }> }) => body.issues.map((i) => i.id);

describe('ranking', () => {
  it('ranks the report of the same bug first, in the documented shape, without the issue itself', async () => {
    const r = await similar(ids.crash.path_id);
    expect(r.status).toBe(200);
    const body = FindSimilarResponse.parse(r.body);
    expect(body.issues[0]).toMatchObject({
      id: ids.crashAgain.id,
      scoped_id: ids.crashAgain.scoped_id,
      title: 'Crash to desktop opening galaxy map',
      status: 'open',
      priority: 'medium',
    });
    expect(Object.keys(body.issues[0]).sort()).toEqual([
      'created_at',
      'id',
      'priority',
      'scoped_id',
      'similarity_score',
      'status',
      'title',
    ]);
    expect(idsOf(body)).not.toContain(ids.crash.id);
    const scores = body.issues.map((i) => i.similarity_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores[0]).toBeGreaterThan(0.5);
    expect(scores.every((s) => s >= 0 && s <= 1)).toBe(true);
  });

  it('accepts the scoped id as well as the g- form', async () => {
    expect(idsOf((await similar(String(ids.crash.scoped_id))).body)).toEqual(
      idsOf((await similar(ids.crash.path_id)).body),
    );
  });

  it('uses the description override instead of the issue text', async () => {
    const r = await similar(
      ids.crash.path_id,
      `?description=${encodeURIComponent('no sound after alt-tab, audio stops after switching windows')}`,
    );
    expect(r.body.issues[0].id).toBe(ids.audio.id);
  });

  it('answers 5 by default and honours limit from 1 to 50', async () => {
    expect((await similar(ids.fuel.path_id)).body.issues).toHaveLength(5);
    expect((await similar(ids.fuel.path_id, '?limit=2')).body.issues).toHaveLength(2);
    // 14 issues less itself, the archived one and the raw one.
    expect((await similar(ids.fuel.path_id, '?limit=50')).body.issues).toHaveLength(11);
  });

  it('refuses a limit outside 1 to 50 with 422', async () => {
    for (const limit of ['0', '51', 'abc', '2.5']) {
      const r = await similar(ids.fuel.path_id, `?limit=${limit}`);
      expect(r.status, limit).toBe(422);
      expect(r.body).toEqual({ error: expect.stringContaining('limit') });
    }
  });

  it('leaves archived issues out unless include_archived is true', async () => {
    expect(idsOf((await similar(ids.crash.path_id, '?limit=50')).body)).not.toContain(ids.archivedCrash.id);
    const withArchived = await similar(ids.crash.path_id, '?limit=3&include_archived=true');
    expect(idsOf(withArchived.body)).toContain(ids.archivedCrash.id);
  });

  itLocal('never embeds nor returns a raw issue', 'reads the database', async () => {
    expect(idsOf((await similar(ids.crash.path_id, '?limit=50&include_archived=true')).body)).not.toContain(
      ids.rawCrash.id,
    );
    const stored = server.deps.db
      .prepare('SELECT count(*) FROM issue_embeddings WHERE issue_id = ?')
      .pluck()
      .get(ids.rawCrash.id);
    expect(stored).toBe(0);
  });

  it('follows an edit: the changed text moves the issue in the ranking', async () => {
    const before = (await similar(ids.audio.path_id)).body.issues[0].id;
    expect(before).not.toBe(ids.fuel.id);
    const r = await server.request('PATCH', `/projects/${PROJECT_ID}/issues/${ids.fuel.path_id}.json`, {
      auth: dev,
      json: {
        issue: {
          title: 'Audio stops after alt-tab',
          description: 'Switching windows with alt-tab stops all sound until restart.',
        },
      },
    });
    expect(r.status).toBe(200);
    expect((await similar(ids.audio.path_id)).body.issues[0].id).toBe(ids.fuel.id);
  });
});

describe('access', () => {
  it('is for developer-level personal access tokens only (403 otherwise)', async () => {
    for (const pat of [PATS.owner, PATS.developer, PATS.orgAdmin, PATS.siteAdmin])
      expect((await similar(ids.crash.path_id, '', `Bearer ${pat}`)).status, pat).toBe(200);
    for (const auth of [`Bearer ${PATS.support}`, `Bearer ${PATS.tester}`, `FormUser ${TOKENS.all}`]) {
      const r = await similar(ids.crash.path_id, '', auth);
      expect(r.status, auth).toBe(403);
      expect(r.body).toEqual({
        error: 'Finding similar issues needs a personal access token with developer access to this project.',
      });
    }
  });

  it('is 404 for an unknown issue', async () => {
    const r = await similar('g-999999');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: 'Issue not found.' });
    expect((await similar('4242')).status).toBe(404);
  });
});
