// The whole draft flow against the real reference server over loopback HTTP: create (draft, JWT),
// screenshot with annotation layer, log file and binary file by direct upload, contact, publish.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryOutbox, createReporter, type ReporterEvent } from '../../widget/src/core/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { PROJECT_ID, TOKENS } from '../helpers/seed.ts';
import { createFastClock, downloadMd5, md5Hex, pngBytes, roomySeed, seeded, showIssue } from './helpers.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ seed: roomySeed() });
});
afterEach(async () => {
  await server.close();
});

function reporterFor(outbox = createMemoryOutbox()) {
  return createReporter({
    endpoint: server.url,
    projectId: PROJECT_ID,
    token: TOKENS.all,
    outbox,
    clock: createFastClock(),
    random: seeded(1),
    backoff: { baseMs: 5, maxMs: 50 },
  });
}

describe('draft flow', () => {
  it('delivers a bug with screenshot (and layer), log file and binary file, then empties the outbox', async () => {
    const random = seeded(7);
    const screenshot = pngBytes(300_000, random);
    const layer = pngBytes(20_000, random);
    const log = new TextEncoder().encode('boot ok\nloading level 3\nERROR: null texture\n'.repeat(200));
    const binary = pngBytes(5 * 1024 * 1024 + 123, random); // crosses two 2 MiB MD5 slices
    const outbox = createMemoryOutbox();
    const reporter = reporterFor(outbox);
    const events: ReporterEvent[] = [];
    for (const type of ['queued', 'progress', 'sent', 'rejected'] as const) reporter.on(type, (e) => events.push(e));

    const { id } = await reporter.submit({
      kind: 'bug',
      title: 'Ship falls through the floor',
      description: 'After docking at station 3 the ship falls through the floor.',
      steps: ['Dock at station 3', 'Undock'],
      email: 'player@example.test',
      deviceInfo: 'OS: Windows 11; GPU: RTX 3060; 16 GB RAM',
      attachments: [
        { kind: 'screenshot', name: 'shot.png', contentType: 'image/png', data: new Blob([screenshot]), layer },
        { kind: 'log_file', name: 'game.log', contentType: 'text/plain', data: log },
        {
          kind: 'binary_file',
          name: 'save.bin',
          contentType: 'application/octet-stream',
          data: binary,
          developerPrivate: true,
        },
      ],
    });
    expect((await outbox.list()).map((r) => r.step)).toEqual(['queued']);
    await reporter.syncNow();

    const sent = events.find((e) => e.type === 'sent');
    expect(sent?.id).toBe(id);
    expect(events.filter((e) => e.type === 'rejected')).toEqual([]);
    const steps = events
      .filter((e) => e.type === 'progress' && e.loaded === undefined)
      .map((e) => `${e.step}${e.attachment ?? ''}`);
    expect(steps).toEqual([
      'created',
      'presigned0',
      'presigned0',
      'confirmed0',
      'presigned1',
      'confirmed1',
      'presigned2',
      'confirmed2',
      'contact_set',
      'published',
    ]);
    expect(await outbox.usage()).toEqual({ reports: 0, bytes: 0 });

    const issue = await showIssue(server, sent!.report.remote!.id);
    expect(issue.status).toBe('open');
    expect(issue.title).toBe('Ship falls through the floor');
    expect(issue.steps_to_reproduce).toEqual([{ step: 'Dock at station 3' }, { step: 'Undock' }]);
    expect(issue.device?.configuration).toMatchObject({ os: 'Windows 11', gpu: 'RTX 3060' });
    expect(issue.screenshots).toHaveLength(1);
    expect(issue.log_files).toHaveLength(1);
    expect(issue.binary_files).toHaveLength(1);
    expect(issue.binary_files[0].developer_private).toBe(true);
    expect(await downloadMd5(issue.screenshots[0].url)).toBe(md5Hex(screenshot));
    expect(await downloadMd5(issue.screenshots[0].layer_a_url)).toBe(md5Hex(layer));
    expect(await downloadMd5(issue.log_files[0].url)).toBe(md5Hex(log));
    expect(await downloadMd5(issue.binary_files[0].url)).toBe(md5Hex(binary));
  });
});
