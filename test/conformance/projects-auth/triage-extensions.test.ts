// The extension members a triage client reads (docs/api/projects-auth.md#project-detail-extensions,
// docs/api/issues.md#extensions-for-the-team): custom statuses, members and scopes on the project detail, the
// issue's release, and the widget's labelled browser, viewport and page lines kept in the device.
import { describe, expect, it } from 'vitest';
import { ProjectDetail } from '../../../widget/src/protocol/projects.ts';
import { PATS, PROJECT_ID, TOKENS, seedDocument } from '../../helpers/seed.ts';
import { serveFile, server } from '../../helpers/file-server.ts';

serveFile({
  seed: seedDocument({ project: { statuses: [{ key: 'needs_triage', name: 'Needs triage' }] } }),
});

const detail = (pat: string) =>
  server.request('GET', `/projects/${PROJECT_ID}.json`, { auth: `Bearer ${pat}` }).then((r) => r.body);

describe('project detail extensions', () => {
  it('lists custom statuses to a tester and members with scopes only to the team', async () => {
    const team = ProjectDetail.parse(await detail(PATS.support));
    expect(team.statuses).toEqual([{ key: 'needs_triage', name: 'Needs triage' }]);
    expect(team.members?.map((m) => [m.name, m.role])).toEqual([
      ['Dev Eloper', 'developer'],
      ['Olivia Owner', 'owner'],
      ['Sam Support', 'support'],
      ['Tess Tester', 'tester'],
    ]);
    expect(team.my_scopes).toContain('bugs.update');
    expect(team.my_scopes).not.toContain('bugs.archive');

    const tester = await detail(PATS.tester);
    expect(tester.statuses).toEqual([{ key: 'needs_triage', name: 'Needs triage' }]);
    expect(tester.members).toBeUndefined();
    expect(tester.my_scopes).toBeUndefined();
  });

  it('takes a member id from the list as the assignee of an update', async () => {
    const dev = (await detail(PATS.owner)).members.find((m: { name: string }) => m.name === 'Dev Eloper');
    const created = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
      auth: `Bearer ${PATS.owner}`,
      json: { issue: { description: 'The map screen flickers.' } },
    });
    const updated = await server.request('PATCH', `/projects/${PROJECT_ID}/issues/g-${created.body.id}.json`, {
      auth: `Bearer ${PATS.owner}`,
      json: { issue: { assigned_to_id: String(dev.id) } },
    });
    expect(updated.body.assigned_to).toEqual({ id: dev.id, name: 'Dev Eloper' });
  });
});

describe('issue extensions for the team', () => {
  it("shows the team the issue's release and the widget's labelled browser, viewport and page", async () => {
    const device = [
      'OS: Linux x86-64',
      'Browser: Chromium 131.0.6778.85',
      'GPU: ANGLE (Mesa, llvmpipe)',
      'Viewport: 1280x720',
      'Page: https://game.example/play',
    ].join('\n');
    const created = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
      auth: `FormUser ${TOKENS.all}`,
      json: {
        issue: {
          description: 'The boss fight freezes the tab.',
          release_label: '1.0.0',
          extras: { device_info: { value: device, validation_mode: 'optional' } },
        },
      },
    });
    expect(created.status).toBe(201);
    const path = `/projects/${PROJECT_ID}/issues/g-${created.body.id}.json`;
    const team = (await server.request('GET', path, { auth: `Bearer ${PATS.support}` })).body;
    expect(team.release).toEqual({ id: expect.stringMatching(/^rel-\d+$/), label: '1.0.0' });
    expect(team.device.configuration).toEqual({
      os: 'Linux x86-64',
      gpu: 'ANGLE (Mesa, llvmpipe)',
      browser: 'Chromium 131.0.6778.85',
      viewport: '1280x720',
      page: 'https://game.example/play',
    });
    const tester = await server.request('GET', path, { auth: `Bearer ${PATS.tester}` });
    expect(tester.body.release).toBeUndefined();
  });

  it('keeps only the four parsed facts of an unlabelled hardware string', async () => {
    const created = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
      auth: `FormUser ${TOKENS.all}`,
      json: {
        issue: {
          description: 'Shadows flicker on the moon base.',
          extras: { device_info: { value: 'Windows 11, NVIDIA RTX 3060, 16 GB RAM', validation_mode: 'loose' } },
        },
      },
    });
    expect(Object.keys(created.body.device.configuration).sort()).toEqual(['gpu', 'os', 'ram']);
  });
});
