// A storage PUT that hangs in Chromium (the XHR upload transport): the reporter abandons it after its
// stall time, keeps the report, signs and PUTs again, and the issue arrives once with its screenshot.
import type { Browser } from 'playwright-core';
import { expect, test } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { DEMO, issuesWith, useDemoGame } from './harness.ts';

let server: TestServer;
let browser: Browser;
useDemoGame((started, launched) => {
  server = started;
  browser = launched;
});

test('abandons a storage PUT that hangs and delivers the report with its screenshot on the next try', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route(`${server.url}/blank`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>stall</title>' }),
  );
  const puts: string[] = [];
  await page.route(/\/storage\/direct\//, async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    puts.push(route.request().url());
    if (puts.length === 1) return; // the first PUT never gets an answer: the connection is dead
    return route.continue();
  });
  await page.goto(`${server.url}/blank`);
  // A string, so the test runner does not rewrite the page's import().
  const chunk = await page.evaluateHandle('import("/widget/esm/reporter.js")');
  const result = await page.evaluate(
    async ([{ createBrowserReporter }, { endpoint, project }]: readonly [
      any,
      { endpoint: string; project: string },
    ]) => {
      const reporter = createBrowserReporter({
        endpoint,
        projectId: project,
        token: 'tkn-demo',
        outboxName: 'stall-test',
        uploadStallMs: 1000,
      });
      const steps: string[] = [];
      reporter.on('progress', (e: any) => {
        if (e.loaded === undefined) steps.push(e.step);
      });
      const sent = new Promise((resolve) => reporter.on('sent', (e: any) => resolve(e.report.remote?.id)));
      const canvas = new OffscreenCanvas(8, 8);
      canvas.getContext('2d')!.fillRect(0, 0, 8, 8);
      const png = await canvas.convertToBlob({ type: 'image/png' });
      const started = performance.now();
      await reporter.submit({
        kind: 'bug',
        description: 'marker-stall: the upload hung on the ferry wifi but the report still arrived',
        attachments: [{ kind: 'screenshot', name: 'shot.png', contentType: 'image/png', data: png }],
      });
      const id = await sent;
      return { id, steps, ms: performance.now() - started };
    },
    [chunk, { endpoint: server.url, project: DEMO.project }] as const,
  );

  expect(puts.length).toBeGreaterThanOrEqual(2);
  expect(result.steps).toContain('offline'); // the stalled PUT ended as offline, not as a rejection
  expect(result.ms).toBeGreaterThanOrEqual(1000);
  const issues = await issuesWith(server, 'marker-stall');
  expect(issues.map((i) => [i.status, i.screenshots.length])).toEqual([['open', 1]]);
  await context.close();
}, 60_000);
