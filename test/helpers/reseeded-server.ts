// One server per test file, emptied and given the standard seed again before every test, so that each test of an
// area whose tests change the seed (releases, crashes) starts from the same state; reseed() loads a variant.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { FixtureResult } from '../../widget/src/protocol/fixtures.ts';
import { seedDocument } from './seed.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * The server of the file that called serveReseeded(). Exported as a live binding (re-exported the same way by
 * the area's fixtures), so the tests read `server` as they did when the set-up sat at their top.
 */
export let server: TestServer;
let onSeed: (result: FixtureResult) => void = () => {};

/**
 * Starts the server with no seed before the file's tests, closes it after them, and reseeds before each test.
 * `seeded` hears what every seed loaded (the releases' ids, for one).
 */
export function serveReseeded(seeded: (result: FixtureResult) => void = () => {}): void {
  onSeed = seeded;
  beforeAll(async () => {
    server = await startTestServer({ seed: false });
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await reseed();
  });
}

/** Empties the server through /__admin/reset and loads the standard seed with `project` over its main project. */
export async function reseed(project: Record<string, unknown> = {}): Promise<void> {
  await server.request('POST', '/__admin/reset');
  onSeed(server.fixtures(seedDocument({ project })));
}
