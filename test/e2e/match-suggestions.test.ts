// "Already reported?" in Chromium against the reference server: 50 seeded reports, a near-duplicate title typed,
// the right match first, "Same problem" on the created issue and in the QA inbox, "Never mind" with the `known`
// event, the panel under axe-core, and nothing at all where the token may not search, the option is off, offline.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import type { FixtureDocument } from '../../widget/src/protocol/fixtures.ts';
import type { TestServer } from '../helpers/server.ts';
import { RELEVANCE_ISSUES } from '../relevance/dataset-issues.ts';
import { ensureInboxBuilt } from '../helpers/inbox-build.ts';
import { signIn } from '../helpers/inbox-page.ts';
import { inOverlay, openGame, overlay, ROOT, useDemoGame } from './harness.ts';

const DEMO_HTML = readFileSync(`${ROOT}/demo/index.html`, 'utf8');
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PROJECT = 'pr-4343';
const PAT = 'Bearer pat-match-dev';
const TOKENS = { search: 'tkn-match', blind: 'tkn-match-blind' } as const;
const FLAGS = {
  daily_limit: 1000,
  can_create_bug_report: true,
  can_create_feature_request: true,
  can_create_ticket: true,
  can_read_release_list: true,
};

let server: TestServer;
let browser: Browser;
let ids: Record<string, { id: number; scoped_id: number }>;
/** The issue the first test sends as "Same problem", which the inbox test opens. */
let sameProblem: number | undefined;
// Each test gets 60 s (a browser, the game and typing key by key are slow on a loaded machine).
useDemoGame((started, launched) => {
  server = started;
  browser = launched;
});

/** 50 reports of the relevance set (the docking and flight ones share words on purpose); dock-04 is fixed. */
function matchDocument(): FixtureDocument {
  return {
    users: [{ key: 'match-dev', name: 'Match Developer', pat: 'pat-match-dev' }],
    organizations: [{ key: 'match-studio', name: 'Match Studio', admins: [] }],
    projects: [
      {
        key: 'match',
        id: PROJECT,
        name: 'Star Courier (matches)',
        organization: 'match-studio',
        access: 'private',
        modules: ['bugs', 'suggestions'],
        platforms: ['Web'],
        min_description_length: 0,
        min_suggestion_length: 0,
        members: [{ user: 'match-dev', role: 'developer' }],
        tokens: [
          { token: TOKENS.search, ...FLAGS, can_list_issues: true },
          { token: TOKENS.blind, ...FLAGS, can_list_issues: false },
        ],
        custom_fields: [{ ident: 'fixed_in', name: 'Fixed in', field_type: 'text', player_viewable: true }],
        releases: [{ label: '1.0.0', status: 'published' }], // the demo page's data-release
        issues: RELEVANCE_ISSUES.slice(0, 50).map(([key, title, description]) =>
          key === 'dock-04'
            ? { key, title, description, status: 'resolved', custom: { fixed_in: '1.2.1' } }
            : { key, title, description },
        ),
      },
    ],
  };
}

beforeAll(async () => {
  ids = (await server.fixtures(matchDocument())).issues;
});

interface Game {
  page: Page;
  searches: string[];
  problems: string[];
}

