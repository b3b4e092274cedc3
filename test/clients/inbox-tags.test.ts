// Issue tags in the QA inbox (Debian's Chromium, real server): the tag filter lists the project's
// tags from issue_tags.json, a child tag under its parent, and choosing one lists only the issues
// carrying it.
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureInboxBuilt } from '../helpers/inbox-build.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../helpers/inbox-report.ts';
import { PATS } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { clientsFixture } from './fixture.ts';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  ensureInboxBuilt();
  server = await startTestServer({ seed: clientsFixture() });
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('filters the report list by an issue tag', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(8000);
  await page.goto(`${server.url}/inbox/`);
  await page.getByLabel('Personal access token').fill(PATS.developer);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The developer is a member of one project: the inbox opens its reports without a picker.
  await expect.poll(() => page.locator('.project-name').textContent()).toBe('Star Courier');
  const rows = page.locator('.report-row .row-title');
  await expect
    .poll(() => rows.allTextContents())
    .toEqual(expect.arrayContaining(['Crash when opening the map', 'Water shader flickers']));

  const tag = page.getByLabel('Tag', { exact: true });
  // The tag list loads beside the reports: wait for it rather than read it once.
  await expect
    .poll(() => tag.locator('option').allTextContents())
    .toEqual(['Any tag', 'Crash', 'Graphics', 'Graphics › Shaders']);
  await tag.selectOption({ label: 'Graphics › Shaders' });
  await expect.poll(() => rows.allTextContents()).toEqual(['Water shader flickers']);
  await tag.selectOption({ label: 'Crash' });
  await expect
    .poll(async () => (await rows.allTextContents()).sort())
    .toEqual(['Crash when opening the map', 'Map screen crash']);
  await page.close();
});
