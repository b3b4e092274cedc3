// The project header and its alias: whichever of Service-Project-ID and BetaHub-Project-ID a request sends must name
// the project in the path, both when both are sent (docs/api-choices.md#project-header).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { OTHER_PROJECT_ID, PATS, PROJECT_ID } from '../../helpers/seed.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const list = (headers: Record<string, string>) =>
  server.request('GET', `/projects/${PROJECT_ID}/issues.json`, {
    auth: `Bearer ${PATS.owner}`,
    project: false,
    headers,
  });

describe('project header and alias', () => {
  it('answers 400 naming the alias when the alias names another project beside a right Service-Project-ID', async () => {
    const r = await list({ 'Service-Project-ID': PROJECT_ID, 'BetaHub-Project-ID': OTHER_PROJECT_ID });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      error: `The BetaHub-Project-ID header (${OTHER_PROJECT_ID}) does not match the project in the path (${PROJECT_ID}).`,
    });
  });

  it('answers 400 naming Service-Project-ID when it is the one that disagrees', async () => {
    const r = await list({ 'Service-Project-ID': OTHER_PROJECT_ID, 'BetaHub-Project-ID': PROJECT_ID });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/^The Service-Project-ID header \(pr-1003\) does not match/);
  });

  it('takes both when both name the project, and either alone', async () => {
    expect((await list({ 'Service-Project-ID': PROJECT_ID, 'BetaHub-Project-ID': PROJECT_ID })).status).toBe(200);
    expect((await list({ 'BetaHub-Project-ID': PROJECT_ID })).status).toBe(200);
    expect((await list({ 'Service-Project-ID': PROJECT_ID })).status).toBe(200);
  });
});
