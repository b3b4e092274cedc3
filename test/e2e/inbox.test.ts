// The QA inbox in Debian's Chromium against a real reference server: sign-in, the live list,
// the report view with every kind of media, an update made in the page, notifications, and an
// axe scan. One browser and one signed-in page, shared by the tests in order.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureInboxBuilt } from '../helpers/inbox-build.ts';
import { CHROMIUM_ARGS, chromiumPath, paintMedia, submitReport } from '../helpers/inbox-report.ts';
import { PATS, PROJECT_ID, TOKENS } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const root = join(import.meta.dirname, '../..');
const TRACE = [
  { severity: 'info', description: '[+0.4s] Level "Nebula Docks" loaded' },
  { severity: 'warning', description: '[+41.2s] Physics step took 48 ms' },
  { severity: 'danger', description: '[+63.9s] Ship collider overlaps the dock hull' },
] as const;
const LOGS = [
  '12:00:01 INFO boot v1.4.2',
  '12:00:03 WARN texture atlas 91% full',
  '12:01:04 ERROR collider overlap: ship#7 dock#2',
  '12:01:05 INFO autosave',
].join('\n');

let server: TestServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
let report: Awaited<ReturnType<typeof submitReport>>;

beforeAll(async () => {
  ensureInboxBuilt();
  server = await startTestServer();
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(8000);
  // A Content-Security-Policy refusal or an uncaught error in the page fails the run.
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) pageErrors.push(`${response.status()} ${response.url()}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function axeViolations(target: Page): Promise<Array<{ id: string; nodes: unknown[] }>> {
  if (!(await target.evaluate('typeof window.axe'))?.toString().includes('object')) {
    await target.evaluate(readFileSync(join(root, 'node_modules/axe-core/axe.min.js'), 'utf8'));
  }
  const result = (await target.evaluate(
    `axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] })`,
  )) as { passes: unknown[]; violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> };
  expect(result.passes.length).toBeGreaterThan(10);
  return result.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target) }));
}

describe('QA inbox', () => {
  it('serves the page at /inbox with its own scripts only', async () => {
    const response = await fetch(`${server.url}/inbox/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toMatch(/<script type="module"[^>]+src="\/inbox\/assets\/[^"]+\.js"/);
    expect(html).not.toMatch(/(src|href)="https?:/);
  });

  it('shows a clear message for a wrong token and for a project token', async () => {
    await page.goto(`${server.url}/inbox/`);
    await page.getByLabel('Personal access token').fill('pat-not-a-real-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe(
        'This token was not accepted (Invalid personal access token). Check it and sign in again. The inbox ' +
          'signs in with a personal access token (pat-…) of a project team member.',
      );
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Personal access token').fill(TOKENS.all);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toMatch(
        /^This is a project token \(tkn-…\), made for game clients\. The inbox signs in with a personal access token/,
      );
    expect(await page.evaluate('sessionStorage.length')).toBe(0);
  });

  it('shows a report submitted through the API in the open inbox without a reload', async () => {
    await page.getByLabel('Personal access token').fill(PATS.developer);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The developer belongs to one project: the inbox opens it without a picker.
    await page.getByText('Live', { exact: true }).waitFor();
    await page.evaluate('window.__sameDocument = true');

    const media = await paintMedia(page);
    report = await submitReport({
      baseUrl: server.url,
      projectId: PROJECT_ID,
      token: TOKENS.all,
      reporterEmail: 'pilot@players.test',
      media,
      title: 'Ship clips into the dock after wave 3',
      description: 'Docking at the nebula station the ship slides <b>into</b> the hull.',
      steps: ['Reach wave 3', 'Dock at the nebula station'],
      logs: LOGS,
      trace: [...TRACE],
      device: 'Windows 11, Intel Core i7-12700H, NVIDIA RTX 3060, 16 GB RAM',
    });

    const row = page.locator('.report-row', { hasText: 'Ship clips into the dock after wave 3' });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toMatch(/Issue #1.*New.*Open/);
    expect(await page.evaluate('window.__sameDocument')).toBe(true);
  });

  it("shows the report's screenshot with its annotation layer, logs, debug trace and video", async () => {
    await page.locator('.report-row', { hasText: 'Ship clips into the dock after wave 3' }).getByRole('link').click();
    await page.getByRole('heading', { level: 2, name: 'Ship clips into the dock after wave 3' }).waitFor();
    // Report text is text: the markup in the description is shown, not interpreted.
    expect(await page.locator('.prose').first().textContent()).toContain('slides <b>into</b> the hull');
    expect(await page.locator('.prose b').count()).toBe(0);

    const listed = await server.request('GET', `/projects/${PROJECT_ID}/issues/${report.pathId}/screenshots.json`, {
      auth: `Bearer ${PATS.developer}`,
    });
    const shot = page.getByRole('img', { name: /^Screenshot 1/ });
    const layer = page.getByTestId('annotation-layer');
    expect(await shot.getAttribute('src')).toBe(listed.body[0].url);
    expect(await layer.getAttribute('src')).toBe(listed.body[0].layer_a_url);
    await expect.poll(() => layer.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(960);
    const [shotBox, layerBox] = [await shot.boundingBox(), await layer.boundingBox()];
    expect(layerBox).toEqual(shotBox);

    const logLines = page.getByRole('region', { name: /^Contents of / });
    await expect.poll(() => logLines.locator('tr').count()).toBe(4);
    expect(await logLines.locator('tr').nth(2).textContent()).toBe('312:01:04 ERROR collider overlap: ship#7 dock#2');
    await page.getByLabel('Filter lines').fill('error');
    await expect
      .poll(() => logLines.locator('tr').allTextContents())
      .toEqual(['312:01:04 ERROR collider overlap: ship#7 dock#2']);

    const steps = page.getByRole('list', { name: 'Debug trace timeline' }).getByRole('listitem');
    expect(await steps.allTextContents()).toEqual([
      '+0.4 sInfoLevel "Nebula Docks" loaded',
      '+41.2 sWarningPhysics step took 48 ms',
      '+63.9 sDangerShip collider overlaps the dock hull',
    ]);

    const video = page.getByTestId('video-clip');
    const clips = await server.request('GET', `/projects/${PROJECT_ID}/issues/${report.pathId}/video_clips.json`, {
      auth: `Bearer ${PATS.developer}`,
    });
    expect(await video.getAttribute('src')).toBe(clips.body[0].url);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('saves a status change made in the page, visible through the API', async () => {
    await page.getByRole('form', { name: 'Status and priority' }).getByLabel('Status').selectOption('in_progress');
    await page.getByRole('form', { name: 'Status and priority' }).getByLabel('Priority').selectOption('critical');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved: status in progress, priority critical.').waitFor();
    const shown = await server.request('GET', `/projects/${PROJECT_ID}/issues/${report.pathId}.json`, {
      auth: `Bearer ${PATS.owner}`,
    });
    expect([shown.body.status, shown.body.priority]).toEqual(['in_progress', 'critical']);
    await expect.poll(() => page.locator('.report-row.selected').textContent()).toMatch(/In progress.*Critical/);
  });

  it('lists the notification of an ask-for-details request made in the page', async () => {
    await page.getByLabel('What is missing').selectOption('logs');
    await page.getByLabel('Comment (optional)').fill('Please attach the full Player.log');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByText(/^Ask for details: /).waitFor();
    await page.getByRole('link', { name: 'Notifications' }).click();
    const item = page.locator('.mail').first();
    await item.waitFor();
    const recorded = await server.request('GET', '/__admin/notifications');
    expect(recorded.body.notifications.length).toBeGreaterThan(0);
    expect(await item.locator('.mail-subject').textContent()).toBe(recorded.body.notifications[0].subject);
    expect(await axeViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
