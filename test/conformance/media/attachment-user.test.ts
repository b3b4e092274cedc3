// An attachment's `user` names people the way the Issue object around it does: a screenshot's user is the
// issue's reporter, equal to `reported_by`; another kind's user is its uploader, equal to `assigned_to` when the
// uploader is the assignee (docs/api/media.md#records-and-visibility).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { PATS, PROJECT_ID } from '../../helpers/seed.ts';
import { PNG } from '../../helpers/media.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const OWNER = `Bearer ${PATS.owner}`;
const DEV = `Bearer ${PATS.developer}`;
const TESTER = `Bearer ${PATS.tester}`;

function file(field: string, bytes: Uint8Array | string, type: string, name: string): FormData {
  const data = new FormData();
  data.append(field, new Blob([bytes as BlobPart], { type }), name);
  return data;
}

/** A tester's published issue with the developer assigned to it, as the owner sees it. */
async function testerIssueAssignedToDeveloper() {
  const created = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
    auth: TESTER,
    json: { issue: { description: 'The cargo bay door stays shut after docking.' } },
  });
  expect(created.status).toBe(201);
  const path = `/projects/${PROJECT_ID}/issues/g-${created.body.id}`;
  const members = (await server.request('GET', `/projects/${PROJECT_ID}.json`, { auth: OWNER })).body.members;
  const developer = members.find((m: { name: string }) => m.name === 'Dev Eloper');
  const assigned = await server.request('PATCH', `${path}.json`, {
    auth: OWNER,
    json: { issue: { assigned_to_id: String(developer.id) } },
  });
  expect(assigned.status).toBe(200);
  return { path };
}

describe('attachment user', () => {
  it("gives a screenshot the issue's reported_by, id and name alike, in the listing and in the issue", async () => {
    const { path } = await testerIssueAssignedToDeveloper();
    const upload = await server.request('POST', `${path}/screenshots`, {
      auth: DEV,
      multipart: file('screenshot[image]', PNG, 'image/png', 'dock.png'),
    });
    expect(upload.status).toBe(201);

    const issue = (await server.request('GET', `${path}.json`, { auth: OWNER })).body;
    expect(issue.reported_by).toEqual({ id: expect.any(Number), name: 'Tess Tester' });
    const [listed] = (await server.request('GET', `${path}/screenshots.json`, { auth: OWNER })).body;
    expect(listed.user).toEqual(issue.reported_by);
    expect(issue.screenshots[0].user).toEqual(issue.reported_by);
  });

  it('gives a log file its uploader, named as assigned_to names the same person', async () => {
    const { path } = await testerIssueAssignedToDeveloper();
    const upload = await server.request('POST', `${path}/log_files`, {
      auth: DEV,
      multipart: file('log_file[file]', 'boot ok\n', 'text/plain', 'player.log'),
    });
    expect(upload.status).toBe(201);

    const issue = (await server.request('GET', `${path}.json`, { auth: OWNER })).body;
    expect(issue.assigned_to).toEqual({ id: expect.any(Number), name: 'Dev Eloper' });
    const [listed] = (await server.request('GET', `${path}/log_files.json`, { auth: OWNER })).body;
    expect(listed.user).toEqual(issue.assigned_to);
    expect(issue.log_files[0].user).toEqual(issue.assigned_to);
  });

  it('still hides the user from callers outside the team', async () => {
    const { path } = await testerIssueAssignedToDeveloper();
    await server.request('POST', `${path}/screenshots`, {
      auth: DEV,
      multipart: file('screenshot[image]', PNG, 'image/png', 'dock.png'),
    });
    const [listed] = (await server.request('GET', `${path}/screenshots.json`, { auth: TESTER })).body;
    expect(listed.user).toBeNull();
  });
});
