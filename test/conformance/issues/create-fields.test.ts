// Issue create, the fields of the create table (docs/api/issues.md#create-the-order-of-checks,
// docs/api/issues.md#choices-we-made): logs, releases by label, id or a new label, source, raw, device_info in every
// validation mode, tested_on_device_id, discord_id, tag_ids, include flags, debug_trace, min_description_length.
import { describe, expect, it } from 'vitest';
import { serveFile, server } from '../../helpers/file-server.ts';
import { PATS, PROJECT_ID } from '../../helpers/seed.ts';
import { BIG, create, DESCRIPTION, ISSUES, issueSeed, releaseId, releaseOf } from './fixtures.ts';
import { itLocal } from '../../helpers/local-only.ts';

serveFile({ seed: issueSeed({ discord_ids_for_issues: true }) });

describe('fields of the create table', () => {
  it('turns logs into a log file attachment', async () => {
    const r = await create(server, { description: DESCRIPTION, logs: 'ERROR at frame 12' });
    expect(r.body.log_files).toHaveLength(1);
    expect(r.body.log_files[0]).toMatchObject({ content_type: 'text/plain', media_size_bytes: 17 });
  });

  it('files against the latest release, an existing label, or a release id', async () => {
    const project = await server.request('GET', `/projects/${PROJECT_ID}.json`, { auth: BIG });
    const latest = `rel-${project.body.latest_release.id as number}`;
    const filed = async (issue: Record<string, unknown>) =>
      releaseOf(server, (await create(server, { description: DESCRIPTION, ...issue })).body);
    expect(await filed({})).toBe(latest);
    const older = await releaseId(server, '1.0.0');
    expect(await filed({ release_label: '1.0.0' })).toBe(older);
    expect(await filed({ release_id: older })).toBe(older);
    expect(await filed({ release_id: older.slice('rel-'.length) })).toBe(older);
  });

  it('creates a release for a new label when the token may create releases', async () => {
    const r = await create(server, { description: DESCRIPTION, release_label: '2.0.0-beta' });
    expect(r.status).toBe(201);
    const releases = await server.request('GET', `/projects/${PROJECT_ID}/releases.json`, {
      auth: `Bearer ${PATS.developer}`,
    });
    const release = (releases.body as Array<{ id: string; label: string; status: string }>).find(
      (each) => each.label === '2.0.0-beta',
    )!;
    expect(release.status).toBe('published');
    expect(await releaseOf(server, r.body)).toBe(release.id);
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

  itLocal(
    'honours tag_ids for personal-access-token users and drops them otherwise',
    'reads the database',
    async () => {
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
    },
  );

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

  itLocal('accepts a debug_trace of info, warning and danger steps', 'reads the database', async () => {
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
