// The project detail tells a project token its own flags (docs/api/projects-auth.md#project-detail-extensions),
// so the widget can skip a search the token would be refused; other callers never see them.
import { describe, expect, it } from 'vitest';
import { ProjectDetail } from '../../../widget/src/protocol/projects.ts';
import { PATS, PROJECT_ID, TOKENS } from '../../helpers/seed.ts';
import { serveFile, server } from '../../helpers/file-server.ts';

serveFile();

const detail = (auth: string) => server.request('GET', `/projects/${PROJECT_ID}.json`, { auth });

describe('token_permissions on the project detail', () => {
  it('gives a project token its own flags, true and false alike', async () => {
    const all = ProjectDetail.parse((await detail(`FormUser ${TOKENS.all}`)).body);
    expect(all.token_permissions?.can_list_issues).toBe(true);
    expect(all.token_permissions?.can_create_bug_report).toBe(true);
    const none = ProjectDetail.parse((await detail(`FormUser ${TOKENS.none}`)).body);
    expect(none.token_permissions?.can_list_issues).toBe(false);
    expect(Object.values(none.token_permissions ?? {})).not.toContain(true);
  });

  it('leaves them out for a personal access token', async () => {
    const res = await detail(`Bearer ${PATS.developer}`);
    expect(res.status).toBe(200);
    expect(res.body.token_permissions).toBeUndefined();
  });
});
