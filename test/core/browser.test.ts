// The browser half in real Chromium (playwright-core): IndexedDB outbox across reloads and against a real storage
// quota, MD5 in the Web Worker (and in the page when it cannot start), Web Locks between tabs, createBrowserReporter
// end to end with a reload mid-flow, and the service worker draining the outbox on a Background Sync event.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/chromium.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { PROJECT_ID, TOKENS } from '../helpers/seed.ts';
import { allIssues, downloadMd5, md5Hex, roomySeed, showIssue } from './helpers.ts';

let server: TestServer;
let pages: Server;
let origin: string;
let browser: Browser;
let page: Page;

async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    write: false,
    platform: 'browser',
    target: 'chrome120',
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

beforeAll(async () => {
  server = await startTestServer({ seed: roomySeed() });
  const files: Record<string, string> = {
    '/app.js': await bundle('test/core/browser/entry.ts'),
    '/md5-worker.js': await bundle('widget/src/delivery/md5-worker.ts'),
    '/sw.js': await bundle('widget/src/delivery/service-worker.ts'),
    '/': '<!doctype html><title>glitchbox core</title><script type="module" src="/app.js"></script>',
  };
  pages = createServer((req, res) => {
    const body = files[req.url ?? '/'];
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': req.url === '/' ? 'text/html' : 'text/javascript' }).end(body);
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  pages?.close();
  await server?.close();
});
beforeEach(async () => {
  const context = await browser.newContext();
  page = await context.newPage();
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => 'glitchbox' in window);
});

/** Deterministic test bytes, generated the same way in the page and in Node. */
const pattern = (n: number, seed: number) =>
  Uint8Array.from({ length: n }, (_, i) => ((i * 131 + seed * 7) ^ (i >> 8)) & 0xff);
const PATTERN_SRC = '(n, seed) => Uint8Array.from({ length: n }, (_, i) => ((i * 131 + seed * 7) ^ (i >> 8)) & 0xff)';

describe('IndexedDB outbox', () => {
  it('keeps a report and its 5 MB file across a reload and reports the space used', async () => {
    const id = await page.evaluate(async (src) => {
      // biome-ignore lint/security/noGlobalEval: page.evaluate ships no closures, so the pattern arrives as source
      const pattern = eval(src);
      const { createIdbOutbox, toStoredReport } = (window as any).glitchbox;
      const data = new Blob([pattern(5 * 1024 * 1024, 1)]);
      const { report, files } = toStoredReport(
        {
          kind: 'bug',
          description: 'Saved before the tab closed.',
          attachments: [{ kind: 'binary_file', name: 'a.bin', contentType: 'application/octet-stream', data }],
        },
        Date.now(),
      );
      await createIdbOutbox('box').add(report, files);
      return report.id as string;
    }, PATTERN_SRC);
    await page.reload();
    await page.waitForFunction(() => 'glitchbox' in window);
    const after = await page.evaluate(async (reportId) => {
      const outbox = (window as any).glitchbox.createIdbOutbox('box');
      const source = await outbox.file(reportId, '0');
      return {
        ids: (await outbox.list()).map((r: any) => r.id),
        usage: await outbox.usage(),
        slice: Array.from(await source.slice(3_000_000, 3_000_008)),
      };
    }, id);
    expect(after).toEqual({
      ids: [id],
      usage: { reports: 1, bytes: 5 * 1024 * 1024 },
      slice: Array.from(pattern(5 * 1024 * 1024, 1).subarray(3_000_000, 3_000_008)),
    });
  });

  it('surfaces the browser quota as OutboxQuotaError and stores nothing of the refused report', async () => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 2 * 1024 * 1024 });
    const result = await page.evaluate(async (src) => {
      // biome-ignore lint/security/noGlobalEval: page.evaluate ships no closures, so the pattern arrives as source
      const pattern = eval(src);
      const { createIdbOutbox, toStoredReport, OutboxQuotaError } = (window as any).glitchbox;
      const outbox = createIdbOutbox('tight');
      const small = toStoredReport({ kind: 'bug', description: 'Fits in the quota.' }, Date.now());
      await outbox.add(small.report, small.files);
      const big = toStoredReport(
        {
          kind: 'bug',
          description: 'Does not fit.',
          attachments: [
            {
              kind: 'binary_file',
              name: 'big.bin',
              contentType: 'application/octet-stream',
              data: new Blob([pattern(6 * 1024 * 1024, 2)]),
            },
          ],
        },
        Date.now(),
      );
      let error: any;
      try {
        await outbox.add(big.report, big.files);
      } catch (e) {
        error = e;
      }
      return {
        quota: error instanceof OutboxQuotaError,
        name: error?.name,
        left: (await outbox.list()).map((r: any) => r.fields.description),
      };
    }, PATTERN_SRC);
    expect(result).toEqual({ quota: true, name: 'OutboxQuotaError', left: ['Fits in the quota.'] });
  });
});

