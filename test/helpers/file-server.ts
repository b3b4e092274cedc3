// One server per test file, started before its tests and closed after them (serveFile), for every conformance file
// with one server; serveReseeded() also empties it and loads the standard seed again before every test, and
// serveFixtures() loads a corpus of the file's own once.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { FixtureDocument, FixtureResult } from '../../widget/src/protocol/fixtures.ts';
import { PROJECT_ID, seedDocument } from './seed.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * The server of the file that called serveFile() or serveReseeded(). Exported as a live binding (re-exported the
 * same way by an area's fixtures), so the tests read `server` as they did when the set-up sat at their top.
 */
export let server: TestServer;
let onSeed: (result: FixtureResult) => void = () => {};

/** Starts the file's server with `options` (the standard seed unless they say otherwise) and closes it after. */
export function serveFile(options: Parameters<typeof startTestServer>[0] = {}): void {
  beforeAll(async () => {
    server = await startTestServer(options);
  });
  afterAll(() => server.close());
}

/**
 * Starts the file's server with no seed, loads `document()` once before the file's tests and hands `loaded` what
 * it loaded (the ids of its issues), for files whose tests all read one corpus of their own (search, similar).
 */
export function serveFixtures(document: () => FixtureDocument, loaded: (result: FixtureResult) => void): void {
  serveFile({ seed: false });
  beforeAll(async () => {
    loaded(await server.fixtures(document()));
  });
}

/**
 * Starts the file's server with no seed and reseeds it before each test, so that each test of an area whose tests
 * change the seed (releases, crashes) starts from the same state. `seeded` hears what every seed loaded.
 */
export function serveReseeded(seeded: (result: FixtureResult) => void = () => {}): void {
  onSeed = seeded;
  serveFile({ seed: false });
  beforeEach(async () => {
    await reseed();
  });
}

/** Empties the server through /__admin/reset and loads the standard seed with `project` over its main project. */
export async function reseed(project: Record<string, unknown> = {}): Promise<void> {
  await server.request('POST', '/__admin/reset');
  onSeed(await server.fixtures(seedDocument({ project })));
}

/**
 * The create call of an area whose tests post JSON bodies to one path per project, on the file's server:
 * `create(body, auth?, project?, headers?)`.
 */
export function createCall(pathOf: (project: string) => string, defaultAuth: string) {
  return (body: Record<string, unknown>, auth = defaultAuth, project = PROJECT_ID, headers?: Record<string, string>) =>
    server.request('POST', pathOf(project), { auth, json: body, headers });
}
