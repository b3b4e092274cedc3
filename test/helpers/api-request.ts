// The request helper every test server offers (in-process or remote): one call that speaks the API's headers
// (Authorization, Service-Project-ID from the path) and reads the answer as JSON when it is JSON.

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

export type ApiRequest = <T = any>(method: string, path: string, options?: RequestOptions) => Promise<ApiResponse<T>>;

/** The request function of the server at `baseUrl` (`http://127.0.0.1:4010`, no trailing slash). */
export function createApiRequest(baseUrl: string): ApiRequest {
  return async <T>(method: string, path: string, o: RequestOptions = {}): Promise<ApiResponse<T>> => {
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
    const response = await fetch(baseUrl + path, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  };
}
