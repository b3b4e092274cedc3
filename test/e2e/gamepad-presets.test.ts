// A gamepad-only player sends a report to a project with a minimum description length: opened by the pad's chord,
// a preset sentence picked with the D-pad and A, sent with Start and A; the issue read back carries the sentence.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import type { FixtureDocument } from '../../widget/src/protocol/fixtures.ts';
import { outcome } from '../helpers/outcome.ts';
import type { TestServer } from '../helpers/server.ts';
import { inOverlay, openGame, overlay, overlayEval, ROOT, useDemoGame } from './harness.ts';
import { installVirtualPad, setButtons } from './virtual-pad.ts';

const DEMO_HTML = readFileSync(`${ROOT}/demo/index.html`, 'utf8');
const PROJECT = 'pr-4545';
const PAT = 'Bearer pat-pad-dev';
/** Longer than any one preset sentence: the composed description must reach it honestly. */
const MIN = 90;

let server: TestServer;
let browser: Browser;
useDemoGame((started, launched) => {
  server = started;
  browser = launched;
});

beforeAll(async () => {
  const doc: FixtureDocument = {
    users: [{ key: 'pad-dev', name: 'Pad Developer', pat: 'pat-pad-dev' }],
    organizations: [{ key: 'pad-studio', name: 'Pad Studio', admins: [] }],
    projects: [
      {
        key: 'pad',
        id: PROJECT,
        name: 'Star Courier (gamepad)',
        organization: 'pad-studio',
        access: 'private',
        modules: ['bugs'],
        platforms: ['Web'],
        min_description_length: MIN,
        min_suggestion_length: 0,
        members: [{ user: 'pad-dev', role: 'developer' }],
        tokens: [{ token: 'tkn-pad', daily_limit: 1000, can_create_bug_report: true, can_read_release_list: true }],
        releases: [{ label: '1.0.0', status: 'published' }], // the demo page's data-release
      },
    ],
  };
  await server.fixtures(doc);
});

/** The demo game for the gamepad project, with a virtual pad and the tag's extra attributes. */
async function padGame(extra = ''): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await installVirtualPad(page);
  const html = DEMO_HTML.replace('data-project="pr-4242"', `data-project="${PROJECT}"`).replace(
    'data-token="tkn-demo"',
    `data-token="tkn-pad" ${extra}`,
  );
  await page.route('**/demo/index.html*', (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await openGame(page, server);
  return page;
}

const focused = (page: Page) => overlayEval(page, (root) => (root.activeElement as HTMLElement | null)?.id ?? '');

/** A press the widget has read, its effect seen, then the release read (setButtons waits for the reads). */
async function tap(page: Page, button: number, effect: () => Promise<unknown>, expected: unknown): Promise<void> {
  await setButtons(page, [button], true);
  await expect.poll(effect, { timeout: 5_000 }).toBe(expected);
  await setButtons(page, [button], false);
}

async function issues(): Promise<any[]> {
  const res = await server.request('GET', `/projects/${PROJECT}/issues.json?per_page=100`, { auth: PAT });
  return res.body.issues;
}

test('a player with only a gamepad opens the form, picks a preset and sends it past the minimum length', async () => {
  const page = await padGame();
  try {
    await page.evaluate(() => dispatchEvent(new Event('gamepadconnected')));
    await setButtons(page, [8, 9], true);
    await overlay(page).waitFor();
    await setButtons(page, [8, 9], false);
    expect(await focused(page)).toBe('gb-desc');
    // The project's minimum is read when the form opens: the counter shows it.
    await expect.poll(() => inOverlay(page).locator('#gb-counter').textContent()).toContain(`/ ${MIN}`);
    // D-pad down from the description reaches the first preset; A picks it.
    await tap(page, 13, () => focused(page), 'gb-preset-0');
    const first = inOverlay(page).locator('#gb-preset-0');
    await tap(page, 0, () => first.isChecked(), true);
    const sentence = (await inOverlay(page).locator('label[for="gb-preset-0"]').textContent())?.trim();
    expect(sentence).toBe('The game froze');
    // Start moves to Send, A sends.
    await tap(page, 9, () => focused(page), 'gb-send');
    await setButtons(page, [0], true);
    // Sent, or still being sent in the background on a loaded machine: either way it must arrive.
    await expect.poll(async () => /^(sent|queued)$/.test(String(await outcome(page))), { timeout: 30_000 }).toBe(true);
    const froze = async () => (await issues()).filter((i) => String(i.description).startsWith('The game froze'));
    await expect.poll(async () => (await froze()).length, { timeout: 60_000 }).toBe(1);
    const [issue] = await froze();
    expect(issue, 'the created issue').toBeDefined();
    expect(issue.description.length).toBeGreaterThanOrEqual(MIN);
    // Honest: what was picked, that nothing was typed, then real context (the page's release label).
    expect(issue.description).toMatch(
      /^The game froze\n\n\(Picked from the list in the report form; nothing was typed\.\)\nRelease: 1\.0\.0/,
    );
  } finally {
    await page.context().close();
  }
}, 120_000);

test('the game’s own presets replace the built-in ones, and data-description-presets="off" hides them', async () => {
  const own = await padGame('data-description-presets="Boss fight glitch|Lost my save"');
  try {
    await own.keyboard.press('F8');
    await overlay(own).waitFor();
    const labels = inOverlay(own).locator('label[for^="gb-preset-"]');
    await expect.poll(() => labels.allTextContents()).toEqual(['Boss fight glitch', 'Lost my save']);
  } finally {
    await own.context().close();
  }
  const off = await padGame('data-description-presets="off"');
  try {
    await off.keyboard.press('F8');
    await overlay(off).waitFor();
    await inOverlay(off).locator('#gb-steps').waitFor();
    expect(await inOverlay(off).locator('[id^="gb-preset-"]').count()).toBe(0);
  } finally {
    await off.context().close();
  }
}, 60_000);
