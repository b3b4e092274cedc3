// The API client: every operation of docs/api-choices.md#operation-paths through one `call` on an injected fetch; paths
// from the protocol's zod-free path tables, Authorization from buildAuthorization, results classified in
// classify.ts and checked in response-checks.ts. No HTTP library: with retries owned by the sync engine
// and HTTP errors classified here, what is left (a query string, a JSON body, a timeout joined to the
// caller's signal) is a few lines of fetch, where ky cost 4.1 KB gzip of the reporter chunk.
import { buildAuthorization, type Credential } from '../protocol/authorization.ts';
import { toPath, type HttpMethod } from '../protocol/operation.ts';
import type { PathOperationId as OperationId } from '../protocol/paths.ts';
import { reportPaths } from '../protocol/report-paths.ts';
import { classify, type Outcome } from './classify.ts';
import { responseChecks } from './response-checks.ts';
import type { Clock, UploadTransport } from './types.ts';

export interface CallOptions {
  /** Path parameters; `project_id` defaults to the client's project. */
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  body?: FormData | URLSearchParams;
  auth?: Credential;
  idempotencyKey?: string;
  method?: HttpMethod;
  signal?: AbortSignal;
}

export interface PutOptions {
  onProgress?: (loaded: number) => void;
  signal?: AbortSignal;
}

export interface ApiClient {
  readonly endpoint: string;
  readonly projectId: string;
  /** Sends one operation and classifies the result; never throws for HTTP or network failures. */
  call<T = unknown>(operation: OperationId, options?: CallOptions): Promise<Outcome<T>>;
  /** Step 2 of a direct upload: PUT the bytes with every header presigned_upload returned. */
  put(
    url: string,
    headers: Record<string, string>,
    body: Blob | ReadableStream<Uint8Array>,
    options?: PutOptions,
  ): Promise<Outcome>;
  /** Absolute URL for a path or URL returned by the server. */
  resolve(pathOrUrl: string): string;
}

export interface ApiClientOptions {
  endpoint: string;
  projectId: string;
  fetch: typeof fetch;
  clock: Clock;
  timeoutMs?: number;
  /** The storage PUT gives up (offline, retried later) after this long without upload progress; default 60 s. */
  uploadStallMs?: number;
  upload?: UploadTransport;
}

function countingStream(
  body: ReadableStream<Uint8Array>,
  onProgress: (loaded: number) => void,
): ReadableStream<Uint8Array> {
  let loaded = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        loaded += chunk.byteLength;
        controller.enqueue(chunk);
        onProgress(loaded);
      },
    }),
  );
}

/** An abort signal for one exchange: follows the caller's signal, and fires a TimeoutError `ms` after the
 * last `arm(ms)`. `done()` drops the timer and the listener. */
function deadline(outer: AbortSignal | undefined, what: string) {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => controller.abort(outer!.reason);
  if (outer?.aborted) cancel();
  else outer?.addEventListener('abort', cancel, { once: true });
  return {
    signal: controller.signal,
    arm(ms: number) {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(new DOMException(`${what} ${ms} ms`, 'TimeoutError')), ms);
    },
    done() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', cancel);
    },
  };
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const endpoint = options.endpoint.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const resolve = (pathOrUrl: string) =>
    /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : endpoint + (pathOrUrl.startsWith('/') ? '' : '/') + pathOrUrl;

  async function call<T>(id: OperationId, o: CallOptions = {}): Promise<Outcome<T>> {
    // The report flow's operations are at hand; any other one loads the rest of the table first.
    const table: Partial<Record<OperationId, { methods: readonly HttpMethod[]; path: string }>> =
      id in reportPaths ? reportPaths : (await import('../protocol/other-paths.ts')).otherPaths;
    const operation = table[id]!;
    const params = { project_id: options.projectId, ...o.params };
    const path = toPath(operation.path, params);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (operation.path.startsWith('/projects/{project_id}')) headers['Service-Project-ID'] = String(params.project_id);
    if (o.auth) headers.Authorization = buildAuthorization(o.auth);
    if (o.idempotencyKey) headers['Idempotency-Key'] = o.idempotencyKey;
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined) query.set(k, String(v));
    let body: BodyInit | undefined = o.body;
    if (o.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(o.json);
    }
    // The timeout covers the whole exchange, body included: a server that stalls mid-body is offline too.
    // The sync engine owns retries, so nothing here repeats a request.
    const exchange = deadline(o.signal, 'no answer within');
    exchange.arm(timeoutMs);
    const search = query.toString();
    let result: unknown;
    let outcome: Outcome;
    try {
      try {
        result = await options.fetch(resolve(path) + (search ? `?${search}` : ''), {
          method: o.method ?? operation.methods[0],
          headers,
          body,
          signal: exchange.signal,
        });
      } catch (error) {
        result = error; // network failure, timeout or the caller's abort: classified as offline
      }
      outcome = await classify(result, options.clock.now());
    } finally {
      exchange.done();
    }
    const check = responseChecks[id];
    if (outcome.kind === 'sent' && check) {
      // Check the fields the engine reads, but hand back the body as sent: unknown fields pass through.
      const problem = check(outcome.body);
      if (problem)
        return {
          kind: 'rejected',
          status: outcome.status,
          error: `response of ${id} does not match the protocol: ${problem}`.slice(0, 500),
          body: outcome.body,
        };
    }
    return outcome as Outcome<T>;
  }

  async function put(
    url: string,
    headers: Record<string, string>,
    body: Blob | ReadableStream<Uint8Array>,
    o: PutOptions = {},
  ): Promise<Outcome> {
    // No whole-request timeout (a large clip on a slow link takes as long as it takes), but an upload
    // that makes no progress for uploadStallMs is abandoned, so a dead connection cannot hold the
    // outbox forever. A Blob sent by plain fetch reports no progress: it gets the stall time plus one
    // second per 32 KB.
    const stallMs = options.uploadStallMs ?? 60_000;
    const upload = deadline(o.signal, 'upload stalled: no progress for');
    const progress = (loaded: number) => {
      upload.arm(stallMs);
      o.onProgress?.(loaded);
    };
    let result: unknown;
    try {
      if (options.upload) {
        upload.arm(stallMs);
        result = await options.upload(resolve(url), { headers, body, onProgress: progress, signal: upload.signal });
      } else {
        const stream = body instanceof ReadableStream;
        upload.arm(stream ? stallMs : stallMs + Math.ceil(body.size / 32));
        // duplex 'half' is required by fetch for a ReadableStream body (Fetch standard, RequestInit.duplex).
        const init: RequestInit & { duplex?: 'half' } = {
          method: 'PUT',
          headers,
          body: stream ? countingStream(body, progress) : body,
          signal: upload.signal,
        };
        if (stream) init.duplex = 'half';
        result = await options.fetch(resolve(url), init);
        if (!stream) o.onProgress?.(body.size);
      }
    } catch (error) {
      // A stall or the caller's abort: say which, not the transport's generic abort message.
      result = upload.signal.aborted ? upload.signal.reason : error;
    }
    try {
      return await classify(result, options.clock.now());
    } finally {
      upload.done();
    }
  }

  return { endpoint, projectId: options.projectId, call, put, resolve };
}
