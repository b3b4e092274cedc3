// Projects: list, detail, visibility (401 before 403), the project header and id styles.
import { describe, expect, it } from 'vitest';
import { ProjectDetail, ProjectListResponse } from '../../../widget/src/protocol/projects.ts';
import { startTestServer } from '../../helpers/server.ts';
import { serveFile, server } from '../../helpers/file-server.ts';
import { OTHER_PROJECT_ID, PATS, PROJECT_ID, PUBLIC_PROJECT_ID, TOKENS } from '../../helpers/seed.ts';

serveFile();

describe('GET /projects.json', () => {
  it('shows an anonymous caller the public projects only', async () => {
    const r = await server.request('GET', '/projects.json');
    expect(r.status).toBe(200);
    expect(ProjectListResponse.parse(r.body).projects.map((p) => p.id)).toEqual([PUBLIC_PROJECT_ID]);
    expect(r.body.pagination).toEqual({ current_page: 1, total_pages: 1, total_count: 1 });
  });

  it('shows a member the projects they belong to, and public ones with all=true', async () => {
    const mine = await server.request('GET', '/projects.json', { auth: `Bearer ${PATS.developer}` });
    expect(mine.body.projects.map((p: { id: string }) => p.id)).toEqual([PROJECT_ID]);
    const all = await server.request('GET', '/projects.json?all=true', { auth: `Bearer ${PATS.developer}` });
    expect(all.body.projects.map((p: { id: string }) => p.id)).toEqual([PUBLIC_PROJECT_ID]);
  });

  // docs/api-choices.md#form-booleans
  it('reads all as a form boolean (True/False/1/0) and an empty all or page as left out', async () => {
    const auth = `Bearer ${PATS.developer}`;
    for (const value of ['True', '1', 'true']) {
      const r = await server.request('GET', `/projects.json?all=${value}`, { auth });
      expect(r.status).toBe(200);
      expect(r.body.projects.map((p: { id: string }) => p.id)).toEqual([PUBLIC_PROJECT_ID]);
    }
    for (const query of ['all=False', 'all=0', 'all=', 'page=', 'page=&all=']) {
      const r = await server.request('GET', `/projects.json?${query}`, { auth });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ projects: [{ id: PROJECT_ID }], pagination: { current_page: 1 } });
    }
    expect((await server.request('GET', '/projects.json?all=yes', { auth })).status).toBe(422);
  });

  it('pages by a fixed 25', async () => {
    const local = await startTestServer({
      seed: {
        users: [],
        organizations: [{ key: 'o', name: 'O', admins: [] }],
        projects: Array.from({ length: 30 }, (_, i) => ({
          key: `p${i}`,
          name: `P${i}`,
          organization: 'o',
          access: 'public',
          modules: [],
          platforms: [],
          min_description_length: 0,
          min_suggestion_length: 0,
        })),
      } as never,
    });
    try {
      const page2 = await local.request('GET', '/projects.json?page=2');
      expect(page2.body.projects).toHaveLength(5);
      expect(page2.body.pagination).toEqual({ current_page: 2, total_pages: 2, total_count: 30 });
      expect((await local.request('GET', '/projects.json?page=0')).status).toBe(422);
    } finally {
      await local.close();
    }
  });
});

describe('GET /projects/{id}.json', () => {
  it('renders the detail with modules, platforms and the latest release', async () => {
    const r = await server.request('GET', `/projects/${PROJECT_ID}.json`, { auth: `FormUser ${TOKENS.all}` });
    expect(r.status).toBe(200);
    const detail = ProjectDetail.parse(r.body);
    expect(detail.modules).toEqual(['bugs', 'suggestions', 'tickets', 'support_knowledge']);
    expect(detail.support_knowledge).toBe(true);
    expect(detail.latest_release).toMatchObject({ label: '1.1.0' });
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('answers the same without the .json suffix', async () => {
    const r = await server.request('GET', `/projects/${PROJECT_ID}`, { auth: `Bearer ${PATS.owner}` });
    expect(r.status).toBe(200);
    expect(r.body.id).toBe(PROJECT_ID);
  });

  it('is 401 for an anonymous caller on a private project, before any 403', async () => {
    const r = await server.request('GET', `/projects/${PROJECT_ID}.json`, { auth: 'FormUser anonymous' });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ error: expect.any(String) });
  });

  it('is 403 Forbidden for a signed-in non-member', async () => {
    const r = await server.request('GET', `/projects/${PROJECT_ID}.json`, { auth: `Bearer ${PATS.outsider}` });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: 'Forbidden' });
  });

  it('lets organization and site admins in without membership', async () => {
    for (const pat of [PATS.orgAdmin, PATS.siteAdmin]) {
      expect((await server.request('GET', `/projects/${PROJECT_ID}.json`, { auth: `Bearer ${pat}` })).status).toBe(200);
    }
  });

  it('refuses a token of another project with 403', async () => {
    const r = await server.request('GET', `/projects/${PROJECT_ID}.json`, { auth: `FormUser ${TOKENS.other}` });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('Auth token does not belong to this project.');
  });

  it('is 404 for an unknown project and for a malformed id', async () => {
    expect((await server.request('GET', '/projects/pr-999999.json', { auth: `Bearer ${PATS.siteAdmin}` })).status).toBe(
      404,
    );
    expect((await server.request('GET', '/projects/nonsense.json', { auth: `Bearer ${PATS.siteAdmin}` })).status).toBe(
      404,
    );
  });

  it('is 400 when Service-Project-ID names another project, and accepts the BetaHub alias', async () => {
    const mismatch = await server.request('GET', `/projects/${PROJECT_ID}.json`, {
      auth: `FormUser ${TOKENS.all}`,
      project: OTHER_PROJECT_ID,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toMatch(/Service-Project-ID/);
    const alias = await server.request('GET', `/projects/${PROJECT_ID}.json`, {
      auth: `FormUser ${TOKENS.all}`,
      project: false,
      headers: { 'BetaHub-Project-ID': PROJECT_ID },
    });
    expect(alias.status).toBe(200);
    const aliasMismatch = await server.request('GET', `/projects/${PROJECT_ID}.json`, {
      auth: `FormUser ${TOKENS.all}`,
      project: false,
      headers: { 'BetaHub-Project-ID': OTHER_PROJECT_ID },
    });
    expect(aliasMismatch.status).toBe(400);
  });
});
