// Resume: the engine is stopped right after each persisted step (as a closed tab or a killed process
// would leave it), and a fresh reporter over the same outbox finishes the report exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMemoryOutbox,
  createReporter,
  type OutboxStore,
  type ReporterEvent,
} from '../../widget/src/core/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { PROJECT_ID, TOKENS } from '../helpers/seed.ts';
import { createFastClock, downloadMd5, md5Hex, pngBytes, roomySeed, seeded, showIssue } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: roomySeed() });
});
afterAll(async () => {
  await server.close();
});

const reporterOn = (outbox: OutboxStore) =>
  createReporter({
    endpoint: server.url,
    projectId: PROJECT_ID,
    token: TOKENS.all,
    outbox,
    clock: createFastClock(),
    random: seeded(2),
    backoff: { baseMs: 5, maxMs: 50 },
  });

/** The persisted steps of a bug with a layered screenshot and a log file, in order. */
const STEPS = [
  'created',
  'presigned',
  'uploaded',
  'presigned',
  'uploaded',
  'confirmed',
  'presigned',
  'uploaded',
  'confirmed',
  'contact_set',
  'published',
];
const isStep = (e: ReporterEvent) =>
  e.type === 'progress' &&
  (e.step === 'presigned'
    ? e.loaded === undefined
    : ['created', 'uploaded', 'confirmed', 'contact_set', 'published'].includes(String(e.step)));

describe('resume after stop', () => {
  it.each(STEPS.map((step, i) => [i + 1, step] as const))(
    'continues from step %i (%s) without creating anything twice',
    async (stopAt) => {
      const random = seeded(100 + stopAt);
      const shot = pngBytes(40_000, random);
      const layer = pngBytes(4_000, random);
      const log = new TextEncoder().encode(`log of run ${stopAt}\n`.repeat(100));
      const outbox = createMemoryOutbox();
      const first = reporterOn(outbox);
      let seen = 0;
      const steps: string[] = [];
      first.on('progress', (e) => {
        if (!isStep(e)) return;
        steps.push(String(e.step));
        if (++seen === stopAt) first.stop();
      });
      const { id } = await first.submit({
        kind: 'bug',
        description: `Stopped after step ${stopAt}: the turret keeps firing after the round ends.`,
        email: 'pilot@example.test',
        attachments: [
          { kind: 'screenshot', name: 'turret.png', contentType: 'image/png', data: shot, layer },
          { kind: 'log_file', name: 'round.log', contentType: 'text/plain', data: log },
        ],
      });
      await first.syncNow();
      expect(steps).toEqual(STEPS.slice(0, stopAt));
      const [kept] = await outbox.list();
      expect(kept?.status ?? 'delivered').not.toBe('rejected');

      const second = reporterOn(outbox); // the page reloaded: a new engine over the same outbox
      const sent: ReporterEvent[] = [];
      const resumed: string[] = [];
      second.on('sent', (e) => sent.push(e));
      second.on('progress', (e) => isStep(e) && resumed.push(String(e.step)));
      await second.syncNow();
      expect(sent.map((e) => e.id)).toEqual([id]);
      expect(resumed).toEqual(STEPS.slice(stopAt)); // no step was done twice
      expect(await outbox.list()).toEqual([]);

      const issue = await showIssue(server, sent[0].report.remote!.id);
      expect(issue.status).toBe('open');
      expect(issue.screenshots).toHaveLength(1);
      expect(issue.log_files).toHaveLength(1);
      expect(await downloadMd5(issue.screenshots[0].url)).toBe(md5Hex(shot));
      expect(await downloadMd5(issue.screenshots[0].layer_a_url)).toBe(md5Hex(layer));
      const all = await server.request('GET', `/projects/${PROJECT_ID}/issues.json?status=any&per_page=100`, {
        auth: 'Bearer pat-owner',
      });
      expect(
        all.body.issues.filter((i: { description: string }) =>
          i.description.startsWith(`Stopped after step ${stopAt}:`),
        ),
      ).toHaveLength(1);
    },
  );
});
