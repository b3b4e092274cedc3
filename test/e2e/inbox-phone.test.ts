// The QA inbox on a 390x844 phone, in Debian's Chromium with touch: no element reaches past the viewport's
// edges (measured on the list and on an open report), a tapped report is shown in view in place of the list, and
// the way back returns to the list where it was left.
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureInboxBuilt } from '../helpers/inbox-build.ts';
import { axeViolations, OVERFLOWING, signIn } from '../helpers/inbox-page.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../helpers/inbox-report.ts';
import { PATS, PROJECT_ID, TOKENS, seedDocument } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const WIDTH = 390;
const HEIGHT = 844;
const ISSUES = Array.from({ length: 30 }, (_, i) => ({
  title: `Phone playtest report ${i + 1} with a title long enough to wrap on a narrow screen`,
  description: 'The joystick drifts to the left after the second checkpoint.',
  priority: i % 3 ? 'medium' : 'blocker',
  created_at: new Date(Date.UTC(2025, 5, 2, 8, i)).toISOString(),
}));

let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ensureInboxBuilt();
  server = await startTestServer({ seed: seedDocument({ project: { issues: ISSUES } }) });
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT }, hasTouch: true, isMobile: true });
  page.setDefaultTimeout(8000);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('QA inbox on a 390x844 phone', () => {
  it('fits the sign-in page and the list in the width, nothing clipped', async () => {
    await page.goto(`${server.url}/inbox/`);
    expect(await page.evaluate(OVERFLOWING)).toEqual({ out: [], scrollWidth: WIDTH, width: WIDTH });
    await signIn(page, PATS.developer);
    await page.locator('.report-row').nth(29).waitFor();
    expect(await page.evaluate(OVERFLOWING)).toEqual({ out: [], scrollWidth: WIDTH, width: WIDTH });
    const search = await page.getByRole('button', { name: 'Search' }).boundingBox();
    expect(search!.x + search!.width).toBeLessThanOrEqual(WIDTH);
    // Selecting shows the bulk bar, which must fit too.
    await page.getByLabel('Select Issue #30', { exact: true }).tap();
    await page.getByRole('region', { name: '1 selected' }).waitFor();
    expect(await page.evaluate(OVERFLOWING)).toEqual({ out: [], scrollWidth: WIDTH, width: WIDTH });
    await page.getByRole('button', { name: 'Clear selection' }).tap();
  });

  it('shows a tapped report in view in place of the list, and goes back to where the list was', async () => {
    const device = 'OS: Android 14\nBrowser: Chrome 131.0.6778.39\nViewport: 390x844\nPage: https://game.example/';
    const filed = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
      auth: `FormUser ${TOKENS.all}`,
      json: {
        issue: {
          title: 'Phone report with a device',
          description: 'The pause menu covers the whole screen on my phone.',
          extras: { device_info: { value: device, validation_mode: 'optional' } },
        },
      },
    });
    expect(filed.status).toBe(201);
    // Its live arrival adds a row above the others: wait for it, or the list can grow after its place is taken.
    await page.locator('.report-row', { hasText: 'Phone report with a device' }).waitFor();
    const target = page.locator('.report-row', { hasText: 'Phone playtest report 12 with' });
    await target.scrollIntoViewIfNeeded();
    const listY = await page.evaluate('scrollY');
    expect(listY).toBeGreaterThan(0);
    await target.getByRole('link').tap();

    const heading = page.getByRole('heading', { level: 2, name: /^Phone playtest report 12 with/ });
    await heading.waitFor();
    const box = (await heading.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(HEIGHT);
    expect(await page.locator('.report-list').isVisible()).toBe(false);
    expect(await page.evaluate(OVERFLOWING)).toEqual({ out: [], scrollWidth: WIDTH, width: WIDTH });
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: '← Back to the list' }).tap();
    await target.waitFor();
    await expect.poll(() => page.evaluate('scrollY')).toBe(listY);
    const row = (await target.boundingBox())!;
    expect(row.y).toBeGreaterThanOrEqual(0);
    expect(row.y + row.height).toBeLessThanOrEqual(HEIGHT);

    await page.locator('.report-row', { hasText: 'Phone report with a device' }).getByRole('link').tap();
    await page.getByRole('heading', { level: 2, name: 'Phone report with a device' }).waitFor();
    const facts = page.getByRole('region', { name: 'Triage facts' });
    expect(await facts.locator('.fact').allTextContents()).toEqual([
      'Release1.1.0',
      'BrowserChrome 131.0.6778.39',
      'OSAndroid 14',
      'GPUnot sent',
      'Viewport390x844',
      'Pagehttps://game.example/',
      'Sent byAPI (no source given)',
    ]);
    expect(await page.evaluate(OVERFLOWING)).toEqual({ out: [], scrollWidth: WIDTH, width: WIDTH });
  });
});
