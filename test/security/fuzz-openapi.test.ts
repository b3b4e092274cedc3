// A property-based pass over every operation of GET /openapi.json: whatever the path ids, query,
// credential and body (schema-shaped, junk, any encoding, deeply nested), the server answers
// below 500, and every 4xx is a JSON {error}. Fixed seed (FUZZ_SEED) and bounded runs (FUZZ_RUNS)
// keep CI repeatable; a failure prints the seed and the shrunk request to replay it.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withExamples } from '../../reference-server/src/http/openapi-examples.ts';
import { buildOpenApiDocument } from '../../widget/src/protocol/openapi.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { authorization, fromSchema, pathParam, requestBody, type FuzzBody } from './fuzz-request-arbitraries.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
/** Wiping the state would leave the other operations nothing to find; it takes no input anyway. */
const SKIPPED = new Set(['POST /__admin/reset']);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Operation {
  method: string;
  path: string;
  parameters: Array<{ name: string; in: string; schema?: Record<string, any> }>;
  body?: Record<string, any>;
}

// The same document GET /openapi.json serves (checked below), read at collection time to name one test per operation.
const document = withExamples(buildOpenApiDocument({} as never)) as { paths: Record<string, Record<string, any>> };
const operations: Operation[] = Object.entries(document.paths)
  .flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content?.['application/json']?.schema,
    })),
  )
  .filter((op) => !SKIPPED.has(`${op.method} ${op.path}`));

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: FuzzBody;
}

async function send(request: Sent): Promise<{ status: number; type: string; text: string }> {
  const response = await fetch(server.url + request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
  const type = response.headers.get('content-type') ?? '';
  // An event stream never ends by itself: its status and type are the answer.
  if (type.startsWith('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, type, text: '' };
  }
  return { status: response.status, type, text: await response.text() };
}

function requestArbitrary(op: Operation): fc.Arbitrary<Sent> {
  const pathNames = op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(op.method);
  return fc
    .record({
      params: fc.tuple(...pathNames.map(pathParam)),
      query: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, fromSchema(p.schema)])), {
        requiredKeys: [],
      }),
      auth: authorization,
      projectHeader: fc.oneof(fc.constant(undefined), fc.constant('match'), fc.constant('pr-0')),
      idempotencyKey: fc.oneof(
        fc.constant(undefined),
        fc.constantFrom('k-1', 'k-2', ''),
        fc.string({ maxLength: 300 }),
      ),
      body: hasBody ? requestBody(op.body) : fc.constant<FuzzBody>({ label: 'none' }),
    })
    .map(({ params, query, auth, projectHeader, idempotencyKey, body }) => {
      let path = op.path;
      pathNames.forEach((name, i) => {
        path = path.replace(`{${name}}`, params[i]);
      });
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) {
        for (const item of Array.isArray(value) ? value : [value])
          search.append(
            Array.isArray(value) ? `${key}[]` : key,
            typeof item === 'object' ? JSON.stringify(item) : String(item),
          );
      }
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (auth !== undefined) headers.Authorization = auth;
      const inPath = /^\/projects\/([^/]+)/.exec(path)?.[1];
      if (projectHeader === 'match' && inPath) headers['Service-Project-ID'] = decodeURIComponentSafe(inPath);
      if (projectHeader === 'pr-0') headers['Service-Project-ID'] = 'pr-0';
      if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey.replace(/[^\x20-\x7e]/g, '');
      if (body.contentType) headers['Content-Type'] = body.contentType;
      const qs = search.toString();
      return { url: qs ? `${path}?${qs}` : path, method: op.method, headers, body };
    });
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text).replace(/[^\x20-\x7e]/g, '');
  } catch {
    return text;
  }
}

describe('GET /openapi.json', () => {
  it('is the document the fuzz pass walks, with every operation in it', async () => {
    const served = await (await fetch(`${server.url}/openapi.json`)).json();
    expect(served.paths).toEqual(document.paths);
    expect(operations.length).toBeGreaterThan(60);
  });
});

describe(`fuzzing every operation (seed ${SEED}, ${RUNS} runs each)`, () => {
  for (const op of operations) {
    it(`${op.method} ${op.path} never answers 5xx, and refuses with a JSON {error}`, async () => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(op), async (request) => {
          const answer = await send(request);
          const sent = `${request.method} ${request.url} (${request.body.label})`;
          const where = `${sent} → ${answer.status} ${answer.text.slice(0, 200)}`;
          expect(answer.status, where).toBeLessThan(500);
          if (answer.status >= 400) {
            expect(answer.type, where).toMatch(/^application\/json/);
            expect(typeof JSON.parse(answer.text).error, where).toBe('string');
          }
        }),
        {
          seed: SEED,
          numRuns: RUNS,
          interruptAfterTimeLimit: 20_000,
          markInterruptAsFailure: false,
          endOnFailure: true,
        },
      );
    }, 60_000);
  }
});
