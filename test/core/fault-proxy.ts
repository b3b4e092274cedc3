// A loopback HTTP proxy in front of the reference server that misbehaves on purpose: it can drop a
// request before the server sees it, drop the response after the server acted, answer 503 bursts
// with Retry-After, or refuse everything (offline). Decisions come from a seeded PRNG.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FaultPlan {
  /** Probability of destroying the connection before forwarding. */
  dropRequest?: number;
  /** Probability of forwarding, letting the server finish, then destroying the connection. */
  dropResponse?: number;
  /** Answer the next n requests with 503 and this Retry-After (seconds). */
  unavailable?: { count: number; retryAfter?: string };
  /** Refuse every request (connection reset), as if the device were offline. */
  offline?: boolean;
  /** Only requests whose method + path match are subject to faults. */
  match?: (method: string, path: string) => boolean;
}

export interface FaultProxy {
  url: string;
  plan: FaultPlan;
  log: Array<{
    method: string;
    path: string;
    fate: 'forwarded' | 'dropped-request' | 'dropped-response' | '503' | 'offline';
  }>;
  /** Requests forwarded to the server whose answer has not fully come back yet. */
  inflight: number;
  /** Resolves once the server has finished every request forwarded so far. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export async function startFaultProxy(target: string, random: () => number, plan: FaultPlan = {}): Promise<FaultProxy> {
  const upstream = new URL(target);
  const proxy: FaultProxy = {
    url: '',
    plan,
    log: [],
    inflight: 0,
    close: async () => {},
    idle: async () => {
      while (proxy.inflight > 0) await new Promise((r) => setTimeout(r, 5));
    },
  };
  const server: Server = createServer((req: IncomingMessage, res) => {
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const p = proxy.plan;
    const subject = !p.match || p.match(method, path);
    const fate = (f: FaultProxy['log'][number]['fate']) => proxy.log.push({ method, path, fate: f });
    if (p.offline) {
      fate('offline');
      req.socket.destroy();
      return;
    }
    if (subject && p.unavailable && p.unavailable.count > 0) {
      p.unavailable.count -= 1;
      fate('503');
      req.resume();
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (p.unavailable.retryAfter !== undefined) headers['retry-after'] = p.unavailable.retryAfter;
      res.writeHead(503, headers).end(JSON.stringify({ error: 'Service temporarily unavailable.' }));
      return;
    }
    if (subject && random() < (p.dropRequest ?? 0)) {
      fate('dropped-request');
      req.socket.destroy();
      return;
    }
    const dropResponse = subject && random() < (p.dropResponse ?? 0);
    proxy.inflight += 1;
    let settled = false;
    const settle = () => {
      if (!settled) proxy.inflight -= 1;
      settled = true;
    };
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method, path, headers: req.headers },
      (upstreamRes) => {
        upstreamRes.on('end', settle);
        upstreamRes.on('error', settle);
        if (dropResponse) {
          // Let the server finish its work, then lose the answer on the way back.
          upstreamRes.resume();
          upstreamRes.on('end', () => {
            fate('dropped-response');
            req.socket.destroy();
          });
          return;
        }
        fate('forwarded');
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
        upstreamRes.pipe(res);
      },
    );
    forward.on('error', () => {
      settle();
      req.socket.destroy();
    });
    req.pipe(forward);
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
