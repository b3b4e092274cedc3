// Issue create: the three encodings and every field of the create table that succeeds
// (stand-ins, releases, source, raw, device_info, Discord ids, tags, include flags, debug_trace,
// priority, score, token, Idempotency-Key).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Issue } from '../../../widget/src/protocol/issues.ts';
import { PATS, PROJECT_ID, TOKENS } from '../../helpers/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { BIG, create, DESCRIPTION, ISSUES, issueSeed } from './fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: issueSeed({ discord_ids_for_issues: true }) });
});
afterAll(() => server.close());

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

describe('fields of the create table', () => {
  it('turns logs into a log file attachment', async () => {
    const r = await create(server, { description: DESCRIPTION, logs: 'ERROR at frame 12' });
    expect(r.body.log_files).toHaveLength(1);
    expect(r.body.log_files[0]).toMatchObject({ content_type: 'text/plain', media_size_bytes: 17 });
  });

  it('files against the latest release, an existing label, or a release id', async () => {
    const project = await server.request('GET', `/projects/${PROJECT_ID}.json`, { auth: BIG });
    const latest = project.body.latest_release.id as number;
    const db = server.deps.db;
    const releaseOf = (id: number) => db.prepare('SELECT release_id FROM issues WHERE id = ?').pluck().get(id);
    expect(releaseOf((await create(server, { description: DESCRIPTION })).body.id)).toBe(latest);
    const older = db.prepare("SELECT id FROM releases WHERE label = '1.0.0'").pluck().get() as number;
    expect(releaseOf((await create(server, { description: DESCRIPTION, release_label: '1.0.0' })).body.id)).toBe(older);
    expect(releaseOf((await create(server, { description: DESCRIPTION, release_id: `rel-${older}` })).body.id)).toBe(
      older,
    );
    expect(releaseOf((await create(server, { description: DESCRIPTION, release_id: String(older) })).body.id)).toBe(
      older,
    );
  });

  it('creates a release for a new label when the token may create releases', async () => {
    const r = await create(server, { description: DESCRIPTION, release_label: '2.0.0-beta' });
    expect(r.status).toBe(201);
    const release = server.deps.db.prepare("SELECT * FROM releases WHERE label = '2.0.0-beta'").get() as {
      id: number;
      status: string;
    };
    expect(release.status).toBe('published');
    expect(server.deps.db.prepare('SELECT release_id FROM issues WHERE id = ?').pluck().get(r.body.id)).toBe(
      release.id,
    );
  });

  it('refuses an unknown release id with 422', async () => {
    const r = await create(server, { description: DESCRIPTION, release_id: 'rel-99999' });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatch(/rel-99999/);
  });

  it('stores source as submitted; discord_bot keeps the Discord text and gets no token', async () => {
    expect((await create(server, { description: DESCRIPTION, source: 'unity-sdk' })).body.source).toBe('unity-sdk');
    const bot = await create(server, { description: DESCRIPTION, source: 'discord_bot' });
    expect(bot.body).toMatchObject({ source: 'discord_bot', discord_message: DESCRIPTION });
    expect(bot.body).not.toHaveProperty('token');
  });

  it('auto-detects raw from a [telemetry] prefix unless raw is set explicitly', async () => {
    expect((await create(server, { description: '[telemetry] fps=12 scene=cave' })).body.raw).toBe(true);
    expect((await create(server, { description: '[telemetry] fps=12 scene=cave', raw: false })).body.raw).toBe(false);
    expect((await create(server, { description: DESCRIPTION, raw: true })).body.raw).toBe(true);
  });

  it('parses device_info into OS, CPU, GPU and RAM', async () => {
    const r = await create(server, {
      description: DESCRIPTION,
      extras: {
        device_info: {
          value: 'Windows 11 Pro, Intel Core i7-9700K, NVIDIA GeForce RTX 2070 Super, 16 GB RAM',
          validation_mode: 'strict',
        },
      },
    });
    expect(r.status).toBe(201);
    expect(r.body.device).toEqual({
      id: expect.any(Number),
      device_type: 'desktop',
      configuration: {
        os: 'Windows 11',
        cpu: 'Intel Core i7-9700K',
        gpu: 'NVIDIA GeForce RTX 2070 Super',
        ram: '16 GB',
      },
    });
  });

  it('keeps a labelled GPU name whole, commas inside its parentheses included', async () => {
    const angle = 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)';
    const gpu = `${angle} (vendor Google Inc. (Google))`;
    const value = `OS: Linux x86-64\nCPU: 2 cores\nGPU: ${gpu}\nRAM: 8 GB`;
    const extras = { device_info: { value, validation_mode: 'strict' } };
    const browser = await create(server, { description: DESCRIPTION, extras });
    expect(browser.body.device.configuration).toEqual({ os: 'Linux x86-64', cpu: '2 cores', gpu, ram: '8 GB' });
    // A comma outside parentheses still ends a labelled value.
    const listed = { device_info: { value: 'OS: Windows 11, GPU: RTX 3060, RAM: 16 GB', validation_mode: 'strict' } };
    const list = await create(server, { description: DESCRIPTION, extras: listed });
    expect(list.body.device.configuration).toEqual({ os: 'Windows 11', gpu: 'RTX 3060', ram: '16 GB' });
  });

  it('rejects bad device_info in strict mode, keeps it raw in loose (and unknown), drops it in optional', async () => {
    const gibberish = 'a potato with buttons';
    const strict = await create(server, {
      description: DESCRIPTION,
      extras: { device_info: { value: gibberish, validation_mode: 'strict' } },
    });
    expect(strict.status).toBe(422);
    expect(strict.body.error).toMatch(/device_info/);
    for (const mode of ['loose', 'whatever']) {
      const loose = await create(server, {
        description: DESCRIPTION,
        extras: { device_info: { value: gibberish, validation_mode: mode } },
      });
      expect(loose.body.device).toMatchObject({ device_type: 'unknown', configuration: { raw: gibberish } });
    }
    const optional = await create(server, {
      description: DESCRIPTION,
      extras: { device_info: { value: gibberish, validation_mode: 'optional' } },
    });
    expect(optional.status).toBe(201);
    expect(optional.body.device).toBeNull();
  });

  it('links tested_on_device_id only for the personal-access-token user who owns the device', async () => {
    const mine = await create(
      server,
      { description: DESCRIPTION, extras: { device_info: { value: 'macOS 14, Apple M2, 8 GB' } } },
      { auth: `Bearer ${PATS.tester}` },
    );
    const deviceId = mine.body.device.id as number;
    const again = await create(
      server,
      { description: DESCRIPTION, tested_on_device_id: String(deviceId) },
      { auth: `Bearer ${PATS.tester}` },
    );
    expect(again.body.device).toEqual(mine.body.device);
    const other = await create(
      server,
      { description: DESCRIPTION, tested_on_device_id: String(deviceId) },
      { auth: `Bearer ${PATS.developer}` },
    );
    expect(other.body.device).toBeNull();
    expect(other.body.warnings).toEqual([expect.stringContaining('tested_on_device_id')]);
  });

  it('honours discord_id only for an anonymous token user on a project that enables it', async () => {
    const r = await create(server, { description: DESCRIPTION, discord_id: '123456789', discord_username: 'pilot#1' });
    expect(r.body).not.toHaveProperty('warnings');
    const seen = await server.request('GET', `${ISSUES}/g-${r.body.id}.json`, { auth: `Bearer ${PATS.developer}` });
    expect(seen.body.reported_by).toEqual({ id: expect.any(Number), name: 'discord:123456789' });
    const withEmail = await create(
      server,
      { description: DESCRIPTION, discord_id: '123456789' },
      { auth: `${BIG},email:someone@players.test` },
    );
    expect(withEmail.body.warnings).toEqual([expect.stringContaining('discord_id')]);
  });

  it('honours tag_ids for personal-access-token users and drops them otherwise', async () => {
    const user = await create(
      server,
      { description: DESCRIPTION, tag_ids: [501, 999] },
      { auth: `Bearer ${PATS.tester}` },
    );
    expect(
      server.deps.db.prepare('SELECT tag_id FROM issue_tags WHERE issue_id = ?').pluck().all(user.body.id),
    ).toEqual([501]);
    expect(user.body.warnings).toEqual(['Tag 999 does not exist in this project and was dropped.']);
    const token = await create(server, { description: DESCRIPTION, tag_ids: [501] });
    expect(
      server.deps.db.prepare('SELECT count(*) FROM issue_tags WHERE issue_id = ?').pluck().get(token.body.id),
    ).toBe(0);
    expect(token.body.warnings).toEqual([expect.stringContaining('tag_ids')]);
  });

  it('prunes media by the include flags when process_include_flags is set (an unset flag deletes)', async () => {
    const dropped = await create(server, {
      description: DESCRIPTION,
      logs: 'x',
      process_include_flags: true,
      include_screenshot: true,
    });
    expect(dropped.body.log_files).toEqual([]);
    const kept = await server.request('POST', `${ISSUES}.json`, {
      auth: BIG,
      form: {
        'issue[description]': DESCRIPTION,
        'issue[logs]': 'x',
        'issue[process_include_flags]': 'true',
        'issue[include_other]': '1',
      },
    });
    expect(kept.body.log_files).toHaveLength(1);
    const ignored = await create(server, { description: DESCRIPTION, logs: 'x', include_other: false });
    expect(ignored.body.log_files).toHaveLength(1);
  });

  it('accepts a debug_trace of info, warning and danger steps', async () => {
    const trace = {
      steps: [
        { severity: 'info', description: 'boot' },
        { severity: 'warning', description: 'slow' },
        { severity: 'danger', description: 'oom' },
      ],
    };
    const r = await create(server, { description: DESCRIPTION, debug_trace: trace });
    expect(r.status).toBe(201);
    expect(
      JSON.parse(
        server.deps.db.prepare('SELECT debug_trace FROM issues WHERE id = ?').pluck().get(r.body.id) as string,
      ),
    ).toEqual(trace);
  });

  it('refuses a debug_trace over 128 KB or with an unknown severity with 422', async () => {
    const big = await create(server, {
      description: DESCRIPTION,
      debug_trace: { steps: [{ severity: 'info', description: 'x'.repeat(130 * 1024) }] },
    });
    expect(big.status).toBe(422);
    expect(big.body.error).toMatch(/128 KB/);
    const bad = await create(server, {
      description: DESCRIPTION,
      debug_trace: { steps: [{ severity: 'fatal', description: 'x' }] },
    });
    expect(bad.status).toBe(422);
  });

  it('enforces min_description_length with 422, skipped only for the Discord bot', async () => {
    const short = await create(server, { description: 'too short' });
    expect(short.status).toBe(422);
    expect(short.body.error).toBe('Description is too short (minimum is 10 characters).');
    expect((await create(server, { description: 'too short' }, { top: { skip_description_check: true } })).status).toBe(
      422,
    );
    expect(
      (
        await create(
          server,
          { description: 'too short', source: 'discord_bot' },
          { top: { skip_description_check: '1' } },
        )
      ).status,
    ).toBe(201);
    const blank = await create(server, { description: '  ' });
    expect(blank.status).toBe(422);
    expect(blank.body.error).toBe("Description can't be blank.");
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
    const count = server.deps.db.prepare('SELECT count(*) FROM issues').pluck().get();
    const second = await create(server, { description: DESCRIPTION }, { headers });
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(server.deps.db.prepare('SELECT count(*) FROM issues').pluck().get()).toBe(count);
  });

  it('refuses the same key with a different body with 422', async () => {
    const headers = { 'Idempotency-Key': 'report-uuid-2' };
    await create(server, { description: DESCRIPTION }, { headers });
    const r = await create(server, { description: `${DESCRIPTION} changed` }, { headers });
    expect(r.status).toBe(422);
  });

  it('creates once when the same key arrives again while the first create is under way', async () => {
    const headers = { 'Idempotency-Key': 'report-uuid-concurrent' };
    const count = () => server.deps.db.prepare('SELECT count(*) FROM issues').pluck().get() as number;
    const before = count();
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => create(server, { description: DESCRIPTION }, { headers })),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(count()).toBe(before + 1);
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

describe('form and JSON spellings of the create table', () => {
  const traceOf = (id: number) =>
    JSON.parse(server.deps.db.prepare('SELECT debug_trace FROM issues WHERE id = ?').pluck().get(id) as string);

  it('reads a form debug_trace from repeated issue[debug_trace][steps][][severity] and [description]', async () => {
    const form = new URLSearchParams({ 'issue[description]': DESCRIPTION });
    for (const [severity, description] of [
      ['info', 'boot'],
      ['warning', 'slow'],
      ['danger', 'oom'],
    ]) {
      form.append('issue[debug_trace][steps][][severity]', severity);
      form.append('issue[debug_trace][steps][][description]', description);
    }
    const r = await server.request('POST', `${ISSUES}.json`, {
      auth: BIG,
      raw: form.toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(r.status).toBe(201);
    expect(traceOf(r.body.id)).toEqual({
      steps: [
        { severity: 'info', description: 'boot' },
        { severity: 'warning', description: 'slow' },
        { severity: 'danger', description: 'oom' },
      ],
    });
  });

  it('reads a multipart debug_trace with indexed steps', async () => {
    const form = new FormData();
    form.append('issue[description]', DESCRIPTION);
    form.append('issue[debug_trace][steps][0][severity]', 'danger');
    form.append('issue[debug_trace][steps][0][description]', 'out of memory');
    const r = await server.request('POST', `${ISSUES}.json`, { auth: BIG, multipart: form });
    expect(r.status).toBe(201);
    expect(traceOf(r.body.id)).toEqual({ steps: [{ severity: 'danger', description: 'out of memory' }] });
  });

  it('takes a JSON null for an optional member as the member left out', async () => {
    const r = await create(
      server,
      {
        description: DESCRIPTION,
        title: null,
        unformatted_steps_to_reproduce: null,
        steps_to_reproduce_array: null,
        logs: null,
        release_id: null,
        release_label: null,
        raw: null,
        priority: null,
        extras: { device_info: null },
        discord_id: null,
        tested_on_device_id: null,
        tag_ids: null,
        custom: null,
        custom_fields: null,
        debug_trace: null,
        process_include_flags: null,
        source: null,
      },
      { top: { draft: null, publish_after: null, skip_description_check: null } },
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      title: DESCRIPTION,
      status: 'open',
      raw: false,
      device: null,
      steps_to_reproduce: [],
    });
    expect(r.body).not.toHaveProperty('warnings');
    const missing = await create(server, { description: null });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({ error: "Description can't be blank." });
  });

  it('takes a blank form flag as the flag left out (draft= is not a draft)', async () => {
    const r = await server.request('POST', `${ISSUES}.json`, {
      auth: BIG,
      form: { 'issue[description]': DESCRIPTION, draft: '', 'issue[raw]': '', 'issue[process_include_flags]': '' },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status: 'open', raw: false });
  });
});

describe('release and device spellings', () => {
  it('files against the latest release for issue[release_id]=latest, as the list filter reads it', async () => {
    const latest = (await server.request('GET', `/projects/${PROJECT_ID}.json`, { auth: BIG })).body.latest_release
      .id as number;
    const r = await create(server, { description: DESCRIPTION, release_id: 'latest' });
    expect(r.status).toBe(201);
    expect(server.deps.db.prepare('SELECT release_id FROM issues WHERE id = ?').pluck().get(r.body.id)).toBe(latest);
  });

  it('reads a form device_info sent as the JSON text of {value, validation_mode}', async () => {
    const strict = await server.request('POST', `${ISSUES}.json`, {
      auth: BIG,
      form: {
        'issue[description]': DESCRIPTION,
        'issue[extras][device_info]': JSON.stringify({ value: 'a potato', validation_mode: 'strict' }),
      },
    });
    expect(strict.status).toBe(422);
    expect(strict.body.error).toMatch(/device_info/);
    const parsed = await server.request('POST', `${ISSUES}.json`, {
      auth: BIG,
      form: {
        'issue[description]': DESCRIPTION,
        'issue[extras][device_info]': JSON.stringify({ value: 'Windows 11, 16 GB RAM', validation_mode: 'strict' }),
      },
    });
    expect(parsed.body.device).toMatchObject({
      device_type: 'desktop',
      configuration: { os: 'Windows 11', ram: '16 GB' },
    });
  });
});

describe('Discord release confirmation', () => {
  const confirmations = async () =>
    ((await server.request('GET', '/__admin/notifications')).body.notifications as Array<Record<string, any>>).filter(
      (n) => n.event === 'issue.release_confirmation',
    );

  it('asks the Discord reporter to confirm a release the bot left out; not for raw issues or a named one', async () => {
    const before = (await confirmations()).length;
    const bot = await create(server, {
      description: DESCRIPTION,
      source: 'discord_bot',
      discord_id: '4242',
      discord_username: 'pilot',
    });
    const sent = await confirmations();
    expect(sent.length).toBe(before + 1);
    expect(sent[0].data).toMatchObject({ issue_id: bot.body.id });
    await create(server, { description: DESCRIPTION, source: 'discord_bot', discord_id: '4242', raw: true });
    await create(server, {
      description: DESCRIPTION,
      source: 'discord_bot',
      discord_id: '4242',
      release_label: '1.0.0',
    });
    expect((await confirmations()).length).toBe(before + 1);
  });
});

describe('multipart file parts for text members', () => {
  it('reads issue[logs] and issue[debug_trace] sent as file parts as their text', async () => {
    const form = new FormData();
    form.append('issue[description]', DESCRIPTION);
    form.append('issue[logs]', new Blob(['ERROR at frame 12'], { type: 'text/plain' }), 'player.log');
    form.append(
      'issue[debug_trace]',
      new Blob([JSON.stringify({ steps: [{ severity: 'warning', description: 'slow frame' }] })], {
        type: 'application/json',
      }),
      'trace.json',
    );
    const r = await server.request('POST', `${ISSUES}.json`, { auth: BIG, multipart: form });
    expect(r.status).toBe(201);
    expect(r.body.log_files).toEqual([expect.objectContaining({ media_size_bytes: 17 })]);
    expect(
      JSON.parse(
        server.deps.db.prepare('SELECT debug_trace FROM issues WHERE id = ?').pluck().get(r.body.id) as string,
      ),
    ).toEqual({ steps: [{ severity: 'warning', description: 'slow frame' }] });
  });
});
