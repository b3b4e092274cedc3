// The one place every network result is classified (docs/contributing.md#one-error-path): sent, offline (keep,
// back off), retry (408, 429, 5xx, honouring Retry-After), rejected (other 4xx, server's `error`).

export type Outcome<T = unknown> =
  | { kind: 'sent'; status: number; body: T; headers: Headers }
  | { kind: 'offline'; error: string }
  | { kind: 'retry'; status: number; error: string; retryAfterMs?: number }
  | { kind: 'rejected'; status: number; error: string; body?: unknown };

function isRetryStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** Retry-After is delay-seconds or an HTTP-date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

function errorText(body: unknown, fallback: string): string {
  if (body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string')
    return (body as { error: string }).error;
  if (typeof body === 'string' && body.trim()) return body.trim().slice(0, 500);
  return fallback;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Classifies a Response, or the error a fetch threw (network failure, abort, timeout: offline). */
/** Duck-typed: a Response from another realm (worker, test runner, polyfill) is still a Response. */
function isResponse(value: unknown): value is Response {
  const r = value as Response | null;
  return (
    !!r &&
    typeof r === 'object' &&
    typeof r.status === 'number' &&
    typeof r.text === 'function' &&
    typeof r.headers?.get === 'function'
  );
}

export async function classify(result: Response | unknown, now: number): Promise<Outcome> {
  if (!isResponse(result)) {
    const error = result instanceof Error ? `${result.name}: ${result.message}` : String(result);
    return { kind: 'offline', error };
  }
  let body: unknown;
  try {
    body = await readBody(result);
  } catch (error) {
    // The status line arrived but the body was cut: the outcome is unknown, treat it as a network failure.
    return { kind: 'offline', error: `body lost: ${error instanceof Error ? error.message : String(error)}` };
  }
  const status = result.status;
  if (status >= 200 && status < 300) return { kind: 'sent', status, body, headers: result.headers };
  const error = errorText(body, `HTTP ${status}`);
  if (isRetryStatus(status))
    return { kind: 'retry', status, error, retryAfterMs: parseRetryAfter(result.headers.get('retry-after'), now) };
  return { kind: 'rejected', status, error, body };
}
