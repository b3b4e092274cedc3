// Issue create (docs/api/issues.md#the-issue-object, docs/api-choices.md#stand-ins-for-the-ai,
// docs/api-choices.md#idempotency): the three encodings, the stand-ins for the AI steps (title, steps, priority,
// score), the draft JWT and reported_by, Idempotency-Key. The create table's fields: create-fields.test.ts.
import { describe, expect, it } from 'vitest';
import { Issue } from '../../../widget/src/protocol/issues.ts';
import { serveFile, server } from '../../helpers/file-server.ts';
import { PATS, PROJECT_ID, TOKENS } from '../../helpers/seed.ts';
import { BIG, create, DESCRIPTION, ISSUES, issueCount, issueSeed } from './fixtures.ts';

serveFile({ seed: issueSeed({ discord_ids_for_issues: true }) });

describe('encodings', () => {
  it('creates from JSON with the values nested under issue, answering 201 with an Issue object', async () => {
    const r = await create(server, { title: 'Map goes blank', description: DESCRIPTION });
    expect(r.status).toBe(201);
    const issue = Issue.parse(r.body);
    expect(issue).toMatchObject({
      title: 'Map goes blank',
      status: 'open',
      status_display: 'Open',
      raw: false,
      source: null,
      potential_duplicate: null,
    });
    expect(issue.url).toBe(`${server.url}/projects/${PROJECT_ID}/issues/${issue.scoped_id}`);
    expect(r.body).not.toHaveProperty('warnings');
  });

  it('creates from a form body with bracketed keys', async () => {
    const r = await server.request('POST', `${ISSUES}.json`, {
      auth: BIG,
      form: {
        'issue[description]': DESCRIPTION,
        'issue[steps_to_reproduce_array][]': ['Open map', 'Close map'],
        draft: 'True',
      },
    });
    expect(r.status).toBe(201);
    expect(r.body.status).toBe('hidden');
    expect(r.body.steps_to_reproduce).toEqual([{ step: 'Open map' }, { step: 'Close map' }]);
  });

  it('creates from multipart', async () => {
    const form = new FormData();
    form.append('issue[description]', DESCRIPTION);
    form.append('issue[title]', 'From multipart');
    const r = await server.request('POST', `${ISSUES}.json`, { auth: BIG, multipart: form });
    expect(r.status).toBe(201);
    expect(r.body.title).toBe('From multipart');
  });

  it('answers without the .json suffix too', async () => {
    const r = await server.request('POST', ISSUES, { auth: BIG, json: { issue: { description: DESCRIPTION } } });
    expect(r.status).toBe(201);
  });
});

describe('stand-ins for the AI steps', () => {
  it('generates the title from the first sentence, trimmed to 80 characters', async () => {
    const short = await create(server, { description: 'Sound cuts out in caves! It comes back later.' });
    expect(short.body.title).toBe('Sound cuts out in caves!');
    const long = await create(server, { description: `${'x'.repeat(120)} end of sentence. More.` });
    expect(long.body.title).toHaveLength(80);
  });

  it('formats unformatted steps by lines and list markers, and keeps an array as given', async () => {
    const r = await create(server, {
      description: DESCRIPTION,
      unformatted_steps_to_reproduce: '1. Open the map\n- Zoom in\n\n* Close it\n2) Reopen',
    });
    expect(r.body.steps_to_reproduce).toEqual([
      { step: 'Open the map' },
      { step: 'Zoom in' },
      { step: 'Close it' },
      { step: 'Reopen' },
    ]);
    const given = await create(server, {
      description: DESCRIPTION,
      steps_to_reproduce_array: ['1. keep me', 'as is'],
      unformatted_steps_to_reproduce: 'ignored',
    });
    expect(given.body.steps_to_reproduce).toEqual([{ step: '1. keep me' }, { step: 'as is' }]);
  });

  it('predicts the priority for project-token callers and discards a submitted one with a warning', async () => {
    expect((await create(server, { description: 'The game crashes when I jump twice.' })).body.priority).toBe(
      'critical',
    );
    expect((await create(server, { description: 'I am stuck behind the big rock forever.' })).body.priority).toBe(
      'high',
    );
    expect((await create(server, { description: 'There is a typo in the options menu.' })).body.priority).toBe('low');
    const r = await create(server, { description: 'A plain report about the map colours.', priority: 'blocker' });
    expect(r.body.priority).toBe('medium');
    expect(r.body.warnings).toEqual([expect.stringContaining('priority')]);
  });

  it("keeps a developer's own priority", async () => {
    const r = await create(
      server,
      { description: 'A plain report about the map colours.', priority: 'high' },
      { auth: `Bearer ${PATS.developer}` },
    );
    expect(r.body.priority).toBe('high');
  });

  it('computes the score from description, steps, media and device, ignoring a submitted score', async () => {
    const bare = await create(server, { description: 'Short text here.', score: '1' });
    expect(bare.body.score).toBe('0.02');
    const rich = await create(server, {
      description: 'x'.repeat(400),
      steps_to_reproduce_array: ['a', 'b'],
      logs: 'log line',
      extras: { device_info: { value: 'Windows 11, 16 GB RAM' } },
    });
    expect(rich.body.score).toBe('1');
  });
});

