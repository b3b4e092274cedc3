// Triage in the QA inbox, in Debian's Chromium against a real reference server: every status the API lets a
// caller set (built-in and the project's own) chosen on the report page, a bulk update of 20 issues, keyboard
// triage of 5 reports without the mouse, and the CSV and JSON exports against the list operation. One browser
// and one signed-in page, shared by the tests in order.
import { readFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureInboxBuilt } from '../helpers/inbox-build.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../helpers/inbox-report.ts';
import { axeViolations, signIn } from '../helpers/inbox-page.ts';
import { PATS, PROJECT_ID, TOKENS, seedDocument } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const STATUSES = [
  { key: 'needs_triage', name: 'Needs triage' },
  { key: 'fixed_in_next', name: 'Fixed in next build' },
];
const ISSUES = Array.from({ length: 26 }, (_, i) => ({
  title: `Playtest bug ${String(i + 1).padStart(2, '0')}`,
  description: `Found during the Friday playtest, session ${i + 1}.`,
  created_at: new Date(Date.UTC(2025, 5, 1, 9, i)).toISOString(),
}));

let server: TestServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
const auth = `Bearer ${PATS.owner}`;

const listIssues = async (query: string) =>
  (await server.request('GET', `/projects/${PROJECT_ID}/issues.json?per_page=100&raw=any&${query}`, { auth })).body
    .issues as Array<{ id: number; scoped_id: number; title: string; status: string; priority: string }>;
const showIssue = async (scopedId: number) =>
  (await server.request('GET', `/projects/${PROJECT_ID}/issues/${scopedId}.json`, { auth })).body;
const row = (title: string) => page.locator('.report-row', { hasText: title });