describe('MD5 worker', () => {
  it('hashes a Blob in 2 MiB slices off the main thread, matching Node crypto', async () => {
    const result = await page.evaluate(async (src) => {
      // biome-ignore lint/security/noGlobalEval: page.evaluate ships no closures, so the pattern arrives as source
      const pattern = eval(src);
      const g = (window as any).glitchbox;
      let workers = 0;
      const hasher = g.createWorkerHasher({
        createWorker: () => {
          workers++;
          return g.md5Worker();
        },
      });
      const blob = new Blob([pattern(5 * 1024 * 1024 + 123, 3)]);
      const progress: number[] = [];
      const md5 = await hasher.md5(
        { size: blob.size, blob, slice: async () => new Uint8Array(), body: () => blob },
        (loaded: number) => progress.push(loaded),
      );
      return { md5, progress, workers };
    }, PATTERN_SRC);
    const bytes = pattern(5 * 1024 * 1024 + 123, 3);
    expect(result).toEqual({
      md5: Buffer.from(md5Hex(bytes), 'hex').toString('base64'),
      progress: [2 * 1024 * 1024, 4 * 1024 * 1024, 5 * 1024 * 1024 + 123],
      workers: 1,
    });
  });

  it('hashes in the page when the worker cannot start (a policy refusing workers), and starts no other', async () => {
    const result = await page.evaluate(async () => {
      const g = (window as any).glitchbox;
      let workers = 0;
      const hasher = g.createWorkerHasher({
        // A worker whose script cannot load fails as one refused by worker-src does: an error event, no reply.
        createWorker: () => {
          workers++;
          return new Worker('/no-such-worker.js', { type: 'module' });
        },
      });
      const hash = (text: string) => {
        const blob = new Blob([text]);
        const slice = async (start: number, end: number) => new Uint8Array(await blob.slice(start, end).arrayBuffer());
        return hasher.md5({ size: blob.size, blob, slice, body: () => blob });
      };
      return { first: await hash('first report'), second: await hash('second report'), workers };
    });
    const md5 = (text: string) => Buffer.from(md5Hex(Buffer.from(text)), 'hex').toString('base64');
    expect(result).toEqual({ first: md5('first report'), second: md5('second report'), workers: 1 });
  });
});

describe('one syncing tab', () => {
  it.each(['createWebLock', 'createBroadcastLock'])('%s lets only one tab hold the sync lock', async (factory) => {
    const other = await page.context().newPage();
    await other.goto(`${origin}/`);
    await other.waitForFunction(() => 'glitchbox' in window);
    await page.evaluate((f) => {
      (window as any).held = (window as any).glitchbox[f]('outbox').withLock(
        () => new Promise((r) => setTimeout(r, 1500)),
      );
    }, factory);
    await page.waitForTimeout(200);
    expect(await other.evaluate((f) => (window as any).glitchbox[f]('outbox').withLock(async () => {}), factory)).toBe(
      false,
    );
    await page.evaluate(() => (window as any).held);
    expect(await other.evaluate((f) => (window as any).glitchbox[f]('outbox').withLock(async () => {}), factory)).toBe(
      true,
    );
  });
});

describe('createBrowserReporter', () => {
  it('resumes after a reload from IndexedDB and delivers the screenshot with XHR upload progress', async () => {
    const options = { endpoint: server.url, projectId: PROJECT_ID, token: TOKENS.all };
    const id = await page.evaluate(
      async ({ options, src }) => {
        // biome-ignore lint/security/noGlobalEval: page.evaluate ships no closures, so the pattern arrives as source
        const pattern = eval(src);
        const g = (window as any).glitchbox;
        const reporter = g.createBrowserReporter({ ...options, autoStart: false, createMd5Worker: g.md5Worker });
        reporter.on('progress', (e: any) => e.step === 'created' && reporter.stop());
        const { id } = await reporter.submit({
          kind: 'bug',
          description: 'Tab closed right after the draft was created.',
          attachments: [
            {
              kind: 'screenshot',
              name: 'frame.png',
              contentType: 'image/png',
              data: new Blob([pattern(700_000, 4)], { type: 'image/png' }),
            },
          ],
        });
        await reporter.syncNow();
        return id as string;
      },
      { options, src: PATTERN_SRC },
    );
    await page.reload();
    await page.waitForFunction(() => 'glitchbox' in window);
    const result = await page.evaluate(async (options) => {
      const g = (window as any).glitchbox;
      const reporter = g.createBrowserReporter({ ...options, createMd5Worker: g.md5Worker });
      const uploads: number[] = [];
      reporter.on('progress', (e: any) => e.loaded !== undefined && uploads.push(e.loaded));
      const sent: any = await new Promise((resolve) => reporter.on('sent', resolve));
      reporter.stop();
      return { id: sent.id, remote: sent.report.remote.id, uploads, left: (await reporter.list()).length };
    }, options);
    expect(result.id).toBe(id);
    expect(result.left).toBe(0);
    expect(result.uploads.at(-1)).toBe(700_000);
    const issue = await showIssue(server, result.remote);
    expect(issue.status).toBe('open');
    expect(await downloadMd5(issue.screenshots[0].url)).toBe(md5Hex(pattern(700_000, 4)));
  });

  it('lets the service worker deliver a queued report on a Background Sync event', async () => {
    const before = (await allIssues(server)).length;
    await page.evaluate(
      async (options) => {
        const g = (window as any).glitchbox;
        // The page itself never syncs here: only the service worker can deliver the report.
        const reporter = g.createBrowserReporter({
          ...options,
          autoStart: false,
          serviceWorkerUrl: '/sw.js',
          outboxName: 'sw-box',
        });
        await navigator.serviceWorker.ready;
        await reporter.submit({ kind: 'bug', description: 'Delivered by the service worker in the background.' });
      },
      { endpoint: server.url, projectId: PROJECT_ID, token: TOKENS.all },
    );
    await expect.poll(async () => (await allIssues(server)).length, { timeout: 15_000 }).toBe(before + 1);
    expect(
      (await allIssues(server)).some((i) => i.description === 'Delivered by the service worker in the background.'),
    ).toBe(true);
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as any).glitchbox
            .createIdbOutbox('sw-box')
            .list()
            .then((l: unknown[]) => l.length),
        ),
      )
      .toBe(0);
  });
});
