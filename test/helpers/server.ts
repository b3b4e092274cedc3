// The server a test talks to: a real reference server started on a loopback port with an in-memory database, or,
// when GLITCHBOX_API_URL is set, the deployment it names (remote-server.ts). No part of the server is mocked.
import { startServer, type RunningServer, type ServerOptions } from '../../reference-server/src/server.ts';
import { loadFixtures } from '../../reference-server/src/areas/admin/fixtures.ts';
import type { FixtureDocument, FixtureResult } from '../../widget/src/protocol/fixtures.ts';
import { type ApiResponse, createApiRequest, type RequestOptions } from './api-request.ts';
import { REMOTE_URL } from './local-only.ts';
import { connectTestServer } from './remote-server.ts';
import { seedDocument } from './seed.ts';

export type { ApiResponse, RequestOptions } from './api-request.ts';

export interface TestServer extends RunningServer {
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** Loads a fixture document (docs/api/admin.md); in-process it is loaded before the call returns. */
  fixtures(doc: FixtureDocument): Promise<FixtureResult>;
  /** Moves the server clock: '25h', '30m'. */
  advance(duration: string): Promise<void>;
  runJobs(): Promise<number>;
}

/** The standard seed unless `seed` says otherwise (false: nothing). */
export type TestServerOptions = ServerOptions & { seed?: FixtureDocument | false };

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  if (REMOTE_URL) return connectTestServer(REMOTE_URL, options);
  const server = await startServer({ port: 0, jobIntervalMs: 3_600_000, ...options });
  if (options.seed !== false) loadFixtures(server.deps, options.seed ?? seedDocument());
  const request = createApiRequest(server.url);
  return {
    ...server,
    request,
    // Loaded before it returns, as the callers that did not await it relied on.
    fixtures: async (doc) => loadFixtures(server.deps, doc),
    advance: async (duration) => {
      const r = await request('POST', '/__admin/clock', { json: { advance: duration } });
      if (r.status !== 200) throw new Error(`clock: ${JSON.stringify(r.body)}`);
    },
    runJobs: async () => (await request<{ ran: number }>('POST', '/__admin/jobs/run')).body.ran,
  };
}
