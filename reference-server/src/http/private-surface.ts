// Guard of the /__admin test surface: private to the machine. The peer must be loopback, the Host
// a loopback name (no DNS rebinding), any Origin the server's own, and a state change must carry
// a header that a plain form or a no-cors fetch cannot send (docs/security.md#the-admin-surface).
import type { MiddlewareHandler } from 'hono';
import { forbidden, unsupportedMediaType } from '../errors.ts';
import { clientIp, isLoopback } from './middleware.ts';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `127.0.0.1:8080` → { name: '127.0.0.1', port: '8080' }; `[::1]:80` → { name: '[::1]', port: '80' }. */
function splitHost(host: string): { name: string; port: string } {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(host.trim().toLowerCase());
  return { name: match?.[1] ?? host, port: match?.[2] ?? '' };
}

export function isLoopbackHost(host: string): boolean {
  const { name } = splitHost(host);
  return LOOPBACK_NAMES.has(name) || /^127(?:\.\d{1,3}){3}$/.test(name);
}

/** An Origin of this very server: http, a loopback name and the port the request came to. */
function isOwnOrigin(origin: string, host: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const exact = origin.replace(/\/$/, '') === url.origin;
  if (url.protocol !== 'http:' || url.pathname !== '/' || !exact) return false;
  return isLoopbackHost(url.host) && splitHost(url.host).port === splitHost(host).port;
}

export function privateSurfaceGuard(): MiddlewareHandler {
  return async (c, next) => {
    if (!isLoopback(clientIp(c))) throw forbidden('The /__admin test surface answers loopback addresses only.');
    // A page that rebinds its own name to 127.0.0.1 still sends that name as Host.
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    if (!isLoopbackHost(host)) {
      throw forbidden(`The /__admin test surface answers only a loopback Host, not ${JSON.stringify(host)}.`);
    }
    const origin = c.req.header('origin');
    if (origin !== undefined && !isOwnOrigin(origin, host)) {
      throw forbidden(`The /__admin test surface refuses other origins (Origin ${JSON.stringify(origin)}).`);
    }
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      // Browsers send Origin on every POST, so a body-less POST without one is a test harness or curl.
      const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
      const noBody = (c.req.header('content-length') ?? '0') === '0' && !c.req.header('transfer-encoding');
      const bodiless = type === '' && origin === undefined && noBody;
      if (type !== 'application/json' && !bodiless) {
        throw unsupportedMediaType(
          'A state change on /__admin needs Content-Type: application/json (a form or a no-cors fetch cannot send it).',
        );
      }
    }
    await next();
  };
}
