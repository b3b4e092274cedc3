// A bare Hono JSON route on @hono/node-server: the yardstick each server figure is set beside.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';

export async function startBareHono(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = new Hono();
  const body = { id: 'pr-1', name: 'Bare', description: '', created_at: new Date().toISOString() };
  app.get('/bare', (c) => c.json(body));
  app.post('/bare', async (c) => c.json({ ...body, received: (await c.req.text()).length }, 201));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => { const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s)); });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/bare`, close: () => new Promise((r) => server.close(() => r())) };
}
