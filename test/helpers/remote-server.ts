// A TestServer that is another deployment (GLITCHBOX_API_URL): it starts nothing, seeds through /__admin/reset,
// /__admin/clock and /__admin/fixtures, and closing it leaves the server running. What only an in-process server
// has (deps, app, sweep) throws, naming the test as local-only, rather than answering something made up.
import type { FixtureDocument, FixtureResult } from '../../widget/src/protocol/fixtures.ts';
import { type ApiRequest, createApiRequest } from './api-request.ts';
import { seedDocument } from './seed.ts';
import type { TestServer, TestServerOptions } from './server.ts';

/** What a connection loaded since its last reset, and its clock while a later connection had the server. */
interface Connection {
  loaded: FixtureDocument[];
  clock?: string;
}

/** Every connection not yet closed, oldest first: the files share one server and run one at a time. */
const open: Connection[] = [];

/** Options a deployment takes from the caller; any other configures a process this test does not start. */
const REMOTE_OPTIONS = new Set(['seed', 'now']);

async function admin(request: ApiRequest, path: string, json?: unknown, expected = 200) {
  const r = await request('POST', path, { json });
  if (r.status !== expected) {
    const why = r.status === 403 ? ' (is /__admin reachable from this machine? it answers loopback only)' : '';
    throw new Error(`${path} answered ${r.status}${why}: ${JSON.stringify(r.body)}`);
  }
  return r.body;
}

/**
 * Empties the server and its conformance report, sets its clock and loads `documents` in order: a fresh server, as
 * one started in-process.
 */
async function restart(request: ApiRequest, now: string, documents: FixtureDocument[]): Promise<void> {
  await admin(request, '/__admin/reset');
  // The conformance report outlives a reset; a server started in-process begins with an empty one.
  const report = await request('DELETE', '/__admin/conformance');
  if (report.status !== 200) throw new Error(`DELETE /__admin/conformance answered ${report.status}`);
  await admin(request, '/__admin/clock', { set: now });
  for (const doc of documents) await admin(request, '/__admin/fixtures', doc, 201);
}

export async function connectTestServer(baseUrl: string, options: TestServerOptions = {}): Promise<TestServer> {
  const refused = Object.entries(options)
    .filter(([key, value]) => value !== undefined && !REMOTE_OPTIONS.has(key))
    .map(([key]) => key);
  if (refused.length)
    throw new Error(
      `startTestServer({ ${refused.join(', ')} }) configures a server this process starts; against ` +
        `${baseUrl} mark the test local-only (describeLocal/itLocal in test/helpers/local-only.ts)`,
    );
  const request = createApiRequest(baseUrl);
  const previous = open.at(-1);
  // A second server opened mid-file (a test's own seed) borrows the one server; the first gets its state back.
  if (previous) previous.clock = ((await request('GET', '/__admin/clock')).body as { now: string }).now;
  const connection: Connection = { loaded: options.seed === false ? [] : [options.seed ?? seedDocument()] };
  await restart(request, (options.now ?? new Date()).toISOString(), connection.loaded);
  open.push(connection);
  const insideOnly = (what: string) => () => {
    throw new Error(`server.${what} exists only in-process: mark the test local-only (test/helpers/local-only.ts)`);
  };
  const url = new URL(baseUrl);
  return {
    url: baseUrl,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    get deps(): never {
      return insideOnly('deps')();
    },
    get app(): never {
      return insideOnly('app')();
    },
    get sweep(): never {
      return insideOnly('sweep')();
    },
    request: async (method, path, o) => {
      const r = await request(method, path, o);
      // A test that empties the server itself starts its own record of what is loaded.
      if (method === 'POST' && path === '/__admin/reset' && r.status === 200) connection.loaded = [];
      return r as never;
    },
    fixtures: async (doc) => {
      const result = (await admin(request, '/__admin/fixtures', doc, 201)) as FixtureResult;
      connection.loaded.push(doc);
      return result;
    },
    advance: async (duration) => {
      await admin(request, '/__admin/clock', { advance: duration });
    },
    runJobs: async () => ((await admin(request, '/__admin/jobs/run')) as { ran: number }).ran,
    close: async () => {
      const at = open.indexOf(connection);
      if (at === -1) return;
      open.splice(at, 1);
      const outer = open.at(-1);
      if (at === open.length && outer?.clock) await restart(request, outer.clock, outer.loaded);
    },
  };
}