/** The demo game embedding the widget for this project with the given token and extra data attributes. */
async function game(token: string, extra = ''): Promise<Game> {
  const page = await (await browser.newContext()).newPage();
  const searches: string[] = [];
  const problems: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/search')) searches.push(r.url());
  });
  page.on('console', (m) => {
    // SwiftShader's performance notes on the game's own readPixels are not ours.
    if ((m.type() === 'error' || m.type() === 'warning') && !m.text().includes('GL Driver Message'))
      problems.push(m.text());
  });
  const html = DEMO_HTML.replace('data-project="pr-4242"', `data-project="${PROJECT}"`).replace(
    'data-token="tkn-demo"',
    `data-token="${token}" ${extra}`,
  );
  await page.route('**/demo/index.html*', (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await openGame(page, server);
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  // The project info (and with it the token's flags) is read when the form opens.
  await inOverlay(page).locator('#gb-kind-suggestion').waitFor();
  return { page, searches, problems };
}

const matchTitles = (page: Page) => inOverlay(page).locator('.gb-match-title').allTextContents();

async function issuesMarked(marker: string): Promise<any[]> {
  const res = await server.request('GET', `/projects/${PROJECT}/issues.json?per_page=100`, { auth: PAT });
  return (res.body.issues as any[]).filter((i) => String(i.description).includes(marker));
}

test('shows the near-duplicate first, and "Same problem" sends the report carrying its reference', async () => {
  const { page, searches, problems } = await game(TOKENS.search);
  await inOverlay(page)
    .locator('#gb-title')
    .pressSequentially('docking clamps stay locked after refuel', { delay: 40 });
  await expect.poll(() => matchTitles(page)).toContain('Docking clamps never release after refuelling');
  const titles = await matchTitles(page);
  expect(titles[0]).toBe('Docking clamps never release after refuelling');
  expect(titles.length).toBeLessThanOrEqual(3);
  // Debounced: a request per pause, not per key (39 characters typed 40 ms apart).
  expect(searches.length).toBeGreaterThanOrEqual(1);
  expect(searches.length).toBeLessThan(5);
  expect(searches[0]).toContain(`/projects/${PROJECT}/issues/search.json?`);

  await inOverlay(page).locator('.gb-match-same').first().click();
  expect(await inOverlay(page).locator('#gb-match-chosen').textContent()).toContain('Docking clamps never release');
  await inOverlay(page).locator('#gb-desc').fill('match-same: the clamps held my ship at Kessler after refuelling.');
  await inOverlay(page).locator('#gb-send').click();
  await overlay(page).getByText('Sent. Thank you!').waitFor({ timeout: 20_000 });

  const [created] = await issuesMarked('match-same:');
  const reference = created.custom_fields.find((f: { ident: string }) => f.ident === 'glitchbox_same_as');
  expect(reference?.value).toBe(`g-${ids['dock-01'].id}`);
  expect(problems).toEqual([]);
  sameProblem = created.id;
}, 60_000);

test('shows that reference in the QA inbox, beside the similar issues', async () => {
  ensureInboxBuilt();
  expect(sameProblem).toBeDefined();
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.url}/inbox/`);
  await signIn(page, 'pat-match-dev');
  await page.goto(`${server.url}/inbox/#/p/${PROJECT}/issue/g-${sameProblem}`);
  const section = page.locator('section[aria-labelledby="same-as-heading"]');
  await expect
    .poll(() => section.locator('a').textContent())
    .toBe(`#${ids['dock-01'].scoped_id} Docking clamps never release after refuelling`);
  expect(await section.locator('a').getAttribute('href')).toBe(`#/p/${PROJECT}/issue/g-${ids['dock-01'].id}`);
}, 60_000);

