// createReporter as Node gets it from glitchbox/node and (the `node` export condition) glitchbox/core: no hasher
// given, so uploads are hashed with Node's native MD5; a screenshot of an odd size arrives byte for byte.
import { expect, it } from 'vitest';
import { createMemoryOutbox } from '../../widget/src/core/index.ts';
import * as coreUnderNode from '../../widget/src/node/core-entry.ts';
import * as nodeEntry from '../../widget/src/node/index.ts';
import { downloadMd5, md5Hex, pngBytes, roomySeed, seeded, showIssue } from '../core/helpers.ts';
import { startTestServer } from '../helpers/server.ts';
import { PROJECT_ID, TOKENS } from '../helpers/seed.ts';

for (const [name, entry] of [
  ['glitchbox/node', nodeEntry],
  ['glitchbox/core under Node', coreUnderNode],
] as const) {
  it(`${name}: createReporter, no hasher given, sends a screenshot of a slice and a byte, checksum right`, async () => {
    const server = await startTestServer({ seed: roomySeed() });
    try {
      const outbox = createMemoryOutbox();
      const reporter = entry.createReporter({ endpoint: server.url, projectId: PROJECT_ID, token: TOKENS.all, outbox });
      const shot = pngBytes(2 * 1024 * 1024 + 1, seeded(5));
      await reporter.submit({
        kind: 'bug',
        description: `Hashed natively (${name}): the HUD flickers after a restart.`,
        attachments: [{ kind: 'screenshot', name: 'odd.png', contentType: 'image/png', data: shot }],
      });
      const sent: unknown[] = [];
      reporter.on('sent', (event) => sent.push(event.report?.remote?.id));
      await reporter.syncNow();
      expect(sent, 'delivered once').toEqual([expect.stringMatching(/^g-\d+$/)]);
      expect((await outbox.usage()).reports, 'nothing left in the outbox').toBe(0);
      const issue = await showIssue(server, String(sent[0]));
      expect(issue.screenshots).toHaveLength(1);
      expect(await downloadMd5(issue.screenshots[0].url)).toBe(md5Hex(shot));
    } finally {
      await server.close();
    }
  });
}
