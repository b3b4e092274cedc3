// The inbox's only way to the server: the public API with a personal access token, as any
// client would call it (Authorization, Service-Project-ID, Accept: application/json).

/** A refused call: the HTTP status and the server's `{error}` sentence. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Query = Record<string, string | number | boolean | readonly string[] | undefined>;

export function toQuery(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(`${key}[]`, v);
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export interface Api {
  readonly token: string;
  readonly projectId: string | null;
  get<T>(path: string, query?: Query): Promise<T>;
  send<T>(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
  headers(): Record<string, string>;
}

async function readError(response: Response): Promise<ApiError> {
  let message = `${response.status} ${response.statusText}`.trim();
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === 'string') message = body.error;
  } catch {
    /* not JSON: keep the status line */
  }
  return new ApiError(response.status, message);
}

export function createApi(token: string, projectId: string | null, base = ''): Api {
  const headers = (): Record<string, string> => {
    const h: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
    if (projectId) h['Service-Project-ID'] = projectId;
    return h;
  };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const init: RequestInit = { method, headers: headers() };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
    }
    let response: Response;
    try {
      response = await fetch(base + path, init);
    } catch {
      throw new ApiError(0, 'The server cannot be reached. Is the reference server still running?');
    }
    if (!response.ok) throw await readError(response);
    const text = await response.text();
    return (text ? JSON.parse(text) : null) as T;
  };
  return {
    token,
    projectId,
    headers,
    get: (path, query) => call('GET', path + toQuery(query)),
    send: (method, path, body) => call(method, path, body),
  };
}

/** The project's path prefix, with the path id escaped. */
export const projectPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}`;