describe('token and caller rendering', () => {
  it('returns a one-hour JWT to project-token callers, draft or not, and none to PAT users', async () => {
    const open = await create(server, { description: DESCRIPTION });
    expect(open.body.token).toEqual(expect.any(String));
    const claims = JSON.parse(Buffer.from(open.body.token.split('.')[1], 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(3600);
    expect(claims.issue_id).toBe(open.body.id);
    expect(
      (await create(server, { description: DESCRIPTION }, { auth: `Bearer ${PATS.tester}` })).body,
    ).not.toHaveProperty('token');
  });

  it('shows reported_by to the team only', async () => {
    const r = await create(server, { description: DESCRIPTION }, { auth: `Bearer ${PATS.tester}` });
    expect(r.body.reported_by).toEqual({ id: null, name: null });
    const team = await server.request('GET', `${ISSUES}/${r.body.scoped_id}.json`, { auth: `Bearer ${PATS.support}` });
    expect(team.body.reported_by).toEqual({ id: expect.any(Number), name: 'Tess Tester' });
  });
});

describe('Idempotency-Key', () => {
  it('answers a repeated key with the first response and creates nothing', async () => {
    const headers = { 'Idempotency-Key': 'report-uuid-1' };
    const first = await create(server, { description: DESCRIPTION }, { headers });
    const count = await issueCount(server);
    const second = await create(server, { description: DESCRIPTION }, { headers });
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await issueCount(server)).toBe(count);
  });

  it('refuses the same key with a different body with 422', async () => {
    const headers = { 'Idempotency-Key': 'report-uuid-2' };
    await create(server, { description: DESCRIPTION }, { headers });
    const r = await create(server, { description: `${DESCRIPTION} changed` }, { headers });
    expect(r.status).toBe(422);
  });

  it('creates once when the same key arrives again while the first create is under way', async () => {
    const headers = { 'Idempotency-Key': 'report-uuid-concurrent' };
    const before = await issueCount(server);
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => create(server, { description: DESCRIPTION }, { headers })),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await issueCount(server)).toBe(before + 1);
  });

  it('keeps keys apart per caller', async () => {
    const headers = { 'Idempotency-Key': 'shared-key' };
    const a = await create(server, { description: DESCRIPTION }, { headers });
    const b = await create(server, { description: DESCRIPTION }, { headers, auth: `Bearer ${PATS.tester}` });
    expect(b.body.id).not.toBe(a.body.id);
  });
});

it('still accepts the default token of the seed', async () => {
  expect((await create(server, { description: DESCRIPTION }, { auth: `FormUser ${TOKENS.all}` })).status).toBe(201);
});
