// Every hostile file of the corpus, uploaded through every route that takes a client's bytes,
// then opened in Chromium: no script may run, and each answer carries nosniff, a sandbox CSP and
// `attachment` unless the bytes are one of the inline media types.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../e2e/harness.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { ALL_FLAGS, TOKENS, seedDocument } from '../helpers/seed.ts';
import { CORPUS, PWNED, UPLOADERS, type HostileFile, type Served } from './hostile-corpus.ts';

const INLINE = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'video/mp4', 'video/webm', 'text/plain'];

let server: TestServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  server = await startTestServer({
    seed: seedDocument({
      project: { tokens: [{ token: TOKENS.all, daily_limit: 100_000, ...ALL_FLAGS }, { token: TOKENS.none }] },
    }),
  });
  browser = await launchBrowser();
  context = await browser.newContext({ acceptDownloads: true });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

/** Opens the URL as a top-level page; answers whether any script of the page ran. */
async function scriptRuns(url: string, headers: Record<string, string>): Promise<boolean> {
  const page = await context.newPage();
  let ran = false;
  page.on('console', (message) => {
    if (message.text().includes(PWNED)) ran = true;
  });
  page.on('dialog', (dialog) => {
    ran = true;
    void dialog.dismiss();
  });
  try {
    await page.setExtraHTTPHeaders(headers);
    // An `attachment` answer starts a download and the navigation is aborted: that is a pass.
    await page.goto(url, { waitUntil: 'load', timeout: 10_000 }).catch(() => undefined);
    await page.waitForTimeout(150);
    if ((await page.title().catch(() => '')) === PWNED) ran = true;
  } finally {
    await page.close();
  }
  return ran;
}

async function checkServed(file: HostileFile, served: Served): Promise<void> {
  expect(await scriptRuns(served.url, served.headers), `script ran: ${file.label} at ${served.url}`).toBe(false);
  const r = await fetch(served.url, { headers: served.headers });
  expect(r.status, `${file.label} at ${served.url}`).toBe(200);
  await r.arrayBuffer();
  expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  expect(r.headers.get('content-security-policy')).toMatch(/(^|;\s*)sandbox(;|$)/);
  expect(r.headers.get('content-security-policy')).not.toMatch(/allow-scripts/);
  const type = r.headers.get('content-type') ?? '';
  expect(type, `${file.label}: a single well-formed type`).toMatch(/^[a-z0-9.+-]+\/[a-z0-9.+-]+(;.*)?$/);
  if (!INLINE.includes(type.split(';')[0]))
    expect(r.headers.get('content-disposition'), `${file.label} as ${type}`).toMatch(/^attachment;/);
}

describe('the hook sees script run (positive control, no protections)', () => {
  let plain: Server;
  let base = '';
  beforeAll(async () => {
    plain = createServer((req, res) => {
      const file = CORPUS.find((f) => `/${f.name}` === req.url);
      if (!file) return void res.writeHead(404).end();
      res.writeHead(200, { 'Content-Type': file.type.split(',').pop() || 'text/html' }).end(file.bytes);
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => plain.close(() => resolve())));

  it.each(['page.html', 'image.svg', 'page.xhtml', 'shot.png'])(
    '%s served as its own type runs script',
    async (name) => {
      expect(await scriptRuns(`${base}/${name}`, {})).toBe(true);
    },
  );
});

describe.each(Object.keys(UPLOADERS))('uploaded as %s', (route) => {
  it('never runs script when opened, and is served with nosniff, sandbox and attachment', async () => {
    const checks: Array<[HostileFile, Served]> = [];
    for (const file of CORPUS) {
      const served = await UPLOADERS[route](server, file);
      if (served === null) continue; // the route refused the file: nothing is served
      expect(served.length, `${file.label}: listed`).toBeGreaterThan(0);
      for (const copy of served) checks.push([file, copy]);
    }
    // Every route takes at least some of the corpus (a route that refused all would test nothing).
    expect(checks.length).toBeGreaterThan(0);
    for (let i = 0; i < checks.length; i += 6)
      await Promise.all(checks.slice(i, i + 6).map(([file, copy]) => checkServed(file, copy)));
  }, 120_000);
});
