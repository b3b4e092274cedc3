// Issue create, other spellings of the create table (docs/api/issues.md#choices-we-made,
// docs/api-choices.md#form-booleans): form and multipart debug_trace, JSON null as left out, blank form flags,
// release_id=latest, a form device_info as JSON text, file parts for text members; the Discord release confirmation.
import { describe, expect, it } from 'vitest';
import { serveFile, server } from '../../helpers/file-server.ts';
import { PROJECT_ID } from '../../helpers/seed.ts';
import { BIG, create, DESCRIPTION, ISSUES, issueSeed, releaseOf } from './fixtures.ts';
import { itLocal } from '../../helpers/local-only.ts';

serveFile({ seed: issueSeed({ discord_ids_for_issues: true }) });

describe('form and JSON spellings of the create table', () => {
  const traceOf = (id: number) =>
    JSON.parse(server.deps.db.prepare('SELECT debug_trace FROM issues WHERE id = ?').pluck().get(id) as string);

  itLocal(
    'reads a form debug_trace from repeated issue[debug_trace][steps][][severity] and [description]',
    'reads the database',
    async () => {
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
    },
  );

  itLocal('reads a multipart debug_trace with indexed steps', 'reads the database', async () => {
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
    expect(await releaseOf(server, r.body)).toBe(`rel-${latest}`);
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
  itLocal(
    'reads issue[logs] and issue[debug_trace] sent as file parts as their text',
    'reads the database',
    async () => {
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
    },
  );
});
