// The shipped MD5 worker in Chromium on both its engines: the WebAssembly MD5, and spark-md5 where the worker's
// policy refuses WebAssembly (a server that sends its policy, without 'wasm-unsafe-eval', on every response). Same
// digests as Node's crypto over odd sizes, and a player's report with its screenshot accepted either way; and a
// worker the browser will not even construct (a file on another origin) leaves the hash to the page.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { md5 } from '../helpers/md5.ts';
import { reportFromGame } from '../helpers/player-report.ts';
import type { TestServer } from '../helpers/server.ts';
import { DIST_DIR } from '../widget/build-once.ts';
import { DEMO, DOCUMENTED_CSP, issuesWith, openGame, useDemoGame } from './harness.ts';

let server: TestServer;
let browser: Browser;
useDemoGame((started, launched) => {
  server = started;
  browser = launched;
});

/** The policy docs/widget.md#the-form documents, sent here with the worker's file too. */
const DOCUMENTED = DOCUMENTED_CSP;
const WITH_WASM = DOCUMENTED.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'");

const MiB = 1024 * 1024;
const SIZES = [0, 1, 2 * MiB, 2 * MiB + 1, 5 * MiB + 3];
/** The same bytes in the page and here: differ at every offset, so a dropped or moved chunk changes the digest. */
const pattern = (length: number) => {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + (i >>> 11)) & 0xff;
  return bytes;
};

/** A page of the demo's origin whose documents and widget scripts come with `policy`; records what scripts load. */
async function pageUnder(policy: string): Promise<{ page: Page; scripts: string[] }> {
  const page = await (await browser.newContext()).newPage();
  const scripts: string[] = [];
  page.on('request', (r) => scripts.push(new URL(r.url()).pathname));
  await page.route(/\/(demo\/index\.html|widget\/esm\/assets\/[^/]+\.js)(\?|$)/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': policy } });
  });
  return { page, scripts };
}

const workerAsset = () => readdirSync(join(DIST_DIR, 'esm/assets')).find((f) => /^md5-worker-.*\.js$/.test(f));
const sparkChunk = (scripts: string[]) => scripts.some((s) => /\/md5-spark-engine-[^/]+\.js$/.test(s));

for (const [policy, engine] of [
  [WITH_WASM, 'wasm'],
  [DOCUMENTED, 'spark-md5'],
] as const) {
  test(`${engine === 'wasm' ? "with 'wasm-unsafe-eval'" : 'refused WebAssembly'}: the worker hashes with ${engine}, \
giving Node's digests`, async () => {
    const { page, scripts } = await pageUnder(policy);
    try {
      await openGame(page, server);
      const replies = await page.evaluate(
        async ({ url, sizes }) => {
          const worker = new Worker(url, { type: 'module' });
          const out: Array<{ md5: string; engine: string }> = [];
          for (const [id, size] of sizes.entries()) {
            const bytes = new Uint8Array(size);
            for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >>> 11)) & 0xff;
            out.push(
              await new Promise((resolve, reject) => {
                worker.onmessage = ({ data }) => {
                  if (data.type === 'done') resolve({ md5: data.md5, engine: data.engine });
                  if (data.type === 'error') reject(new Error(data.error));
                };
                worker.postMessage({ id, blob: new Blob([bytes]) });
              }),
            );
          }
          worker.terminate();
          return out;
        },
        { url: `/widget/esm/assets/${workerAsset()}`, sizes: SIZES },
      );
      expect(replies).toEqual(SIZES.map((size) => ({ md5: md5(pattern(size)), engine })));
      expect(sparkChunk(scripts), 'the spark-md5 chunk is fetched only when it is used').toBe(engine === 'spark-md5');
    } finally {
      await page.context().close();
    }
  }, 60_000);

  test(`${engine === 'wasm' ? "with 'wasm-unsafe-eval'" : 'refused WebAssembly'}: a report with its screenshot is \
accepted (its checksum right)`, async () => {
    const { page, scripts } = await pageUnder(policy);
    try {
      await openGame(page, server);
      const issue = await reportFromGame(page, server, `marker-md5-${engine}`);
      expect(issue.screenshots).toHaveLength(1);
      expect(
        scripts.some((s) => /\/md5-worker-[^/]+\.js$/.test(s)),
        'hashed in the MD5 worker',
      ).toBe(true);
      expect(sparkChunk(scripts)).toBe(engine === 'spark-md5');
    } finally {
      await page.context().close();
    }
  }, 90_000);
}

test('a worker file on another origin (its constructor throws): hashed in the page, the report arrives', async () => {
  const page = await (await browser.newContext()).newPage();
  try {
    await page.goto(`${server.url}/demo/blank`);
    const elsewhere = server.url.replace('127.0.0.1', 'localhost');
    expect(elsewhere).not.toBe(server.url);
    const marker = 'marker-md5-other-origin';
    // A string, so vitest leaves the page's own import() alone.
    await page.evaluate('import("/widget/esm/reporter.js").then((m) => { window.__reporterChunk = m; })');
    const thrown = await page.evaluate(
      async ({ endpoint, project, workerUrl, marker }) => {
        const { createBrowserReporter } = (window as any).__reporterChunk;
        let error = '';
        const reporter = createBrowserReporter({
          endpoint,
          projectId: project,
          token: 'tkn-demo',
          outboxName: 'md5-other-origin',
          createMd5Worker: () => {
            try {
              return new Worker(workerUrl, { type: 'module' });
            } catch (e) {
              error = (e as Error).name;
              throw e;
            }
          },
        });
        const data = new Uint8Array(3 * 1024 * 1024 + 5).map((_, i) => i & 0xff);
        await reporter.submit({
          kind: 'bug',
          description: `${marker}: the worker lives on a CDN`,
          attachments: [{ kind: 'screenshot', name: 'cdn.png', contentType: 'image/png', data }],
        });
        await reporter.syncNow();
        return error;
      },
      {
        endpoint: server.url,
        project: DEMO.project,
        workerUrl: `${elsewhere}/widget/esm/assets/${workerAsset()}`,
        marker,
      },
    );
    expect(thrown, 'the browser refused to construct the worker').toBe('SecurityError');
    await expect.poll(async () => (await issuesWith(server, marker)).length, { timeout: 30_000 }).toBe(1);
    const [issue] = await issuesWith(server, marker);
    expect(issue.screenshots).toHaveLength(1);
  } finally {
    await page.context().close();
  }
}, 60_000);