test('says where a fix is known, and "Never mind" closes without sending and tells the game', async () => {
  const { page, problems } = await game(TOKENS.search);
  await page.evaluate(() => {
    (window as any).__known = [];
    (window as any).Glitchbox.on('known', (e: unknown) => (window as any).__known.push(e));
  });
  const before = (await issuesMarked('')).length;
  await inOverlay(page).locator('#gb-title').pressSequentially('hangar doors shut on my ship', { delay: 30 });
  const first = inOverlay(page).locator('.gb-match').first();
  await expect
    .poll(() => first.locator('.gb-match-title').textContent())
    .toBe('Hangar doors close on the ship while docking');
  expect(await first.textContent()).toContain('Resolved in 1.2.1: update the game');
  await page.addScriptTag({ path: AXE }); // the panel as a screen reader meets it
  const violations = await page.evaluate(async () => {
    const r = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations).toEqual([]);

  await first.locator('.gb-match-same').click();
  await inOverlay(page).locator('#gb-match-known').click();
  await overlay(page).waitFor({ state: 'detached' });
  expect(await page.evaluate(() => (window as any).__known)).toEqual([
    {
      kind: 'bug',
      id: `g-${ids['dock-04'].id}`,
      title: 'Hangar doors close on the ship while docking',
      status: 'Resolved',
    },
  ]);
  expect((await issuesMarked('')).length).toBe(before);
  expect(problems).toEqual([]);
}, 60_000);

test('"Not it" dismisses the matches for this report and stops searching', async () => {
  const { page, searches } = await game(TOKENS.search);
  await inOverlay(page).locator('#gb-title').pressSequentially('ship bounces off the pad', { delay: 30 });
  await inOverlay(page).locator('.gb-match').first().waitFor();
  await inOverlay(page).locator('#gb-match-not-it').click();
  expect(await inOverlay(page).locator('.gb-matches').count()).toBe(0);
  const asked = searches.length;
  await inOverlay(page)
    .locator('#gb-desc')
    .pressSequentially('the autopilot comes in too fast on pad four', { delay: 20 });
  await page.waitForTimeout(1200);
  expect(searches.length).toBe(asked);
  expect(await inOverlay(page).locator('.gb-matches').count()).toBe(0);
}, 60_000);

test('shows and asks nothing for a token without can_list_issues, and logs nothing', async () => {
  const { page, searches, problems } = await game(TOKENS.blind);
  await inOverlay(page)
    .locator('#gb-title')
    .pressSequentially('docking clamps stay locked after refuel', { delay: 20 });
  await inOverlay(page).locator('#gb-desc').fill('The clamps never let go of my ship after refuelling at Kessler.');
  await page.waitForTimeout(1500);
  expect(searches).toEqual([]);
  expect(await inOverlay(page).locator('.gb-matches').count()).toBe(0);
  expect(problems).toEqual([]);
}, 60_000);

test('never asks with a token the server says may not search, even with data-suggest-matches="true"', async () => {
  const { page, searches, problems } = await game(TOKENS.blind, 'data-suggest-matches="true"');
  await inOverlay(page)
    .locator('#gb-title')
    .pressSequentially('docking clamps stay locked after refuel', { delay: 10 });
  await page.waitForTimeout(1200);
  expect(searches).toEqual([]);
  expect(problems).toEqual([]);
}, 60_000);

test('searches nothing with data-suggest-matches="false"', async () => {
  const off = await game(TOKENS.search, 'data-suggest-matches="false"');
  await inOverlay(off.page)
    .locator('#gb-title')
    .pressSequentially('docking clamps stay locked after refuel', { delay: 10 });
  await off.page.waitForTimeout(1200);
  expect(off.searches).toEqual([]);
  expect(await inOverlay(off.page).locator('.gb-matches').count()).toBe(0);
}, 60_000);

test('skips the search offline, without a word', async () => {
  const offline = await game(TOKENS.search);
  await offline.page.context().setOffline(true);
  await inOverlay(offline.page)
    .locator('#gb-title')
    .pressSequentially('docking clamps stay locked after refuel', { delay: 10 });
  await offline.page.waitForTimeout(1200);
  expect(offline.searches).toEqual([]);
  expect(await inOverlay(offline.page).locator('.gb-matches').count()).toBe(0);
  expect(offline.problems).toEqual([]);
}, 60_000);

test('in suggestion mode searches the public feature requests and shows their votes', async () => {
  for (const title of ['Add a photo mode', 'Let me rebind the docking key', 'Photo mode with free camera']) {
    const made = await server.request('POST', `/projects/${PROJECT}/feature_requests.json`, {
      auth: PAT,
      json: { feature_request: { title, description: `${title}, please: it would help a lot.` } },
    });
    expect(made.status).toBe(201);
  }
  // The blind token may not list issues, but feature-request search is public.
  const { page, searches, problems } = await game(TOKENS.blind);
  await inOverlay(page).locator('#gb-kind-suggestion').check();
  await inOverlay(page).locator('#gb-desc').pressSequentially('a photo mode for screenshots', { delay: 20 });
  await expect.poll(() => matchTitles(page)).toContain('Add a photo mode');
  expect(searches.every((url) => url.includes('/feature_requests/search.json?'))).toBe(true);
  expect(await inOverlay(page).locator('.gb-match').first().textContent()).toMatch(/\d+ votes/);
  expect(problems).toEqual([]);
}, 60_000);
