// Sends a client's request exactly as written (method, path, headers, body bytes) with fetch, and
// prepares what a replay needs (a draft issue and its JWT…) with canonical requests of our own.
import type { ConformanceRuleId } from '../../reference-server/src/http/conformance-rules.ts';

export interface WireRequest {
  method: string;
  path: string;
  /** Every header the client sends, and no other (fetch adds only Host, Connection, Content-Length). */
  headers: Record<string, string>;
  body?: string | Uint8Array | FormData;
}

export interface WireResponse {
  status: number;
  body: any;
  text: string;
  headers: Headers;
}

export interface ReplayContext {
  [name: string]: string | number;
}

export interface Replay {
  /** Which official client sends it, as named in docs/clients.md. */
  client:
    | 'MCP server'
    | 'Unity plugin'
    | 'Unreal plugin'
    | 'Roblox plugin'
    | 'HTML widget'
    | 'RimWorld mod (third party)';
  /** The docs/clients.md section (`docs/clients.md#…`) that says what this request shows. */
  note: string;
  name: string;
  /** Canonical requests that create what the replay refers to (ids, JWTs); they never reach the report. */
  prepare?: (api: PrepareApi) => Promise<ReplayContext>;
  request: (ctx: ReplayContext) => WireRequest;
  /** Default mode: what the client expects of the answer. */
  expectAnswer: (response: WireResponse, ctx: ReplayContext) => void;
  /** Non-canonical shapes the default mode tolerates, in the order the server checks them. */
  tolerated: ConformanceRuleId[];
}

/** The User-Agent of each client in the corpus (a real client's, or as close as its stack sends). */
export const USER_AGENTS: Record<Replay['client'], string> = {
  'MCP server': 'betahub-mcp-server/1.0',
  'Unity plugin': 'UnityPlayer/2022.3.45f1 (UnityWebRequest/1.0, libcurl/8.5.0-DEV)',
  'Unreal plugin': 'StarCourier/++UE5+Release-5.4-CL-0 Windows/10.0.22631.1.256.64bit',
  'Roblox plugin': 'Roblox/Linux',
  'HTML widget': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'RimWorld mod (third party)': 'UnityPlayer/2019.4.30f1 (UnityWebRequest/1.0, libcurl/7.75.0-DEV)',
};

export async function send(baseUrl: string, request: WireRequest): Promise<WireResponse> {
  const response = await fetch(baseUrl + request.path, {
    method: request.method,
    headers: request.headers,
    body: request.body as BodyInit | undefined,
    redirect: 'manual',
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: response.status, body, text, headers: response.headers };
}

/** Canonical calls for preparing a replay: Service-Project-ID, Accept JSON and a .json path. */
export interface PrepareApi {
  call(
    method: string,
    path: string,
    options: { auth?: string; json?: unknown; form?: Record<string, string> },
  ): Promise<WireResponse>;
}

export function prepareApi(baseUrl: string, projectId: string): PrepareApi {
  return {
    call(method, path, options) {
      const headers: Record<string, string> = {
        Accept: 'application/json',
        'Service-Project-ID': projectId,
        'User-Agent': 'corpus-setup',
      };
      if (options.auth) headers.Authorization = options.auth;
      let body: string | undefined;
      if (options.json !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(options.json);
      }
      if (options.form) {
        headers['Content-Type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(options.form).toString();
      }
      return send(baseUrl, { method, path, headers, body });
    },
  };
}

/** A form body as the client's own encoder writes it (application/x-www-form-urlencoded). */
export function formBody(fields: Array<[string, string]>): string {
  return fields.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

/** A multipart body built by hand the way the Unreal plugin does, with its boundary style. */
export function unrealMultipart(
  fields: Array<[string, string] | [string, { filename: string; type: string; data: string }]>,
) {
  const boundary = '---------------------------8d7a1c2b3e4f5a6b';
  const parts = fields.map(([name, value]) =>
    typeof value === 'string'
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\n` +
        `Content-Type: ${value.type}\r\n\r\n${value.data}\r\n`,
  );
  return { body: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}
