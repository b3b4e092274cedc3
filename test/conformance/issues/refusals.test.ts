// Every 403 and 422 cause of docs/api/issues.md#create-the-order-of-checks, with its message: flags,
// other project, NDA, new release label, per-IP daily limit, organization quota, tester caps
// (and their exemptions), reused submission token, publish_after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_PROJECT_ID, PATS, PROJECT_ID, PUBLIC_PROJECT_ID, TOKENS } from '../../helpers/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { serveFile, server } from '../../helpers/file-server.ts';
import { create, DESCRIPTION, ISSUES, issueSeed } from './fixtures.ts';
import { itLocal } from '../../helpers/local-only.ts';

serveFile({ seed: issueSeed() });

describe('403 on create', () => {
  it('refuses a project token without can_create_bug_report', async () => {
    const r = await create(server, { description: DESCRIPTION }, { auth: `FormUser ${TOKENS.none}` });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: 'Not allowed to report a bug.' });
  });

  it('refuses a token of another project', async () => {
    const r = await create(server, { description: DESCRIPTION }, { auth: `FormUser ${TOKENS.other}` });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('Auth token does not belong to this project.');
  });

  it('answers 401 to an anonymous caller on a private project and 403 on a public one', async () => {
    expect((await create(server, { description: DESCRIPTION }, { auth: 'FormUser anonymous' })).status).toBe(401);
    const r = await server.request('POST', `/projects/${PUBLIC_PROJECT_ID}/issues.json`, {
      auth: 'FormUser anonymous',
      json: { issue: { description: DESCRIPTION } },
    });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('Not allowed to report a bug.');
  });

  it('refuses a new release_label without the release-creation permission', async () => {
    const token = await create(
      server,
      { description: DESCRIPTION, release_label: '9.9.9' },
      { auth: 'FormUser tkn-nolist' },
    );
    expect(token.status).toBe(403);
    // Exactly the live service's sentence: a client retries without release_label when it reads it.
    expect(token.body).toEqual({ error: 'Auth token does not have permission to create releases' });
    expect(
      (await create(server, { description: DESCRIPTION, release_label: '9.9.9' }, { auth: `Bearer ${PATS.tester}` }))
        .status,
    ).toBe(403);
    // The release a create made from its label would be listed to the team: none was.
    const releases = await server.request('GET', `/projects/${PROJECT_ID}/releases.json`, {
      auth: `Bearer ${PATS.developer}`,
    });
    const labels = (releases.body as Array<{ label: string }>).map((release) => release.label);
    expect(labels).toContain('1.0.0');
    expect(labels).not.toContain('9.9.9');
    expect(
      (await create(server, { description: DESCRIPTION, release_label: '9.9.9' }, { auth: `Bearer ${PATS.developer}` }))
        .status,
    ).toBe(201);
  });

  it('styles refusals to the Discord bot as a reply to the player', async () => {
    const r = await create(
      server,
      { description: DESCRIPTION, source: 'discord_bot' },
      { auth: `FormUser ${TOKENS.none}` },
    );
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('Sorry, I could not file this bug report: Not allowed to report a bug.');
  });

  it('refuses the ninth report of a token from one IP in a day, and counts again the next day', async () => {
    const local = await startTestServer({ seed: issueSeed() });
    try {
      for (let i = 0; i < 8; i += 1)
        expect((await create(local, { description: DESCRIPTION }, { auth: `FormUser ${TOKENS.all}` })).status).toBe(
          201,
        );
      const ninth = await create(local, { description: DESCRIPTION }, { auth: `FormUser ${TOKENS.all}` });
      expect(ninth.status).toBe(403);
      expect(ninth.body.error).toMatch(/^Not allowed to report a bug\./);
      await local.advance('1d');
      expect((await create(local, { description: DESCRIPTION }, { auth: `FormUser ${TOKENS.all}` })).status).toBe(201);
    } finally {
      await local.close();
    }
  });

  it('refuses reports once the organization used its monthly quota', async () => {
    const doc = issueSeed();
    doc.organizations[0].monthly_bug_report_quota = 2;
    const local = await startTestServer({ seed: doc });
    try {
      expect((await create(local, { description: DESCRIPTION })).status).toBe(201);
      expect((await create(local, { description: DESCRIPTION }, { auth: `Bearer ${PATS.developer}` })).status).toBe(
        201,
      );
      const third = await create(local, { description: DESCRIPTION });
      expect(third.status).toBe(403);
      expect(third.body.error).toBe('Your organization has reached its monthly bug report quota.');
    } finally {
      await local.close();
    }
  });

  it('refuses a member who has not accepted the NDA of an NDA-gated project', async () => {
    const doc = issueSeed({ nda: true });
    doc.projects[0].members = [
      ...doc.projects[0].members!.filter((m) => m.user !== 'tester'),
      { user: 'tester', role: 'tester', nda_accepted: false },
      { user: 'outsider', role: 'tester', nda_accepted: true },
    ];
    const local = await startTestServer({ seed: doc });
    try {
      const refused = await create(local, { description: DESCRIPTION }, { auth: `Bearer ${PATS.tester}` });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('You must accept the NDA of this project before reporting.');
      expect((await create(local, { description: DESCRIPTION }, { auth: `Bearer ${PATS.outsider}` })).status).toBe(201);
      expect((await create(local, { description: DESCRIPTION }, { auth: `Bearer ${PATS.developer}` })).status).toBe(
        201,
      );
    } finally {
      await local.close();
    }
  });
});