beforeAll(async () => {
  ensureInboxBuilt();
  server = await startTestServer({ seed: seedDocument({ project: { statuses: STATUSES, issues: ISSUES } }) });
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.setDefaultTimeout(8000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('QA inbox triage', () => {
  it('opens the only project without a picker and lists every status per kind', async () => {
    await page.goto(`${server.url}/inbox/`);
    expect(await axeViolations(page)).toEqual([]);
    await signIn(page, PATS.owner);
    expect(await page.getByLabel('Project', { exact: true }).count()).toBe(0);
    expect(await page.locator('.project-name').textContent()).toBe('Star Courier');
    await row('Playtest bug 26').waitFor();

    const groups = await page
      .locator('#filter-status optgroup')
      .evaluateAll((els) =>
        els.map((g) => [g.getAttribute('label'), Array.from(g.querySelectorAll('option'), (o) => o.value)]),
      );
    expect(groups.map((g) => g[0])).toEqual(['Issues', 'Feature requests', 'Tickets']);
    expect(groups[0][1]).toContain('issue:needs_more_info');
    expect(groups[0][1]).toContain('issue:fixed_in_next');
    expect(groups[2][1]).toEqual(['new', 'open', 'pending', 'solved', 'closed'].map((s) => `ticket:${s}`));
    await page.getByLabel('Type', { exact: true }).selectOption('ticket');
    expect(await page.locator('#filter-status optgroup').count()).toBe(1);
    await page.getByLabel('Type', { exact: true }).selectOption('all');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('sets each built-in and custom status from the report page, as the API then shows', async () => {
    await row('Playtest bug 26').getByRole('link').click();
    await page.getByRole('heading', { level: 2, name: 'Playtest bug 26' }).waitFor();
    const form = page.getByRole('form', { name: 'Status and priority' });
    const disabled = await form
      .getByLabel('Status')
      .locator('option[disabled]')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    // What the update operation refuses is shown, not offered.
    expect(disabled).toEqual(['hidden', 'duplicate', 'pending_moderation', 'wont_fix', 'needs_more_info']);
    const priorities = (sel: string) =>
      page.locator(`${sel} option`).evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    expect(await priorities('#issue-priority')).toEqual(await priorities('#filter-priority'));

    for (const status of ['in_progress', 'resolved', 'closed', 'open', 'needs_triage', 'fixed_in_next']) {
      await form.getByLabel('Status').selectOption(status);
      await form.getByRole('button', { name: 'Save changes' }).click();
      await expect.poll(async () => (await showIssue(26)).status).toBe(status);
      await expect.poll(() => form.getByLabel('Status').inputValue()).toBe(status);
    }
    expect((await showIssue(26)).status_display).toBe('Fixed in next build');
    await page.getByRole('button', { name: 'Copy link' }).click();
    // Headless Chromium may refuse the clipboard: then the link is shown to copy by hand.
    await expect
      .poll(() => page.locator('.toast').textContent())
      .toMatch(new RegExp(`^(Link copied|Copy this link): ${server.url}/inbox/#/p/${PROJECT_ID}/issue/g-\\d+$`));
    await expect.poll(() => row('Playtest bug 26').textContent()).toContain('Fixed in next build');

    const members = (await server.request('GET', `/projects/${PROJECT_ID}.json`, { auth })).body.members;
    const dev = members.find((m: { name: string }) => m.name === 'Dev Eloper');
    await form.getByLabel('Assigned to').selectOption(String(dev.id));
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(async () => (await showIssue(26)).assigned_to).toEqual({ id: dev.id, name: 'Dev Eloper' });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('updates 20 selected issues in one bulk change', async () => {
    await page.keyboard.press('Escape');
    await page.getByText('Choose a report from the list', { exact: false }).waitFor();
    for (let i = 1; i <= 20; i++) await page.getByLabel(`Select Issue #${i}`, { exact: true }).check();
    const bulk = page.getByRole('region', { name: /^20 selected/ });
    await bulk.getByLabel('Set status').selectOption('resolved');
    await bulk.getByLabel('Set priority').selectOption('high');
    await bulk.getByRole('button', { name: 'Apply to 20 issues' }).click();
    await bulk.getByText('Updated 20 of 20 issues.').waitFor();
    const resolved = await listIssues('status=resolved');
    expect(resolved.map((i) => i.scoped_id).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(resolved.map((i) => i.priority))).toEqual(new Set(['high']));
    expect(await axeViolations(page)).toEqual([]);
    await bulk.getByRole('button', { name: 'Clear selection' }).click();
  });

  it('triages 5 reports with the keyboard alone', async () => {
    await page.evaluate('document.activeElement.blur()');
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await sheet.waitFor();
    expect(await sheet.locator('dt').allTextContents()).toContain('j or ↓');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });

    // j puts the cursor on the first row (newest: #26), Enter opens it, then n walks on.
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Playtest bug 25' }).waitFor();
    for (const n of [25, 24, 23, 22]) {
      await page.getByRole('heading', { level: 2, name: `Playtest bug ${n}` }).waitFor();
      await page.keyboard.press('2');
      await page
        .getByRole('status')
        .filter({ hasText: `Issue #${n}: status In progress.` })
        .waitFor();
      await page.keyboard.press('n');
    }
    await page.getByRole('heading', { level: 2, name: 'Playtest bug 21' }).waitFor();
    await page.keyboard.press('e');
    await page.getByRole('status').filter({ hasText: 'Issue #21: archived.' }).waitFor();

    expect((await Promise.all([25, 24, 23, 22].map(showIssue))).map((i) => i.status)).toEqual(
      Array(4).fill('in_progress'),
    );
    expect((await listIssues('archived=true')).map((i) => i.scoped_id)).toEqual([21]);
  });

  it('exports the current filter as CSV and JSON, as the list operation answers it', async () => {
    await page.locator('#filter-status').selectOption('issue:resolved');
    await expect.poll(() => page.locator('.report-row').count()).toBe(20);
    const [csvFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = readFileSync((await csvFile.path())!, 'utf8').split('\r\n');
    const header = csv[0].split(',');
    expect(header).toEqual([
      'kind',
      'path_id',
      'scoped_id',
      'title',
      'status',
      'priority',
      'score',
      'created_at',
      'updated_at',
    ]);
    const rows = csv.slice(1).map((line) => Object.fromEntries(line.split(',').map((v, i) => [header[i], v])));
    const api = await listIssues('status=resolved');
    expect(rows.map((r) => [r.path_id, r.title, r.status, r.priority])).toEqual(
      api.map((i) => [`g-${i.id}`, i.title, 'resolved', i.priority]),
    );

    const [jsonFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export JSON' }).click(),
    ]);
    const json = JSON.parse(readFileSync((await jsonFile.path())!, 'utf8')) as Array<{ scoped_id: number }>;
    expect(json.map((r) => r.scoped_id)).toEqual(api.map((i) => i.scoped_id));
  });

  it('shows a live arrival in a filtered view only once it matches the filter', async () => {
    // The view still shows resolved issues only.
    const asked = page.waitForResponse((r) => r.url().includes('/issues.json?') && r.url().includes('status=resolved'));
    const created = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
      auth: `FormUser ${TOKENS.all}`,
      json: { issue: { title: 'Live arrival during triage', description: 'The minimap icons vanish at night.' } },
    });
    expect(created.body.status).toBe('open');
    await asked;
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)))');
    expect(await row('Live arrival during triage').count()).toBe(0);
    expect(await page.locator('[aria-live="polite"]').first().textContent()).not.toContain('Live arrival');

    await server.request('PATCH', `/projects/${PROJECT_ID}/issues/g-${created.body.id}.json`, {
      auth,
      json: { issue: { status: 'resolved' } },
    });
    await row('Live arrival during triage').waitFor();
    expect(await page.locator('.report-row').count()).toBe(21);

    // Sorts: the newest change first, then by priority (the 20 high ones above the new medium one).
    await page.getByLabel('Sort').selectOption('updated');
    await expect
      .poll(() => page.locator('.report-row .row-title').first().textContent())
      .toBe('Live arrival during triage');
    await page.getByLabel('Sort').selectOption('priority');
    await expect
      .poll(() => page.locator('.report-row .row-title').last().textContent())
      .toBe('Live arrival during triage');

    // A reload in the same tab paints with the kept token while it is checked again.
    await page.reload();
    await row('Playtest bug 26').waitFor();
    expect(await page.getByLabel('Personal access token').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
