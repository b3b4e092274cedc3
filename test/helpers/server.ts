// Starts a real reference server on a loopback port with an in-memory database, and offers a
// small request helper that speaks the API's headers. No part of the server is mocked.
import { startServer, type RunningServer, type ServerOptions } from '../../reference-server/src/server.ts';
import { loadFixtures } from '../../reference-server/src/areas/admin/fixtures.ts';
import type { FixtureDocument, FixtureResult } from '../../widget/src/protocol/fixtures.ts';
import { seedDocument } from './seed.ts';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  /** Full Authorization header value, e.g. 'FormUser tkn-all' or 'Bearer pat-owner'. */
  auth?: string;
  /** Sets Service-Project-ID; false leaves it out. Defaults to the project in the path. */
  project?: string | false;
  json?: unknown;
  form?: Record<string, string | string[]>;
  multipart?: FormData;
  headers?: Record<string, string>;
  raw?: BodyInit;
}

export interface TestServer extends RunningServer {
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  fixtures(doc: FixtureDocument): FixtureResult;
  /** Moves the server clock: '25h', '30m'. */
  advance(duration: string): Promise<void>;
  runJobs(): Promise<number>;
}

export async function startTestServer(
  options: ServerOptions & { seed?: FixtureDocument | false } = {},
): Promise<TestServer> {
  const server = await startServer({ port: 0, jobIntervalMs: 3_600_000, ...options });
  if (options.seed !== false) loadFixtures(server.deps, options.seed ?? seedDocument());
  const request = async <T>(method: string, path: string, o: RequestOptions = {}): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { Accept: 'application/json', ...o.headers };
    if (o.auth) headers.Authorization = o.auth;
    const inPath = /^\/projects\/(pr-\d+)/.exec(path)?.[1];
    if (o.project !== false && (o.project ?? inPath)) headers['Service-Project-ID'] = (o.project || inPath) as string;
    let body: BodyInit | undefined = o.raw;
    if (o.json !== undefined) {
      body = JSON.stringify(o.json);
      headers['Content-Type'] = 'application/json';
    }
    if (o.form) {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(o.form))
        for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
      body = params.toString();
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    }
    if (o.multipart) body = o.multipart;
    const response = await fetch(server.url + path, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  };
  return {
    ...server,
    request,
    fixtures: (doc) => loadFixtures(server.deps, doc),
    advance: async (duration) => {
      const r = await request('POST', '/__admin/clock', { json: { advance: duration } });
      if (r.status !== 200) throw new Error(`clock: ${JSON.stringify(r.body)}`);
    },
    runJobs: async () => (await request<{ ran: number }>('POST', '/__admin/jobs/run')).body.ran,
  };
}