describe('422 tester submission caps', () => {
  let capped: TestServer;
  beforeAll(async () => {
    capped = await startTestServer({ seed: issueSeed({ tester_caps: { per_24h: 2, per_7d: 3 } }) });
  });
  afterAll(() => capped.close());
  const tester = { auth: `Bearer ${PATS.tester}` };

  it('refuses the report over the 24-hour cap, then the 7-day cap, with the documented messages', async () => {
    expect((await create(capped, { description: DESCRIPTION }, tester)).status).toBe(201);
    expect((await create(capped, { description: DESCRIPTION }, tester)).status).toBe(201);
    const day = await create(capped, { description: DESCRIPTION }, tester);
    expect(day.status).toBe(422);
    expect(day.body.error).toBe('You have reached your 24 hours limit for bug submissions.');
    await capped.advance('25h');
    expect((await create(capped, { description: DESCRIPTION }, tester)).status).toBe(201);
    const week = await create(capped, { description: DESCRIPTION }, tester);
    expect(week.status).toBe(422);
    expect(week.body.error).toBe('You have reached your 7 days limit for bug submissions.');
    await capped.advance('7d');
    expect((await create(capped, { description: DESCRIPTION }, tester)).status).toBe(201);
  });

  it('caps virtual reporters (token with email) as well', async () => {
    const auth = 'FormUser tkn-issues,email:player@players.test';
    await create(capped, { description: DESCRIPTION }, { auth });
    await create(capped, { description: DESCRIPTION }, { auth });
    expect((await create(capped, { description: DESCRIPTION }, { auth })).status).toBe(422);
  });

  it('exempts developers, support, organization admins and site admins', async () => {
    for (const pat of [PATS.developer, PATS.support, PATS.orgAdmin, PATS.siteAdmin]) {
      for (let i = 0; i < 4; i += 1)
        expect((await create(capped, { description: DESCRIPTION }, { auth: `Bearer ${pat}` })).status).toBe(201);
    }
  });
});

describe('422 submission tokens and publish_after', () => {
  itLocal(
    'accepts a submission token once, trusting its email, and refuses its reuse',
    "reads the database or signs a token with the server's key",
    async () => {
      const { token } = await server.deps.jwt.signSubmissionToken(
        { project_id: PROJECT_ID, email: 'trusted@players.test' },
        3600,
      );
      const first = await create(server, { description: DESCRIPTION }, { auth: `FormUser tkn-issues,${token}` });
      expect(first.status).toBe(201);
      const seen = await server.request('GET', `${ISSUES}/${first.body.scoped_id}.json`, {
        auth: `Bearer ${PATS.developer}`,
      });
      expect(seen.body.reported_by.name).toBe('trusted');
      const again = await create(server, { description: DESCRIPTION }, { auth: `FormUser tkn-issues,${token}` });
      expect(again.status).toBe(422);
      expect(again.body.error).toBe('This submission token has already been used.');
    },
  );

  it('refuses an invalid publish_after and publish_after without draft', async () => {
    const invalid = await create(server, { description: DESCRIPTION }, { top: { draft: true, publish_after: 'soon' } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error).toMatch(/publish_after/);
    expect(
      (await create(server, { description: DESCRIPTION }, { top: { draft: true, publish_after: '0h' } })).status,
    ).toBe(422);
    const withoutDraft = await create(server, { description: DESCRIPTION }, { top: { publish_after: '1h' } });
    expect(withoutDraft.status).toBe(422);
    expect(withoutDraft.body.error).toBe('publish_after can only be used with draft=true.');
  });

  it('refuses a top-level flag that is not a boolean', async () => {
    const r = await create(server, { description: DESCRIPTION }, { top: { draft: 'maybe' } });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatch(/draft/);
  });

  it('never answers 500 to a malformed body', async () => {
    for (const json of [
      { issue: 'text' },
      { issue: { description: 5 } },
      { issue: { description: DESCRIPTION, custom: [] } },
      { issue: { description: DESCRIPTION, extras: { device_info: 7 } } },
    ]) {
      const r = await server.request('POST', `${ISSUES}.json`, { auth: 'FormUser tkn-issues', json });
      expect(r.status).toBe(422);
    }
    const broken = await server.request('POST', `${ISSUES}.json`, {
      auth: 'FormUser tkn-issues',
      raw: '{nope',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(broken.status).toBe(400);
  });
});

it('keeps other projects apart', async () => {
  const r = await server.request('POST', `/projects/${OTHER_PROJECT_ID}/issues.json`, {
    auth: `FormUser ${TOKENS.other}`,
    json: { issue: { description: DESCRIPTION } },
  });
  expect(r.status).toBe(201);
  expect(r.body.scoped_id).toBe(1);
});
